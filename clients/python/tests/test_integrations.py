"""The drop-in integrations against stand-ins with exactly the call shapes of the real frameworks (read from
their source: verl/utils/tracking.py and rllm/utils/tracking.py's Tracking, rllm/agents/agent.py's Episode,
transformers' CallbackHandler as TRL's GRPOTrainer drives it, skyrl_train's callbacks/base.py CallbackHandler
and TrainerState, prime-rl's utils/monitor/base.py Monitor). No framework is installed here: the stand-ins
are small modules written for these tests, not the frameworks' code. Metrics arrive at a real server."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest

from harness_lab import Client, ids

FRAMEWORKS = ("verl", "rllm", "trl", "transformers", "skyrl_train", "prime_rl", "torch", "ray", "omegaconf", "numpy")

# verl/utils/tracking.py's shape: a fixed backend list checked by an assert, a dict of backend loggers,
# log() calling logger.log(data=..., step=...) on each, cleanup in __del__ (verl) or finish() (rllm).
VERL_TRACKING = '''
class Tracking:
    supported_backend = ["wandb", "mlflow", "swanlab", "vemlp_wandb", "tensorboard", "console", "clearml", "trackio"]

    def __init__(self, project_name, experiment_name, default_backend="console", config=None):
        if isinstance(default_backend, str):
            default_backend = [default_backend]
        for backend in default_backend:
            assert backend in self.supported_backend, f"{backend} is not supported"
        self.logger = {}
        if "console" in default_backend:
            self.logger["console"] = ConsoleLogger()

    def log(self, data, step, backend=None):
        for default_backend, logger_instance in self.logger.items():
            if backend is None or default_backend in backend:
                logger_instance.log(data=data, step=step)

    def __del__(self):
        pass


class ConsoleLogger:
    lines = []

    def log(self, data, step):
        ConsoleLogger.lines.append((step, dict(data)))
'''

RLLM_TRACKING = '''
class Tracking:
    supported_backend = ["wandb", "mlflow", "swanlab", "vemlp_wandb", "tensorboard", "console", "clearml", "trackio", "file", "ui"]

    def __init__(self, project_name, experiment_name, default_backend="console", config=None, source_metadata=None):
        if isinstance(default_backend, str):
            default_backend = [default_backend]
        for backend in default_backend:
            assert backend in self.supported_backend, f"{backend} is not supported"
        self.logger = {}
        self._finished = False

    def log(self, data, step, backend=None, episodes=None, trajectory_groups=None):
        for default_backend, logger_instance in self.logger.items():
            if backend is None or default_backend in backend:
                if default_backend == "ui":
                    logger_instance.log(data=data, step=step, episodes=episodes, trajectory_groups=trajectory_groups)
                else:
                    logger_instance.log(data=data, step=step)

    def finish(self):
        if self._finished:
            return
        self.logger.clear()
        self._finished = True

    def __del__(self):
        self.finish()
'''


@dataclasses.dataclass
class Step:  # rllm.agents.agent.Step (the fields used here)
    chat_completions: list = dataclasses.field(default_factory=list)
    observation: object = None
    thought: str = ""
    model_response: str = ""
    reward: float = 0.0


@dataclasses.dataclass
class Trajectory:  # rllm.agents.agent.Trajectory
    name: str = "default_traj_name"
    task: object = None
    steps: list = dataclasses.field(default_factory=list)
    reward: object = None


@dataclasses.dataclass
class Episode:  # rllm.agents.agent.Episode: id is "{task_id}:{rollout_idx}"
    id: str = ""
    task: object = None
    termination_reason: object = None
    is_correct: bool = False
    trajectories: list = dataclasses.field(default_factory=list)
    metrics: dict = dataclasses.field(default_factory=dict)


@pytest.fixture
def stand_in_package(tmp_path, monkeypatch):
    def make(name: str, tracking_source: str) -> None:
        (tmp_path / name / "utils").mkdir(parents=True)
        (tmp_path / name / "__init__.py").write_text("")
        (tmp_path / name / "utils" / "__init__.py").write_text("")
        (tmp_path / name / "utils" / "tracking.py").write_text(textwrap.dedent(tracking_source))
        monkeypatch.syspath_prepend(str(tmp_path))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.delitem(sys.modules, module)
    return make


@pytest.fixture
def env(server, monkeypatch, prefix):
    monkeypatch.setenv("HARNESS_LAB_URL", server.url)
    monkeypatch.setenv("HARNESS_LAB_TOKEN", server.token)
    monkeypatch.delenv("HARNESS_LAB_EXPERIMENT", raising=False)
    monkeypatch.delenv("HARNESS_LAB_RUN", raising=False)
    return server


def series(server, run_id):
    return {k: [(p["step"], p["value"]) for p in v] for k, v in server.get(f"runs/{run_id}/metrics")["series"].items()}


def test_importing_the_integrations_imports_no_framework():
    code = ("import sys; import harness_lab.integrations.verl, harness_lab.integrations.rllm, harness_lab.integrations.trl, "
            "harness_lab.integrations.skyrl, harness_lab.integrations.prime_rl; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "[]"


def test_verl_install_registers_the_backend_and_maps_metric_keys(env, stand_in_package, prefix):
    stand_in_package("verl", VERL_TRACKING)
    from harness_lab.integrations.verl import install

    import verl.utils.tracking as tracking

    with pytest.raises(AssertionError, match="harness_lab is not supported"):
        tracking.Tracking(prefix, "grpo-seed1", default_backend=["console", "harness_lab"])
    install()
    install()  # idempotent
    tracker = tracking.Tracking(project_name=prefix, experiment_name="grpo-seed1", default_backend=["console", "harness_lab"], config={"trainer": {"total_epochs": 1}})
    for step in (1, 2):
        tracker.log(data={"critic/score/mean": 0.25 * step, "response_length/clip_ratio": 0.1, "batch/solve_all": 2, "batch/solve_none": 1,
                          "batch/solve_partial": 5, "actor/entropy": 1.5, "val/generations": "a table"}, step=step)
    logger = tracker.logger["harness_lab"]
    del tracker  # verl cleans up in __del__
    logger.run.client.close()
    run_id = ids.run(prefix, "grpo-seed1")
    got = series(env, run_id)
    assert got["critic/score/mean"] == [(1, 0.25), (2, 0.5)] and got["actor/entropy"] == [(1, 1.5), (2, 1.5)]
    assert got["train/reward_mean"] == [(1, 0.25), (2, 0.5)]
    assert got["train/truncation_rate"] == [(1, 0.1), (2, 0.1)]
    assert got["train/mixed_group_ratio"] == [(1, 5 / 8), (2, 5 / 8)] == got["train/trainable_rate"]
    assert "val/generations" not in got
    overview = env.get(f"experiments/{prefix}")
    assert overview["runs"][0]["status"] == "finished"


def test_rllm_install_sends_metrics_and_episodes_as_grpo_groups(env, stand_in_package, prefix, monkeypatch):
    stand_in_package("rllm", RLLM_TRACKING)
    monkeypatch.setenv("HARNESS_LAB_EXPERIMENT", prefix)
    monkeypatch.setenv("HARNESS_LAB_RUN", "rllm-run")
    from harness_lab.integrations.rllm import install

    install()
    import rllm.utils.tracking as tracking

    tracker = tracking.Tracking("project", "experiment", default_backend=["console", "harness_lab"], config=None)
    messages = [{"role": "system", "content": "Solve."}, {"role": "user", "content": "2+2?"}]
    episodes = [Episode(id=f"math-{t}:{k}", task={"question": "2+2?"}, is_correct=k == 0, trajectories=[
        Trajectory(name="solver", reward=1.0 if k == 0 else 0.0, steps=[Step(chat_completions=messages + [{"role": "assistant", "content": "4" if k == 0 else "5"}])])])
        for t in range(2) for k in range(2)]
    tracker.log(data={"critic/score/mean": 0.5, "batch/solve_partial": 2, "batch/solve_all": 0, "batch/solve_none": 0}, step=3, episodes=episodes)
    logger = tracker.logger["harness_lab"]
    tracker.finish()
    logger.run.client.close()
    run_id = ids.run(prefix, "rllm-run")
    assert series(env, run_id)["train/mixed_group_ratio"] == [(3, 1.0)]
    overview = env.get(f"experiments/{prefix}")
    assert overview["runs"][0]["status"] == "finished"
    assert (overview["trainingRates"]["rollouts"], overview["trainingRates"]["mixedGroups"]) == (4, 2)
    rollout = env.get(f"rollouts/{ids.rollout(run_id, 3, 'math-1', 1)}")
    assert [t["content"] for t in rollout["turns"]] == ["Solve.", "2+2?", "5"] and rollout["success"] is False


def test_trl_callback_maps_grpo_trainer_logs(env, prefix):
    from harness_lab.integrations.trl import HarnessLabCallback

    callback = HarnessLabCallback(experiment=prefix)
    args = SimpleNamespace(run_name="trl-grpo", output_dir="/tmp/out", to_dict=lambda: {"learning_rate": 1e-6})
    control = SimpleNamespace()

    def call(event, state, **kwargs):  # transformers.trainer_callback.CallbackHandler.call_event
        result = getattr(callback, event)(args, state, control, **kwargs)
        return control if result is None else result

    main = SimpleNamespace(global_step=0, epoch=0.0, is_world_process_zero=True)
    other_rank = SimpleNamespace(global_step=1, epoch=0.1, is_world_process_zero=False)
    for event in ("on_init_end", "on_train_begin", "on_epoch_begin", "on_step_begin", "on_pre_optimizer_step", "on_optimizer_step", "on_substep_end"):
        call(event, main)
    for step in (1, 2):
        main.global_step, main.epoch = step, step / 10
        call("on_step_end", main)
        call("on_log", main, logs={"loss": 0.1, "reward": 0.5 * step, "reward_std": 0.2, "frac_reward_zero_std": 0.25,
                                   "completions/clipped_ratio": 0.05, "completions/mean_length": 300.0, "learning_rate": 1e-6})
        call("on_log", other_rank, logs={"loss": 99.0})
    call("on_evaluate", main, metrics={"eval_reward": 1.0})
    call("on_train_end", main)
    callback.run.client.close()
    got = series(env, ids.run(prefix, "trl-grpo"))
    assert got["reward"] == [(1, 0.5), (2, 1.0)] == got["train/reward_mean"]
    assert got["train/trainable_rate"] == [(1, 0.75), (2, 0.75)] == got["train/mixed_group_ratio"]
    assert got["train/truncation_rate"] == [(1, 0.05), (2, 0.05)]
    assert got["loss"] == [(1, 0.1), (2, 0.1)], "only the main process reports"
    assert env.get(f"experiments/{prefix}")["runs"][0]["status"] == "finished"


def test_skyrl_callback_maps_step_metrics(env, prefix):
    from harness_lab.integrations.skyrl import HarnessLabCallback

    @dataclasses.dataclass
    class TrainerState:  # skyrl_train callbacks/base.py
        global_step: int
        epoch: int
        total_steps: int
        num_steps_per_epoch: int
        metrics: dict = dataclasses.field(default_factory=dict)

    trainer = SimpleNamespace(cfg=SimpleNamespace(trainer=SimpleNamespace(project_name=prefix, run_name="skyrl-run"),
                                                  generator=SimpleNamespace(n_samples_per_prompt=4)))
    callback = HarnessLabCallback()
    control = SimpleNamespace()

    def call_event(event, state, **kwargs):  # CallbackHandler.call_event
        method = getattr(callback, event, None)
        if method is not None:
            method(state, control, **kwargs)

    state = TrainerState(global_step=0, epoch=0, total_steps=2, num_steps_per_epoch=2)
    call_event("on_train_begin", state, trainer=trainer)
    for step in (1, 2):
        state = TrainerState(global_step=step, epoch=0, total_steps=2, num_steps_per_epoch=2,
                             metrics={"reward/avg_raw_reward": 0.3 * step, "reward/num_zero_variance_filtered": step, "generate/batch_num_seq": 32,
                                      "policy/policy_loss": 0.5})
        call_event("on_step_begin", state, trainer=trainer)
        call_event("on_step_end", state, trainer=trainer)
    call_event("on_train_end", state, trainer=trainer)
    callback.run.client.close()
    got = series(env, ids.run(prefix, "skyrl-run"))
    assert got["train/reward_mean"] == [(1, 0.3), (2, 0.6)]
    assert got["train/mixed_group_ratio"] == [(1, 1 - 1 / 8), (2, 1 - 2 / 8)]
    assert got["policy/policy_loss"] == [(1, 0.5), (2, 0.5)]


def test_prime_rl_monitor_logs_metrics_and_samples(env, prefix):
    from harness_lab.integrations.prime_rl import HarnessLabMonitor

    class Tokenizer:
        def decode(self, tokens):
            return " ".join(f"t{t}" for t in tokens)

    monitor = HarnessLabMonitor(experiment=prefix, run="prime", tokenizer=Tokenizer())
    monitor.log({"step": 1, "reward/mean": 0.5, "rollout/truncated_rate": 0.125, "batch/solve_all": 1, "batch/solve_none": 0,
                 "batch/solve_partial": 1, "progress/total_tokens": 1000})
    monitor.log_samples(input_tokens=[[1, 2]] * 4, output_tokens=[[3], [4], [5], [6]], rewards=[1.0, 0.0, 1.0, 1.0],
                        advantages=[0.5, -0.5, 0.0, 0.0], rollouts_per_problem=2, step=1)
    monitor.log_distributions({"rewards": [1.0, 0.0]}, step=1)
    monitor.save_final_summary()
    monitor.run.client.close()
    run_id = ids.run(prefix, "prime")
    got = series(env, run_id)
    assert got["train/reward_mean"] == [(1, 0.5)] and got["train/truncation_rate"] == [(1, 0.125)] and got["train/mixed_group_ratio"] == [(1, 0.5)]
    assert monitor.history[0]["step"] == 1
    rates = env.get(f"experiments/{prefix}")["trainingRates"]
    assert (rates["rollouts"], rates["groups"], rates["mixedGroups"]) == (4, 2, 1)
    assert [t["content"] for t in env.get(f"rollouts/{ids.rollout(run_id, 1, 'problem-0', 1)}")["turns"]] == ["t1 t2", "t4"]
