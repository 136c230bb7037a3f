"""Harness Lab's Python client: send a trainer's metrics, rollouts (with turns and hook messages), harness
versions, proposals and evaluations to a Harness Lab dashboard, without blocking the training loop.

    from harness_lab import Client
    client = Client("http://127.0.0.1:3000", token="hl_...")
    with client.run("my-experiment", "grpo-seed1") as run:
        run.log_metrics(step, {"critic/score/mean": 0.4})
    client.close()
"""
from . import events, ids
from .client import Client, Decision
from .errors import EventProblem, HarnessLabError
from .event_log import EventLogWriter
from .run import Run

__all__ = ["Client", "Decision", "EventLogWriter", "EventProblem", "HarnessLabError", "Run", "events", "ids"]
__version__ = "0.1.0"
