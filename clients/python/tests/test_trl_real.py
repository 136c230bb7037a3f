"""TRL for real: a GRPOTrainer (TRL + transformers + torch on CPU, tests/trl_tiny.py: a random tiny Llama, a tokenizer
trained here, two reward functions, num_generations=4, 4 steps) with HarnessLabCallback added the way the README
tells users, against the live test server, and against a server that is away or answers 500 / 400 / 409.
Runs with the cached TRL venv's Python (scripts/test-python.sh); skipped where trl is not installed."""
from __future__ import annotations

import glob
import http.server
import json
import threading
import warnings

import pytest

pytest.importorskip("trl")
pytest.importorskip("torch")

import trl_tiny  # noqa: E402

import harness_lab.integrations._context as context  # noqa: E402
from harness_lab import Client, ids  # noqa: E402
from harness_lab.integrations._guard import HarnessLabIntegrationWarning  # noqa: E402
from harness_lab.integrations.trl import HarnessLabCallback  # noqa: E402
from server import free_port  # noqa: E402

STEPS = 4
ROWS_PER_STEP = 8  # per_device_train_batch_size: 2 prompts x num_generations 4


class Recording(Client):
    """The Client the callback makes from HARNESS_LAB_* (patched in), keeping what it was given to send."""
    made: list = []

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("close_timeout", 5)
        super().__init__(*args, **kwargs)
        self.sent: list = []
        Recording.made.append(self)

    def send(self, event):
        super().send(event)  # raises (and queues nothing) when a batch sent earlier was refused
        self.sent.append(event)


@pytest.fixture
def env(server, monkeypatch, tmp_path):
    monkeypatch.setenv("HARNESS_LAB_URL", server.url)
    monkeypatch.setenv("HARNESS_LAB_TOKEN", server.token)
    monkeypatch.setenv("HARNESS_LAB_SPILL_DIR", str(tmp_path / "spill"))
    monkeypatch.delenv("HARNESS_LAB_EXPERIMENT", raising=False)
    monkeypatch.delenv("HARNESS_LAB_RUN", raising=False)
    monkeypatch.setattr(context, "Client", Recording)
    Recording.made = []
    return server


def close(callback):
    if callback.run is not None:
        callback.run.client.close(timeout=5)


def sent(callback, kind):
    return [e for e in callback.run.client.sent if e["type"] == kind]


def test_a_real_grpo_run_sends_metrics_rollouts_and_groups(env, prefix, tmp_path):
    callback = HarnessLabCallback(experiment=prefix)
    trainer = trl_tiny.trainer(str(tmp_path / "out"), callbacks=[callback], max_steps=STEPS, log_completions=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error", HarnessLabIntegrationWarning)  # nothing to swallow on a healthy run
        trainer.train()
    close(callback)
    run_id = callback.run.id
    overview = env.get(f"experiments/{prefix}")
    assert [(r["id"], r["status"]) for r in overview["runs"]] == [(run_id, "finished")]

    # One metrics event per step (the Trainer's end-of-training summary joins the last step's), epoch kept real.
    metrics = sent(callback, "metrics")
    assert [e["step"] for e in metrics] == [1, 2, 3, 4]
    assert [e["values"]["train/epoch"] for e in metrics] == [0.25, 0.5, 0.75, 1.0]
    assert [e.get("epoch") for e in metrics] == [0, 0, 0, 1]
    assert "train_runtime" in metrics[-1]["values"] and "reward" in metrics[-1]["values"]
    series = {k: [(p["step"], p["value"]) for p in v] for k, v in env.get(f"runs/{run_id}/metrics")["series"].items()}
    assert [s for s, _ in series["train/reward_mean"]] == [1, 2, 3, 4] and series["train/reward_mean"] == series["reward"]
    assert series["train/epoch"] == [(1, 0.25), (2, 0.5), (3, 0.75), (4, 1.0)]

    # Rollouts: every row TRL wrote to completions/*.parquet, once, in groups of num_generations.
    import pandas

    rollouts = sent(callback, "rollout")
    assert len(rollouts) == STEPS * ROWS_PER_STEP == len({r["id"] for r in rollouts})
    rates = overview["trainingRates"]
    assert (rates["rollouts"], rates["groups"]) == (STEPS * ROWS_PER_STEP, STEPS * ROWS_PER_STEP // trl_tiny.NUM_GENERATIONS)
    files = sorted(glob.glob(str(tmp_path / "out" / "completions" / "*.parquet")))
    by_step = {}
    for path in files:
        frame = pandas.read_parquet(path)
        by_step.setdefault(int(frame["step"][0]), frame)  # the last step's file is written twice (the summary log)
    assert sorted(by_step) == [1, 2, 3, 4]
    w_length, w_colour = trl_tiny.REWARD_WEIGHTS
    for step, frame in by_step.items():
        for row, (_, expected) in enumerate(frame.iterrows()):
            group, sample = divmod(row, trl_tiny.NUM_GENERATIONS)
            stored = env.get(f"rollouts/{ids.prefixed_id('rollout', run_id, step, group, sample)}")
            assert [t["content"] for t in stored["turns"]] == [expected["prompt"], expected["completion"]]
            assert [t["role"] for t in stored["turns"]] == ["user", "assistant"]
            assert stored["reward"] == pytest.approx(w_length * expected["reward_length"] + w_colour * expected["reward_colour"])
            assert stored["sampleIndex"] == sample and stored["groupId"] == ids.prefixed_id("group", run_id, step, group)
            assert stored["metadata"]["rewards"] == pytest.approx({"reward_length": expected["reward_length"], "reward_colour": expected["reward_colour"]})
            assert stored["metadata"]["advantage"] == pytest.approx(expected["advantage"])


def test_a_rerun_in_the_same_output_dir_is_a_new_run(env, prefix, tmp_path):
    callbacks = []
    for seed in (0, 1):
        callback = HarnessLabCallback(experiment=prefix)
        with warnings.catch_warnings():
            warnings.simplefilter("error", HarnessLabIntegrationWarning)
            trl_tiny.trainer(str(tmp_path / "out"), callbacks=[callback], max_steps=2, seed=seed).train()
        close(callback)  # raises a refused batch's error (a 409 on changed points) if there was one
        callbacks.append(callback)
    first, second = (c.run.id for c in callbacks)
    assert first != second and first.startswith(f"{prefix}.out-")
    assert sorted((r["id"], r["status"]) for r in env.get(f"experiments/{prefix}")["runs"]) == sorted([(first, "finished"), (second, "finished")])


def test_a_run_name_given_is_kept(env, prefix, tmp_path, monkeypatch):
    monkeypatch.setenv("HARNESS_LAB_RUN", "seed-7")
    callback = HarnessLabCallback(experiment=prefix)
    trl_tiny.trainer(str(tmp_path / "out"), callbacks=[callback], max_steps=1).train()
    close(callback)
    assert callback.run.id == ids.run(prefix, "seed-7")


def test_every_generated_row_arrives_with_logging_steps_and_evaluation(env, prefix, tmp_path):
    """logging_steps=2: TRL's deques hold one generation batch, so step 1's rows are gone by the log at step 2;
    evaluation: each eval batch overwrites them. The callback takes every batch's rows as it is generated."""
    callback = HarnessLabCallback(experiment=prefix)
    trainer = trl_tiny.trainer(str(tmp_path / "out"), callbacks=[callback], max_steps=2, logging_steps=2, eval_strategy="steps",
                               eval_steps=2, per_device_eval_batch_size=8, eval_dataset=trl_tiny.dataset())
    trainer.train()
    close(callback)
    rollouts = sent(callback, "rollout")
    assert len({r["id"] for r in rollouts}) == len(rollouts)
    train = [r for r in rollouts if r["purpose"] == "train"]
    assert sorted({r["step"] for r in train}) == [1, 2] and len(train) == 2 * ROWS_PER_STEP
    evaluation = [r for r in rollouts if r["purpose"] == "eval"]  # every prompt, num_generations_eval (= 4) each
    assert len(evaluation) == len(trl_tiny.PROMPTS) * trl_tiny.NUM_GENERATIONS and {r["step"] for r in evaluation} == {2}
    assert len({r["group"] for r in evaluation}) == len(trl_tiny.PROMPTS)
    assert {r["turns"][0]["content"] for r in evaluation} == set(trl_tiny.PROMPTS)
    stored = env.get(f"experiments/{prefix}")["trainingRates"]
    assert stored["rollouts"] == 2 * ROWS_PER_STEP  # the training rates count training rollouts only


def test_a_reward_function_that_raises_marks_the_run_failed(env, prefix, tmp_path):
    calls = []

    def flaky(completions, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the reward server is gone")
        return [0.5] * len(completions)

    callback = HarnessLabCallback(experiment=prefix)
    trainer = trl_tiny.trainer(str(tmp_path / "out"), callbacks=[callback], max_steps=STEPS, reward_funcs=[flaky, trl_tiny.reward_colour])
    with pytest.raises(RuntimeError, match="the reward server is gone"):
        trainer.train()
    close(callback)
    (run,) = env.get(f"experiments/{prefix}")["runs"]
    assert (run["id"], run["status"]) == (callback.run.id, "failed")
    assert [e["step"] for e in sent(callback, "metrics")] == [1, 2]
    assert len(sent(callback, "rollout")) == 2 * ROWS_PER_STEP


class Answering(http.server.BaseHTTPRequestHandler):
    status = 500

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = json.dumps({"error": {"code": "refused", "message": f"test server answers {self.status}"}}).encode()
        self.send_response(self.status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("trouble", ["down", "500", "400", "409"])
def test_training_goes_on_when_the_server_is_down_or_refuses(trouble, monkeypatch, prefix, tmp_path):
    httpd = None
    if trouble == "down":
        url = f"http://127.0.0.1:{free_port()}"
    else:
        handler = type("Handler", (Answering,), {"status": int(trouble)})
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_address[1]}"
    monkeypatch.setenv("HARNESS_LAB_URL", url)
    monkeypatch.setenv("HARNESS_LAB_TOKEN", "hl_test")
    monkeypatch.setenv("HARNESS_LAB_SPILL_DIR", str(tmp_path / "spill"))
    monkeypatch.setattr(context, "Client", Recording)
    try:
        callback = HarnessLabCallback(experiment=prefix)
        trainer = trl_tiny.trainer(str(tmp_path / "out"), callbacks=[callback], max_steps=STEPS)
        # A refused batch surfaces on the client's next call; with a flush interval of 0.5 s, slow each step a
        # little so the refusal lands during training, where the callback has to keep it away from the trainer.
        import time

        original = trainer.training_step

        def slow_step(*args, **kwargs):
            time.sleep(0.3)
            return original(*args, **kwargs)

        monkeypatch.setattr(trainer, "training_step", slow_step)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            output = trainer.train()
        assert trainer.state.global_step == STEPS and output.global_step == STEPS
        # Every rollout handed to the client (a group re-queued after a refusal counts once): its answer is the client's business.
        assert len({r["id"] for r in sent(callback, "rollout")}) == STEPS * ROWS_PER_STEP
        try:
            callback.run.client.close(timeout=1)
        except Exception:
            pass  # the client reports what it could not send; the trainer never saw it
    finally:
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
