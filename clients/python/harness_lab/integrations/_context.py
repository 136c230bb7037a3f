"""The client and run an integration logs to: given, or made from the HARNESS_LAB_* environment variables."""
from __future__ import annotations

import os
import secrets
import time
from typing import Any, Mapping, Optional

from ..client import Client
from ..run import Run


def plain_config(config: Any) -> Optional[dict]:
    """A trainer's config (dict, OmegaConf, dataclass) as plain JSON-able data, or None."""
    if config is None:
        return None
    try:
        from omegaconf import OmegaConf  # only if the trainer already uses it

        if OmegaConf.is_config(config):
            config = OmegaConf.to_container(config, resolve=True)
    except Exception:
        pass
    if hasattr(config, "to_dict"):
        try:
            config = config.to_dict()
        except Exception:
            pass
    if not isinstance(config, Mapping):
        return None
    import json

    try:
        return json.loads(json.dumps(config, default=str))
    except (TypeError, ValueError):
        return None


def launch_name(base: Optional[str]) -> str:
    """`base` (the trainer's own run name, or "run") plus this launch's time and 6 random hex digits."""
    base = (base or "run").strip() or "run"
    return f"{base[:200]}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def open_run(experiment: Optional[str] = None, run: Optional[str] = None, *, default_experiment: Optional[str] = None,
             default_run: Optional[str] = None, client: Optional[Client] = None, config: Any = None, method: str = "grpo",
             benchmark: str = "default") -> Run:
    """Starts the run. Names: the ones given, else HARNESS_LAB_EXPERIMENT / HARNESS_LAB_RUN, else the trainer's own
    (or "run") with a per-launch suffix: a rerun of the same config is a new run, never a 409 on changed points.
    A name given (argument or HARNESS_LAB_RUN) is kept as it is, so a restart can resume the same run."""
    client = client or Client()
    experiment = experiment or os.environ.get("HARNESS_LAB_EXPERIMENT") or default_experiment
    run_name = run or os.environ.get("HARNESS_LAB_RUN") or launch_name(default_run)
    return client.run(experiment, run_name, config=plain_config(config), method=method, benchmark=benchmark).start()
