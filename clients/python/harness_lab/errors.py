"""The errors the client raises: a refused request names each problem's event, field path and reason."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional


@dataclass(frozen=True)
class EventProblem:
    """One problem the server found. `index` counts the events this client was given (0 = the first
    `send`/`log_*` call's event); None for an event that came back from the spill file."""

    index: Optional[int]
    path: str
    message: str
    event_type: Optional[str] = None
    event_id: Optional[str] = None
    batch_index: int = 0

    def __str__(self) -> str:
        where = f"event #{self.index}" if self.index is not None else f"event {self.batch_index} of a re-sent batch"
        what = f" ({self.event_type} {self.event_id!r})" if self.event_type and self.event_id else (f" ({self.event_type})" if self.event_type else "")
        field = f"{self.path}: " if self.path else ""
        return f"{where}{what}: {field}{self.message}"


class HarnessLabError(Exception):
    """A request the server refused (`status` 400, 401, 403, 404, 409, 413...) or could not be reached (status 0).

    `problems` lists index, field path and reason of each refused event; `retryable` is True for network
    errors, 5xx and 429 that persisted after every retry."""

    def __init__(self, headline: str, status: int, reason: str, problems: Optional[List[EventProblem]] = None, retryable: bool = False, body: Any = None):
        self.headline = headline
        self.status = status
        self.reason = reason
        self.problems: List[EventProblem] = list(problems or [])
        self.retryable = retryable
        self.body = body
        shown = "".join(f"\n  {p}" for p in self.problems[:10])
        more = f"\n  ... and {len(self.problems) - 10} more" if len(self.problems) > 10 else ""
        super().__init__(f"{headline}{shown}{more}")
