"""Our code never stops a user's training: every call a trainer makes into an integration goes through
`guarded`, which turns any exception of ours into one warning (per integration and kind of failure) and returns
a fallback, so the trainer carries on. The client's own buffering, retries and offline spill keep the data;
what a refused batch loses is named in that one warning, not raised into the training loop.
"""
from __future__ import annotations

import functools
import logging
import warnings
from typing import Any, Callable, Set, Tuple, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

logger = logging.getLogger("harness_lab")
_warned: Set[Tuple[str, str]] = set()


class HarnessLabIntegrationWarning(RuntimeWarning):
    """Something went wrong inside a Harness Lab integration; the trainer went on."""


def warn_once(where: str, error: BaseException) -> None:
    """One warning per integration entry point and error type: a failing server must not flood the trainer's log."""
    key = (where, type(error).__name__)
    if key in _warned:
        logger.debug("harness_lab: %s failed again: %r", where, error)
        return
    _warned.add(key)
    message = f"harness_lab: {where} failed and was skipped; training goes on ({type(error).__name__}: {error})"
    logger.warning(message)
    warnings.warn(message, HarnessLabIntegrationWarning, stacklevel=3)


def guarded(where: str, fallback: Any = None) -> Callable[[F], F]:
    """Decorates a trainer-facing method or function (sync or async) so nothing it raises reaches the trainer."""

    def decorate(fn: F) -> F:
        import inspect

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await fn(*args, **kwargs)
                except Exception as error:  # noqa: BLE001 - the point: never into the trainer
                    warn_once(where, error)
                    return fallback

            return async_wrapper  # type: ignore[return-value]

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as error:  # noqa: BLE001 - the point: never into the trainer
                warn_once(where, error)
                return fallback

        return wrapper  # type: ignore[return-value]

    return decorate
