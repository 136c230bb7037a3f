"""How an integration's run ends: finished only on the trainer's own sign of a clean end, failed otherwise.

The signs: SkyRL's on_train_end and prime-rl's finalize (both fired only after a clean training loop; prime-rl says
so in its orchestrator: "a crashed run must not be marked completed"), TRL's on_train_end, and for verl and rllm,
whose Tracking has no such sign (its __del__ runs on a clean return and on a crash alike), the last step logged
reaching the planned total (verl writes it into the config its Tracking gets). A run whose owner is torn down without
that sign (the trainer object freed after its loop raised, e.g. in a Ray worker that lives on, or the process
exiting) is marked failed, and one log line says why. An uncaught exception in the process also counts as a crash.
"""
from __future__ import annotations

import atexit
import logging
import sys
import threading
import weakref
from typing import Any, Callable, Optional

from ..run import Run

logger = logging.getLogger("harness_lab")

_uncaught: list = []  # descriptions of uncaught exceptions seen in this process (sys / threading excepthook)
_hooks_installed = False


def _install_excepthooks() -> None:
    """Chains sys.excepthook and threading.excepthook once, to remember that the process is dying of an exception
    (they run before the exit handlers)."""
    global _hooks_installed
    if _hooks_installed:
        return
    _hooks_installed = True
    previous_sys = sys.excepthook

    def sys_hook(kind: Any, value: Any, tb: Any) -> None:
        _uncaught.append(f"{getattr(kind, '__name__', kind)}: {value}")
        previous_sys(kind, value, tb)

    sys.excepthook = sys_hook
    previous_thread = threading.excepthook

    def thread_hook(args: Any) -> None:
        if args.exc_type is not SystemExit:
            _uncaught.append(f"{getattr(args.exc_type, '__name__', args.exc_type)} in thread {getattr(args.thread, 'name', '?')}: {args.exc_value}")
        previous_thread(args)

    threading.excepthook = thread_hook


def uncaught_exception() -> Optional[str]:
    """The first uncaught exception this process saw since an integration opened a run, if any."""
    return _uncaught[0] if _uncaught else None


class RunEnding:
    """Settles a run once: `finish()` on the trainer's sign of a clean end, `fail(reason)` otherwise. `watch(owner)`
    fails the run when `owner` is freed unsettled; at interpreter exit an unsettled run is settled by `at_exit`
    (default: failed)."""

    def __init__(self, integration: str, run: Run, at_exit: Optional[Callable[[], Optional[str]]] = None):
        self.integration = integration
        self.run = run
        self.settled: Optional[str] = None
        self._at_exit = at_exit
        self._lock = threading.Lock()
        _install_excepthooks()
        # Registered after the client's own exit handler (the client exists once the run does): atexit runs this one
        # first, so the last status is sent (or spilled) by the client's close.
        atexit.register(self.settle_now)

    def watch(self, owner: Any) -> None:
        """Fails the run when `owner` (the trainer-facing object holding it) is freed before the run settled."""
        finalizer = weakref.finalize(owner, self.fail, f"{self.integration}: the trainer ended without its end of training (its loop raised or was stopped)")
        finalizer.atexit = False  # at exit, _exiting decides (after excepthooks have run)

    def finish(self) -> bool:
        return self._settle("finished", None)

    def fail(self, reason: str) -> bool:
        return self._settle("failed", reason)

    def _settle(self, status: str, reason: Optional[str]) -> bool:
        with self._lock:
            if self.settled is not None:
                return False
            self.settled = status
        if reason:
            logger.warning("harness_lab: run %s marked failed: %s", self.run.id, reason)
        self.run.finish(status)
        return True

    def settle_now(self) -> None:
        """Settles by what is known now: an uncaught exception, or the `at_exit` reason, fails the run; else finished."""
        if self.settled is not None:
            return
        # `at_exit` first, always: it may also send what its integration still holds (prime-rl's waiting episodes)
        reason = self._at_exit() if self._at_exit else f"{self.integration}: the process exited before the end of training"
        crash = uncaught_exception()
        if crash:
            reason = f"{self.integration}: the process is exiting on an uncaught exception ({crash})"
        if reason:
            self.fail(reason)
        else:
            self.finish()
