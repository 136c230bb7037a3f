"""A real TRL GRPOTrainer small enough for the test suite: a Llama built from a config (hidden 32, 2 layers,
random weights: nothing downloaded), a word-level tokenizer trained from scratch with `tokenizers` and a chat
template, a toy conversational dataset and two reward functions. Needs torch, transformers, trl, datasets
(clients/python/tests/requirements-trl.txt); imported by test_trl_real.py and programs/bench/trl-callback-bench.py only."""
from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from typing import Any, Callable, List, Optional, Sequence  # noqa: E402

WORDS = ("one two three four five six seven eight nine ten red green blue cat dog sun moon star tree rock "
         "add the and is what count say yes no answer please").split()
PROMPTS = ["count to three", "say a colour", "what is the sun", "name an animal", "add one and two", "say yes or no",
           "what is a tree", "count to ten"]
CHAT_TEMPLATE = ("{% for message in messages %}<|{{ message['role'] }}|> {{ message['content'] }} <|end|> {% endfor %}"
                 "{% if add_generation_prompt %}<|assistant|> {% endif %}")
NUM_GENERATIONS = 4
REWARD_WEIGHTS = [1.0, 0.5]


def tokenizer():
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    special = ["<pad>", "<unk>", "<s>", "<|end|>", "<|user|>", "<|assistant|>", "<|system|>"]
    raw = Tokenizer(models.WordLevel(unk_token="<unk>"))
    raw.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    raw.train_from_iterator([" ".join(WORDS)] + PROMPTS, trainers.WordLevelTrainer(special_tokens=special))
    tok = PreTrainedTokenizerFast(tokenizer_object=raw, pad_token="<pad>", unk_token="<unk>", bos_token="<s>", eos_token="<|end|>")
    tok.chat_template = CHAT_TEMPLATE
    return tok


def model(vocab_size: int, seed: int = 0):
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=vocab_size, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                         num_key_value_heads=2, max_position_embeddings=128, pad_token_id=0, bos_token_id=2, eos_token_id=3)
    return LlamaForCausalLM(config)


def dataset():
    from datasets import Dataset

    return Dataset.from_list([{"prompt": [{"role": "user", "content": p}]} for p in PROMPTS])


def _text(completion: Any) -> str:
    return completion[-1]["content"] if isinstance(completion, list) else str(completion)


def reward_length(completions: Sequence[Any], **kwargs: Any) -> List[float]:
    """Shorter is better: 1 for an empty answer, down to 0 at 8 words."""
    return [max(0.0, 1.0 - len(_text(c).split()) / 8) for c in completions]


def reward_colour(completions: Sequence[Any], **kwargs: Any) -> List[float]:
    """1 when the answer names a colour."""
    return [1.0 if any(w in ("red", "green", "blue") for w in _text(c).split()) else 0.0 for c in completions]


def trainer(output_dir: str, callbacks: Optional[list] = None, *, max_steps: int = 4, reward_funcs: Optional[List[Callable]] = None,
            seed: int = 0, eval_dataset: Any = None, **config: Any):
    from trl import GRPOConfig, GRPOTrainer

    tok = tokenizer()
    options = dict(output_dir=output_dir, max_steps=max_steps, per_device_train_batch_size=8, num_generations=NUM_GENERATIONS,
                   max_completion_length=8, learning_rate=1e-3, logging_steps=1, report_to="none", save_strategy="no",
                   use_cpu=True, bf16=False, seed=seed, reward_weights=REWARD_WEIGHTS, dataloader_num_workers=0,
                   disable_tqdm=True)
    args = GRPOConfig(**{**options, **config})
    return GRPOTrainer(model=model(len(tok.get_vocab()), seed), processing_class=tok, reward_funcs=reward_funcs or [reward_length, reward_colour],
                       args=args, train_dataset=dataset(), eval_dataset=eval_dataset, callbacks=callbacks)
