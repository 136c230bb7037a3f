"""rllm's REAL Tracking and Episode types (rllm @ 9beb6e0: rllm/utils/tracking.py, rllm/types.py, read in place from
../shared/trainers/rllm, or $HARNESS_LAB_SHARED/trainers/rllm) with the harness_lab backend installed, driven as
rllm's trainer calls it (unified_trainer.py:463: log(data=, step=, episodes=, trajectory_groups=), finish()); the
episodes are shared/trainers' samples built with the real rllm.types. Also: the episodes as rllm's real UILogger
sends them (observation / model_response / thought moved into each step's metadata), the Ray setup hook chaining
rllm's current verl-patch hook, and a server that is down, answers 500 or refuses a batch (400/409)."""
from __future__ import annotations

import importlib
import json
import os
import socket
import sys
import tempfile
import threading
import time
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from harness_lab import Client, ids
from harness_lab.integrations import _guard
from real_trainers import load_module, trainer_dir
from answering_server import AnsweringServer, closed_port_url

TRAINER = trainer_dir("rllm")



@pytest.fixture(scope="module")
def rllm():
    load_module("_rllm_real", TRAINER / "_real.py").use_real_src()
    os.environ["RLLM_HOME"] = tempfile.mkdtemp(prefix="rllm-home-")  # load_ui_config reads $RLLM_HOME/config.json
    for name in ("RLLM_UI_URL", "RLLM_API_KEY"):
        os.environ.pop(name, None)
    import rllm.utils.tracking as tracking

    samples = load_module("_rllm_samples", TRAINER / "samples.py")
    return tracking, samples


@pytest.fixture(autouse=True)
def fresh_warnings(monkeypatch):
    monkeypatch.setattr(_guard, "_warned", set())


def series(server, run_id):
    return {k: [(p["step"], p["value"]) for p in v] for k, v in server.get(f"runs/{run_id}/metrics")["series"].items()}


def drive(tracking, samples, steps=(1, 2), pause=0.0):
    """As rllm's UnifiedTrainer: Tracking(..., default_backend=[...]), log(data=, step=, episodes=, trajectory_groups=)
    per step, finish(). Returns our backend (Tracking.finish() clears its logger dict)."""
    trk = tracking.Tracking("rllm_proj", "deepswe-run", default_backend=["console", "harness_lab"], config={"trainer": {"n": 2}})
    ours = trk.logger.get("harness_lab")
    for step in steps:
        eps = [samples.make_episode(f"task{t}", k, step) for t in range(2) for k in range(2)]
        trk.log(data={"batch/solve_partial": 2, "batch/solve_all": 0, "batch/solve_none": 0, "critic/score/mean": 0.5}, step=step,
                episodes=eps, trajectory_groups=samples.make_groups(eps))
        time.sleep(pause)  # lets the sender meet the server's answer, so the next call sees a refusal
    trk.finish()
    return ours


def test_the_real_tracking_sends_metrics_and_episodes_with_every_message(server, prefix, rllm, monkeypatch):
    tracking, samples = rllm
    monkeypatch.setenv("HARNESS_LAB_URL", server.url)
    monkeypatch.setenv("HARNESS_LAB_TOKEN", server.token)
    monkeypatch.setenv("HARNESS_LAB_EXPERIMENT", prefix)
    monkeypatch.setenv("HARNESS_LAB_RUN", "rllm-run")
    from harness_lab.integrations.rllm import install

    with warnings.catch_warnings():
        warnings.simplefilter("error", _guard.HarnessLabIntegrationWarning)
        install()
        ours = drive(tracking, samples)
    ours.run.client.close()
    run_id = ids.run(prefix, "rllm-run")
    got = series(server, run_id)
    assert got["critic/score/mean"] == [(1, 0.5), (2, 0.5)] and got["train/reward_mean"] == [(1, 0.5), (2, 0.5)]
    assert got["train/mixed_group_ratio"] == [(1, 1.0), (2, 1.0)]
    overview = server.get(f"experiments/{prefix}")
    assert overview["runs"][0]["status"] == "finished"
    assert (overview["trainingRates"]["rollouts"], overview["trainingRates"]["groups"], overview["trainingRates"]["mixedGroups"]) == (8, 4, 4)
    rollout = server.get(f"rollouts/{ids.rollout(run_id, 2, 'task1', 0)}")
    # the 5-message dialog of the last step's chat_completions, in order, each step's thought with its answer
    assert [(t["role"], t["content"], t.get("reasoning")) for t in rollout["turns"]] == [
        ("system", "Solve.", None), ("user", "Task task1", None), ("assistant", "ls", "think1"), ("user", "file.py", None),
        ("assistant", "submit 0", "think2")]
    assert (rollout["reward"], rollout["success"], rollout["exitStatus"]) == (1.0, True, "env_done")
    loser = server.get(f"rollouts/{ids.rollout(run_id, 2, 'task1', 1)}")
    assert (loser["reward"], loser["success"]) == (0.0, False)


def ui_episodes(tracking, samples):
    """The episodes exactly as rllm's real UILogger posts them (/api/episodes/batch), recorded by a local server."""
    requests = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("content-length") or 0))
            requests.append((self.path, json.loads(body) if body else None))
            out = json.dumps({"id": "session-1"} if self.path == "/api/sessions" else {"ok": True}).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)

        def log_message(self, *a):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    stdout, stderr = sys.stdout, sys.stderr
    try:
        os.environ["RLLM_UI_URL"] = f"http://127.0.0.1:{httpd.server_address[1]}"
        os.environ["RLLM_API_KEY"] = "test-key"
        trk = tracking.Tracking("rllm_proj", "ui-run", default_backend=["ui"], config={})
        eps = [samples.make_episode("task0", k, 1) for k in range(2)]
        trk.log(data={"critic/score/mean": 0.5}, step=1, episodes=eps, trajectory_groups=samples.make_groups(eps))
        trk.finish()
    finally:
        sys.stdout, sys.stderr = stdout, stderr  # UILogger tees them; finish() restores, this in case it failed
        os.environ.pop("RLLM_UI_URL", None)
        os.environ.pop("RLLM_API_KEY", None)
        httpd.shutdown()
        httpd.server_close()
    return next(body for path, body in requests if path == "/api/episodes/batch")["episodes"]


def test_episodes_as_the_ui_logger_sends_them_keep_their_dialog(rllm):
    tracking, samples = rllm
    from harness_lab.integrations._tracker import episode_turns

    sent = ui_episodes(tracking, samples)
    step = sent[0]["trajectories"][0]["steps"][-1]
    assert "model_response" not in step and step["metadata"]["model_response"] == "submit 0"  # what UILogger does
    assert episode_turns(sent[0]) == [
        {"role": "environment", "content": "Task task0"}, {"role": "assistant", "content": "ls", "reasoning": "think1"},
        {"role": "environment", "content": "file.py"}, {"role": "assistant", "content": "submit 0", "reasoning": "think2"}]


def test_the_ray_setup_hook_chains_rllms_current_verl_patch_hook(rllm, monkeypatch):
    tracking, _ = rllm
    from harness_lab.integrations import _tracker, rllm as integration

    tried = []
    real_import = importlib.import_module

    def recording(name, *a, **k):
        tried.append(name)
        return real_import(name, *a, **k)

    monkeypatch.setattr(_tracker.importlib, "import_module", recording)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        integration.ray_setup_hook()
        integration.ray_setup_hook()
    # rllm >= 2026-03-24 (9beb6e0): rllm/trainer/verl/patch.py; before: rllm/patches/verl_patch_hook.py
    assert tried[:2] == ["rllm.trainer.verl.patch", "rllm.patches.verl_patch_hook"]
    # shared/trainers' rllm has neither module: said once, and install() still ran
    said = [str(w.message) for w in caught if issubclass(w.category, _guard.HarnessLabIntegrationWarning)]
    assert len(said) == 1 and "rllm.trainer.verl.patch.apply_all_verl_patches" in said[0]
    assert "harness_lab" in tracking.Tracking.supported_backend




@pytest.mark.parametrize("answer", ["down", 500, 400, 409, "no-token"])
def test_a_failing_server_never_reaches_the_trainer(rllm, monkeypatch, tmp_path, answer):
    tracking, samples = rllm
    from harness_lab.integrations import _context
    from harness_lab.integrations.rllm import install

    answering = AnsweringServer(answer) if isinstance(answer, int) else None
    url = answering.url if answering else closed_port_url()
    monkeypatch.setenv("HARNESS_LAB_URL", url)
    monkeypatch.setenv("HARNESS_LAB_EXPERIMENT", "e")
    monkeypatch.setenv("HARNESS_LAB_RUN", "r")
    if answer == "no-token":
        monkeypatch.delenv("HARNESS_LAB_TOKEN", raising=False)  # Client() raises ValueError: no run, training goes on
    else:
        monkeypatch.setenv("HARNESS_LAB_TOKEN", "hl_test")
    clients = []
    real_client = _context.Client

    def quick_client(*a, **k):  # the environment's client, retrying fast and giving up at close in 0.2 s
        client = real_client(*a, flush_interval=0.01, backoff_base=0.01, backoff_max=0.05, close_timeout=0.2,
                             spill_dir=str(tmp_path / "spill"), **k)
        clients.append(client)
        return client

    monkeypatch.setattr(_context, "Client", quick_client)
    install()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            drive(tracking, samples, (1, 2, 3), pause=0.2)
        assert any(issubclass(w.category, _guard.HarnessLabIntegrationWarning) for w in caught) or answer in ("down", 500)
    finally:
        for client in clients:
            try:
                client.close(timeout=0.2)
            except Exception:
                pass  # a refused batch's error goes to whoever closes the client: the test, not the trainer
        if answering is not None:
            answering.close()
    if answering is not None:
        assert answering.posts > 0
