"""The offline event log: the events-*.jsonl files `harness-lab sync DIR` applies (lib/services/sync in the server).

Same format as the TypeScript EventLogWriter (lib/client/event-log-writer.ts): one event per line, each line
written whole with one write call; names sort in creation order (sync applies files by name); a file is
closed and a new one started past `max_file_bytes`; `flush()` and `close()` fsync.
"""
from __future__ import annotations

import json
import os
import time
from datetime import datetime, timezone
from typing import Any, Iterable, List, Mapping, Optional, Tuple

DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024


def compact_stamp(ms: int) -> str:
    """2024-05-01T12:03:04.005Z -> 20240501T120304005Z: fixed width, so name order is time order."""
    moment = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return moment.strftime("%Y%m%dT%H%M%S") + f"{ms % 1000:03d}Z"


def encode_event(event: Mapping[str, Any]) -> str:
    """One event as compact JSON. NaN and infinities are refused here: JSON has no such numbers."""
    if not isinstance(event, Mapping):
        raise TypeError(f"harness_lab: an event must be a dict, got {type(event).__name__}")
    return json.dumps(event, separators=(",", ":"), allow_nan=False, default=_json_default)


def _json_default(value: Any) -> Any:
    # numpy / torch scalars and arrays, without importing either.
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"harness_lab: {type(value).__name__} is not JSON serializable")


class EventLogWriter:
    """Appends events to `dir` for a later `harness-lab sync DIR`. Not thread-safe on its own."""

    def __init__(self, dir: str, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, file_mode: int = 0o666):
        self.dir = os.path.abspath(dir)
        self.max_file_bytes = max(1, max_file_bytes)
        self.file_mode = file_mode
        self._fd: Optional[int] = None
        self._file: Optional[str] = None
        self._file_bytes = 0
        self._last_stamp_ms = 0
        self.files: List[str] = []
        self.lines_written = 0
        self._closed = False
        os.makedirs(self.dir, exist_ok=True)

    @property
    def current_file(self) -> Optional[str]:
        return self._file

    def write(self, event: Mapping[str, Any]) -> None:
        self.write_json(encode_event(event))

    def write_many(self, events: Iterable[Mapping[str, Any]]) -> None:
        for event in events:
            self.write(event)

    def write_json(self, text: str) -> None:
        """Appends one event that is already JSON (one complete value, no raw newline)."""
        self.write_line(text.encode("utf-8"))

    def write_line(self, data: bytes) -> None:
        """Appends one event that is already UTF-8 JSON (no raw newline) as one line."""
        if self._closed:
            raise ValueError("EventLogWriter: write after close")
        line = data + b"\n"
        if self._fd is not None and self._file_bytes > 0 and self._file_bytes + len(line) > self.max_file_bytes:
            self._close_file()
        if self._fd is None:
            self._open()
        view = memoryview(line)
        while view:
            view = view[os.write(self._fd, view):]  # type: ignore[arg-type]
        self._file_bytes += len(line)
        self.lines_written += 1

    def flush(self) -> None:
        """Makes everything written so far durable (fsync)."""
        if self._fd is not None:
            os.fsync(self._fd)

    def close(self) -> None:
        if self._closed:
            return
        self._close_file()
        self._closed = True

    def __enter__(self) -> "EventLogWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _close_file(self) -> None:
        if self._fd is None:
            return
        os.fsync(self._fd)
        os.close(self._fd)
        self._fd = None
        self._file = None
        self._file_bytes = 0

    def _open(self) -> None:
        while True:
            stamp = max(int(time.time() * 1000), self._last_stamp_ms + 1)
            self._last_stamp_ms = stamp
            path = os.path.join(self.dir, f"events-{compact_stamp(stamp)}-{os.getpid()}.jsonl")
            try:
                self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, self.file_mode)
            except FileExistsError:
                continue
            self._file = path
            self.files.append(path)
            return


class EventLogReader:
    """Reads back the complete lines of the files a writer made, in order, from where it stopped."""

    def __init__(self, writer: EventLogWriter):
        self._writer = writer
        self._file_index = 0
        self._offset = 0

    def read(self, max_count: int, max_bytes: int) -> Tuple[List[str], bool]:
        """Up to `max_count` lines (at least one, even if larger than `max_bytes`); and whether any were left."""
        lines: List[str] = []
        size = 2
        files = self._writer.files
        while self._file_index < len(files) and len(lines) < max_count:
            path = files[self._file_index]
            with open(path, "rb") as handle:
                handle.seek(self._offset)
                while len(lines) < max_count:
                    raw = handle.readline()
                    if not raw.endswith(b"\n"):
                        break
                    if lines and size + len(raw) > max_bytes:
                        return lines, True
                    text = raw.decode("utf-8").rstrip("\n")
                    self._offset += len(raw)
                    if text.strip():
                        lines.append(text)
                        size += len(raw)
            if len(lines) >= max_count:
                break
            if self._file_index < len(files) - 1:
                self._file_index += 1
                self._offset = 0
            else:
                break
        return lines, self.pending()

    def pending(self) -> bool:
        files = self._writer.files
        if self._file_index < len(files) - 1:
            return True
        if self._file_index >= len(files):
            return False
        try:
            return os.path.getsize(files[self._file_index]) > self._offset
        except OSError:
            return False

    def fully_read_files(self) -> List[str]:
        return list(self._writer.files[: self._file_index])
