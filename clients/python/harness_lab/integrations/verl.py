"""verl: `trainer.logger='["console","harness_lab"]'` after `install()`.

Written against verl/utils/tracking.py (volcengine/verl b178a3c): `Tracking(project_name, experiment_name,
default_backend, config)` asserts each backend name is in the class list `Tracking.supported_backend`, keeps a dict
`self.logger` and calls `logger.log(data=..., step=...)` on each backend (RayPPOTrainer.fit: validation metrics at
step 0 when val_before_train, then each step's metrics). install() adds "harness_lab" to that list and builds a
VerlLogger for it after verl's own __init__. What arrives: every numeric key as it is (critic/*, actor/*,
response_length/*, timing_s/*, perf/*, val-core/*, ...), plus the dashboard's training series critic/score/mean ->
train/reward_mean and response_length/clip_ratio -> train/truncation_rate. verl's core trainer reports no group
counts and no per-rollout pass rate, so trainable rate, mixed-group ratio and pass rate stay empty. verl's tracker
carries scalars only: the generations it dumps (trainer.rollout_data_dir, trainer.validation_data_dir) reach the
dashboard through `harness-lab follow`.

End of training: verl's Tracking has no finish(), and its __del__ finishes only the backends it knows by name, so
install() also wraps __del__ to finish ours; an exit handler does it too if the Tracking is still alive then. That
teardown comes on a clean return of RayPPOTrainer.fit and on a crash alike, so the run is marked finished only when the
last step logged reached the planned total (total_training_steps, which verl writes into the config its Tracking
gets), and failed otherwise (or when the process dies of an uncaught exception). Finishing waits (up to the client's
close_timeout, not while the server is not answering) for the events to be sent: verl's Tracking lives in the Ray
TaskRunner, whose process may be killed without exit handlers.

Nothing here stops or slows the training: our backend's calls are guarded (an error of ours becomes one warning),
a batch the server refused is reported once and the next steps still go, and sending happens on the client's thread.

verl builds its Tracking inside the Ray TaskRunner, another process: run install() there too, with Ray's
worker_process_setup_hook:
    +ray_kwargs.ray_init.runtime_env.worker_process_setup_hook=harness_lab.integrations.verl.install
(and pass HARNESS_LAB_URL / HARNESS_LAB_TOKEN to the workers, e.g. under ...runtime_env.env_vars on a cluster).
"""
from __future__ import annotations

from typing import Any, Mapping

from ..errors import HarnessLabError
from ._delivery import send_pending
from ._guard import guarded, warn_once
from ._tracker import HarnessLabLogger, install as _install

__all__ = ["HarnessLabLogger", "VerlLogger", "install"]

_SENDING = "verl: sending a batch of events"  # a batch the server refused: reported once, the next ones still go


class VerlLogger(HarnessLabLogger):
    """The "harness_lab" backend of verl's Tracking."""

    integration = "verl"

    def _check(self) -> None:
        try:
            self.run.client.check()
        except HarnessLabError as error:
            warn_once(_SENDING, error)

    @guarded("verl: HarnessLabLogger.log")
    def log(self, data: Mapping[str, Any], step: int, **kwargs: Any) -> None:
        self._check()
        super().log(data, step, **kwargs)

    @guarded("verl: HarnessLabLogger.finish")
    def finish(self, *args: Any, **kwargs: Any) -> None:
        if self._finished:
            return
        self._check()
        super().finish()
        send_pending(self.run.client, _SENDING)


@guarded("verl: install")
def install() -> None:
    """Registers the "harness_lab" backend with verl.utils.tracking.Tracking (idempotent)."""
    _install("verl.utils.tracking", VerlLogger)
