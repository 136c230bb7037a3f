"""The background sender: batches events on a thread so the training loop never waits for the network.

The caller's `send` only serializes the event and appends it to a queue (order kept by a sequence number).
A worker thread posts batches (count and bytes limits like the TypeScript client) and retries network
errors, timeouts, 5xx and 429 with backoff for as long as it takes, honouring Retry-After. Memory is
bounded: past `max_buffer_bytes` the queue is written to a spill directory in the offline event-log format
and read back from there when the server answers again (so nothing is dropped and the order holds). A
batch the server refuses (400, 409, ...) is dropped and its error raised on the caller's next call, or by
`flush()`/`close()`.
"""
from __future__ import annotations

import collections
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from typing import Any, Deque, Dict, List, Mapping, Optional, Tuple

from .errors import HarnessLabError
from .event_log import EventLogReader, EventLogWriter, encode_event
from .transport import Transport, error_from_answer

DEFAULT_BATCH_SIZE = 200
DEFAULT_MAX_BATCH_BYTES = 8 * 1024 * 1024
DEFAULT_MAX_BUFFER_BYTES = 64 * 1024 * 1024

Item = Tuple[Optional[int], bytes]  # (sequence number, or None for a line read back from the spill; UTF-8 JSON)


def _warn(message: str) -> None:
    sys.stderr.write(f"harness_lab: {message}\n")


class BackgroundSender:
    def __init__(self, transport: Optional[Transport], *, offline_dir: Optional[str] = None, spill_dir: Optional[str] = None,
                 batch_size: int = DEFAULT_BATCH_SIZE, max_batch_bytes: int = DEFAULT_MAX_BATCH_BYTES,
                 max_buffer_bytes: int = DEFAULT_MAX_BUFFER_BYTES, flush_interval: float = 0.5):
        self._transport = transport
        self.batch_size = max(1, batch_size)
        self.max_batch_bytes = max(1, max_batch_bytes)
        self.max_buffer_bytes = max(1, max_buffer_bytes)
        self.flush_interval = flush_interval
        self._cond = threading.Condition()
        self._queue: Deque[Item] = collections.deque()
        self._queue_bytes = 0
        self._oldest_at = 0.0
        self._inflight: Optional[List[Item]] = None
        self._inflight_from_spill = False
        self._inflight_spilled = False
        self._spill_dir_option = spill_dir or os.environ.get("HARNESS_LAB_SPILL_DIR") or None
        self._spill: Optional[EventLogWriter] = None
        self._spill_reader: Optional[EventLogReader] = None
        self._offline = EventLogWriter(offline_dir) if transport is None and offline_dir else None
        self._errors: List[HarnessLabError] = []
        self._seq = 0
        self._flush_wanted = 0
        self._closing = False
        self._stop = False
        self._closed = False
        self._thread: Optional[threading.Thread] = None
        self._worker_done = threading.Event()
        self._last_network_error: Optional[HarnessLabError] = None
        self._failures = 0
        self._pid = os.getpid()
        self.stats: Dict[str, Any] = {"events": 0, "batches": 0, "applied": {}, "unchanged": {}, "spilled": 0, "retries": 0}

    # ---- the caller's side ------------------------------------------------------------------------------

    def send(self, event: Mapping[str, Any]) -> None:
        """Queues one event and returns at once. Raises the error of a batch refused earlier, if any."""
        if self._pid != os.getpid():
            self._after_fork()
        self._raise_refused()
        data = encode_event(event).encode("utf-8")  # on the caller: the sender thread then only copies bytes
        with self._cond:
            if self._closed or self._closing:
                raise RuntimeError("harness_lab: send after close")
            seq = self._seq
            self._seq += 1
            if self._offline is not None:
                self._offline.write_line(data)
                return
            if not self._queue:
                self._oldest_at = time.monotonic()
            self._queue.append((seq, data))
            self._queue_bytes += len(data) + 1
            if self._queue_bytes > self.max_buffer_bytes:
                self._spill_locked()
            elif len(self._queue) >= self.batch_size or self._queue_bytes >= self.max_batch_bytes:
                self._cond.notify_all()
        if self._thread is None:
            self._start()

    def send_many(self, events: Any) -> None:
        for event in events:
            self.send(event)

    def flush(self, timeout: Optional[float] = None) -> Dict[str, Any]:
        """Waits until every event given so far is accepted by the server; raises a refused batch's error.
        With a timeout, raises a retryable HarnessLabError if the server could not take them in time (they
        stay queued, or spilled, and go on being retried)."""
        self._raise_refused()
        if self._offline is not None:
            with self._cond:
                self._offline.flush()
            return dict(self.stats)
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            self._flush_wanted += 1
            self._cond.notify_all()
            while not self._drained_locked() and not self._errors:
                if self._worker_done.is_set():
                    break
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    self._flush_wanted -= 1
                    raise self._unreachable_error("flush", timeout)
                self._cond.wait(remaining if remaining is not None else 1.0)
            self._flush_wanted -= 1
        self._raise_refused()
        return dict(self.stats)

    def close(self, timeout: Optional[float] = 60.0) -> Dict[str, Any]:
        """Sends what is left (waiting up to `timeout` seconds for the server), then stops the thread. What
        could not be sent by then is written to the spill directory, whose path is printed, for
        `harness-lab sync DIR`. Raises a refused batch's error that was not raised yet."""
        with self._cond:
            if self._closed:
                return dict(self.stats)
            self._closing = True
            self._cond.notify_all()
        if self._offline is not None:
            with self._cond:
                self._offline.close()
                self._closed = True
            self._raise_refused()
            return dict(self.stats)
        if self._thread is not None:
            self._worker_done.wait(timeout)
        with self._cond:
            self._stop = True
            self._cond.notify_all()
            left = self._leftover_locked()
            if left:
                self._spill_locked(include_inflight=True)
            if self._spill is not None:
                self._spill.flush()
            self._closed = True
        if left and self._spill is not None:
            _warn(f"{left} events could not be sent to {self._transport.url if self._transport else 'the server'}"
                  f" ({self._last_network_error.reason if self._last_network_error else 'not answered in time'});"
                  f" they are in {self._spill.dir}: run `harness-lab sync {self._spill.dir}` to send them")
        elif self._spill is not None:
            self._spill.close()
            shutil.rmtree(self._spill.dir, ignore_errors=True)
        if self._thread is not None:
            self._thread.join(1.0)
        if self._transport is not None:
            self._transport.close()
        self._raise_refused()
        return dict(self.stats)

    def check(self) -> None:
        """Raises the error of a batch the server refused since the last check, without waiting (every
        send/log call and flush() do the same)."""
        self._raise_refused()

    @property
    def buffered_bytes(self) -> int:
        """Bytes of events held in memory (bounded by max_buffer_bytes: beyond it they are spilled to disk)."""
        with self._cond:
            return self._queue_bytes + sum(len(d) + 1 for _, d in (self._inflight or []))

    @property
    def pending(self) -> int:
        """Events given and not yet accepted (read back from the spill directory included, approximately)."""
        with self._cond:
            spilled = 1 if self._spill_reader is not None and self._spill_reader.pending() else 0
            return len(self._queue) + len(self._inflight or []) + spilled

    @property
    def spill_dir(self) -> Optional[str]:
        return self._spill.dir if self._spill is not None else None

    # ---- internals --------------------------------------------------------------------------------------

    def _raise_refused(self) -> None:
        with self._cond:
            if not self._errors:
                return
            first = self._errors.pop(0)
            more = len(self._errors)
            self._errors.clear()
        if more:
            first.args = (f"{first.args[0]}\n  (and {more} more refused batch{'es' if more > 1 else ''})",)
        raise first

    def _unreachable_error(self, what: str, timeout: Optional[float]) -> HarnessLabError:
        last = self._last_network_error.reason if self._last_network_error else "no answer yet"
        reason = f"{self._pending_locked()} events not accepted within {timeout} s ({last}); they stay queued and are retried"
        return HarnessLabError(f"{what}: {reason}", 0, reason, retryable=True)

    def _pending_locked(self) -> int:
        return len(self._queue) + len(self._inflight or [])

    def _drained_locked(self) -> bool:
        spill_pending = self._spill_reader is not None and self._spill_reader.pending()
        return not self._queue and self._inflight is None and not spill_pending

    def _leftover_locked(self) -> int:
        count = len(self._queue) + (len(self._inflight) if self._inflight and not self._inflight_spilled else 0)
        if self._spill_reader is not None and self._spill_reader.pending():
            count += 1
        return count

    def _spill_dir(self) -> str:
        if self._spill_dir_option:
            return self._spill_dir_option
        return os.path.join(tempfile.gettempdir(), "harness-lab-spill", f"{os.getpid()}-{int(time.time() * 1000)}")

    def _spill_locked(self, include_inflight: bool = True) -> None:
        """Moves the queue (and an in-flight batch taken from it) to disk, keeping the order: the in-flight
        batch is older than the queue, and the spill file is only refilled once it was read to its end."""
        if self._spill is None:
            self._spill = EventLogWriter(self._spill_dir())
            self._spill_reader = EventLogReader(self._spill)
            _warn(f"the server is not taking events fast enough ({self._last_network_error.reason if self._last_network_error else 'buffer full'});"
                  f" buffering them on disk in {self._spill.dir}")
        moved = 0
        if include_inflight and self._inflight is not None and not self._inflight_from_spill and not self._inflight_spilled:
            for _, data in self._inflight:
                self._spill.write_line(data)
            moved += len(self._inflight)
            self._inflight_spilled = True
        for _, data in self._queue:
            self._spill.write_line(data)
        moved += len(self._queue)
        self._queue.clear()
        self._queue_bytes = 0
        self.stats["spilled"] += moved

    def _after_fork(self) -> None:
        """In a forked child (a data-loader or reward worker): its own thread, lock and connection. What the
        parent had queued is the parent's to send; the child starts empty."""
        self._pid = os.getpid()
        self._cond = threading.Condition()
        self._queue = collections.deque()
        self._queue_bytes = 0
        self._inflight = None
        self._thread = None
        self._worker_done = threading.Event()
        self._spill = None
        self._spill_reader = None
        if self._transport is not None:
            self._transport.forget_connection()

    def _start(self) -> None:
        with self._cond:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name="harness-lab-sender", daemon=True)
            self._thread.start()

    def _take_batch_locked(self) -> List[Item]:
        batch: List[Item] = []
        size = 2
        while self._queue and len(batch) < self.batch_size:
            nbytes = len(self._queue[0][1]) + 1
            if batch and size + nbytes > self.max_batch_bytes:
                break
            batch.append(self._queue.popleft())
            size += nbytes
            self._queue_bytes -= nbytes
        if self._queue:
            self._oldest_at = time.monotonic()
        return batch

    def _next_locked(self) -> Optional[str]:
        """What to send next: "retry", "spill", "queue", "done" or None (wait)."""
        if self._stop:
            return "done"
        if self._inflight is not None:
            return "retry"
        if self._spill_reader is not None and self._spill_reader.pending():
            return "spill"
        if self._queue:
            due = (len(self._queue) >= self.batch_size or self._queue_bytes >= self.max_batch_bytes or self._flush_wanted
                   or self._closing or time.monotonic() - self._oldest_at >= self.flush_interval)
            if due:
                return "queue"
            return None
        return "done" if self._closing else None

    def _run(self) -> None:
        try:
            self._loop()
        finally:
            self._worker_done.set()
            with self._cond:
                self._cond.notify_all()

    def _loop(self) -> None:
        assert self._transport is not None
        while True:
            with self._cond:
                while True:
                    what = self._next_locked()
                    if what == "done":
                        self._cond.notify_all()
                        return
                    if what is not None:
                        break
                    self._cond.notify_all()  # flush() waiters: drained
                    self._cond.wait(self.flush_interval)
                if what == "queue":
                    self._inflight = self._take_batch_locked()
                    self._inflight_from_spill = False
                    self._inflight_spilled = False
            if what == "spill":
                assert self._spill_reader is not None
                lines, _ = self._spill_reader.read(self.batch_size, self.max_batch_bytes)
                with self._cond:
                    self._inflight = [(None, line.encode("utf-8")) for line in lines]
                    self._inflight_from_spill = True
                    self._inflight_spilled = False
                if not lines:
                    with self._cond:
                        self._inflight = None
                    continue
            batch = self._inflight or []
            wait = self._post(batch)
            with self._cond:
                if wait is None:
                    self._failures = 0
                    self._inflight = None
                    self._last_network_error = None
                    if self._inflight_from_spill:
                        self._remove_sent_spill_files()
                    self._cond.notify_all()
                    continue
                self._failures += 1
                self.stats["retries"] += 1
                if self._inflight_spilled:
                    self._inflight = None  # its events are in the spill file, which is sent next
                deadline = time.monotonic() + wait
                while not self._stop and time.monotonic() < deadline:
                    self._cond.wait(deadline - time.monotonic())

    def _remove_sent_spill_files(self) -> None:
        assert self._spill_reader is not None
        for path in self._spill_reader.fully_read_files():
            try:
                os.remove(path)
            except FileNotFoundError:
                pass

    def _post(self, batch: List[Item]) -> Optional[float]:
        """Posts one batch; None when it is done with (accepted, or refused for good), else seconds to wait."""
        assert self._transport is not None
        # The body in pieces of ~256 KB, sent one after another: the socket releases the GIL while it sends,
        # and few pieces mean few hand-overs of the GIL between this thread and the training loop's.
        body: List[bytes] = []
        piece: List[bytes] = [b"["]
        size = 1
        for i, (_, data) in enumerate(batch):
            if i:
                piece.append(b",")
            piece.append(data)
            size += len(data) + 1
            if size >= 256 * 1024:
                body.append(b"".join(piece))
                piece, size = [], 0
        piece.append(b"]")
        body.append(b"".join(piece))
        try:
            answer = self._transport.request("POST", "/api/v1/events", body, retries=0)
        except HarnessLabError as error:
            self._last_network_error = error
            return self._transport.backoff(min(self._failures, 16))
        if 200 <= answer.status < 300:
            body_json = answer.body if isinstance(answer.body, dict) else {}
            with self._cond:
                self.stats["batches"] += 1
                self.stats["events"] += len(batch)
                for key in ("applied", "unchanged"):
                    for name, n in (body_json.get(key) or {}).items():
                        if isinstance(n, int):
                            self.stats[key][name] = self.stats[key].get(name, 0) + n
            return None
        if answer.status == 429 or answer.status >= 500:
            self._last_network_error = error_from_answer("POST /api/v1/events", answer)
            return answer.retry_after if answer.retry_after is not None else self._transport.backoff(min(self._failures, 16))
        if answer.status == 413 and len(batch) > 1:
            # The server's body limit is lower than ours: send the halves one after the other.
            half = (len(batch) + 1) // 2
            for part in (batch[:half], batch[half:]):
                while True:
                    wait = self._post(part)
                    if wait is None:
                        break
                    time.sleep(min(wait, 5.0))
            return None

        def describe(i: int) -> Dict[str, Any]:
            if not 0 <= i < len(batch):
                return {}
            seq, text = batch[i]
            try:
                event = json.loads(text)
            except ValueError:
                event = {}
            return {"index": seq, "type": event.get("type"), "id": event.get("id") or event.get("run")}

        error = error_from_answer("POST /api/v1/events", answer, describe)
        self._on_refused()
        with self._cond:
            self._errors.append(error)
            self._cond.notify_all()
        return None

    def _on_refused(self) -> None:
        """Called on the sender's thread when a batch is refused for good (subclasses forget what it declared)."""
