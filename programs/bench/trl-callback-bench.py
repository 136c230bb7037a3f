"""What HarnessLabCallback costs a real TRL GRPOTrainer (tests/trl_tiny.py, CPU), in one process and one run:
the trainer's step time without and with the callback (alternating rounds, same seed), and the time spent inside
the callback's methods (timed around each call the Trainer makes; the run's start and end apart) and the CPU time
of its worker thread (which builds the events off the trainer's thread), against a live server (tests/server.py, it
needs the production build) or, with --offline, an event log on disk. Prints one JSON object; exits 1 when the
time the callback takes on the trainer's thread per step exceeds --max-ratio (default 1 %) of the step time
(GRPOTrainer's own step_time: generation, scoring, update). The wall-clock figures are printed too; on a small shared
machine they move by more than the callback costs, and the live server ingesting on the same cores counts in them.

    npm run bench -- trl-callback      (programs/bench/trl-callback-bench.ts runs this file in the TRL venv)
    $(bash scripts/trl-venv.sh) programs/bench/trl-callback-bench.py [--steps 20] [--rounds 3] [--offline]
(with clients/python on PYTHONPATH; scripts/trl-venv.sh builds the venv once: torch, transformers and trl)."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

# The tiny GRPO setup and the test server are the Python suite's (clients/python/tests): the bench times that run.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python", "tests"))

import trl_tiny  # noqa: E402


class Timed:
    """Times every on_* call the Trainer makes into the callback (its methods wrapped on the instance, so the
    Trainer's handler holds the callback itself)."""

    def __init__(self, callback):
        from transformers import TrainerCallback

        self.seconds = 0.0  # in the per-step events (every on_* but the run's start and end)
        self.once = 0.0  # on_init_end, on_train_begin (opens the run), on_train_end (finishes it)
        self.worker_cpu = 0.0  # CPU time of the callback's worker thread (building and queueing the events)
        for name in [n for n in dir(TrainerCallback) if n.startswith("on_")]:
            setattr(callback, name, self._wrap(getattr(callback, name), name in ("on_init_end", "on_train_begin", "on_train_end")))
        submit = callback._worker.submit

        def timed_submit(job, *args):
            def timed_job(*job_args):
                started = time.thread_time()
                try:
                    return job(*job_args)
                finally:
                    self.worker_cpu += time.thread_time() - started

            return submit(timed_job, *args)

        callback._worker.submit = timed_submit
        self.callback = callback

    def _wrap(self, method, once):
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                if once:
                    self.once += time.perf_counter() - started
                else:
                    self.seconds += time.perf_counter() - started

        return timed


def run_once(output_dir, steps, callback):
    trainer = trl_tiny.trainer(output_dir, callbacks=[callback] if callback is not None else None, max_steps=steps)
    trainer.train()
    # The Trainer's own per-step time (GRPOTrainer logs step_time: generation, scoring and the update).
    step_times = [h["step_time"] for h in trainer.state.log_history if "step_time" in h]
    runtime = next(h["train_runtime"] for h in trainer.state.log_history if "train_runtime" in h)
    return statistics.median(step_times), runtime / steps


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--offline", action="store_true", help="an event log on disk instead of a live server")
    parser.add_argument("--max-ratio", type=float, default=0.01)
    options = parser.parse_args()

    from harness_lab import Client
    from harness_lab.integrations.trl import HarnessLabCallback

    work = tempfile.mkdtemp(prefix="bench-trl-")
    server = None
    if options.offline:
        make_client = lambda: Client(offline_dir=os.path.join(work, "events"))  # noqa: E731
    else:
        from server import ServerProcess

        server = ServerProcess()
        server.start()
        make_client = lambda: Client(server.url, server.token)  # noqa: E731
    try:
        run_once(os.path.join(work, "warm"), 2, None)  # imports, lazy inits
        without, with_, inside, once, worker = [], [], [], [], []
        for round_ in range(options.rounds):
            without.append(run_once(os.path.join(work, f"plain-{round_}"), options.steps, None))
            client = make_client()
            callback = HarnessLabCallback(experiment="bench-trl", client=client)
            timed = Timed(callback)
            with_.append(run_once(os.path.join(work, f"with-{round_}"), options.steps, timed.callback))
            inside.append(timed.seconds / options.steps)
            once.append(timed.once)
            worker.append(timed.worker_cpu / options.steps)
            client.close(30)
        step_without = statistics.median(s for s, _ in without)
        step_with = statistics.median(s for s, _ in with_)
        wall_without = statistics.median(w for _, w in without)
        wall_with = statistics.median(w for _, w in with_)
        callback_per_step = statistics.median(inside)
        figures = {
            "bench": "trl_callback",
            "steps": options.steps,
            "rounds": options.rounds,
            "rows_per_step": 8,
            "server": "offline event log" if options.offline else "live",
            "step_time_ms_without": round(step_without * 1000, 3),
            "step_time_ms_with": round(step_with * 1000, 3),
            "wall_per_step_ms_without": round(wall_without * 1000, 3),
            "wall_per_step_ms_with": round(wall_with * 1000, 3),
            "callback_ms_per_step": round(callback_per_step * 1000, 4),
            "callback_ratio": round(callback_per_step / step_without, 5),
            "worker_cpu_ms_per_step": round(statistics.median(worker) * 1000, 4),
            "worker_cpu_ratio": round(statistics.median(worker) / step_without, 5),
            "run_start_and_end_ms": round(statistics.median(once) * 1000, 3),
            "wall_overhead_ratio": round(wall_with / wall_without - 1, 5),
            "max_ratio": options.max_ratio,
        }
        figures["ok"] = figures["callback_ratio"] < options.max_ratio
        print(json.dumps(figures))
        return 0 if figures["ok"] else 1
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
