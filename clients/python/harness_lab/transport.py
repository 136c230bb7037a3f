"""HTTP to the dashboard with the standard library: one kept-alive connection, retries with backoff.

Mirrors the TypeScript client (lib/client/harness-lab-client.ts): network errors, timeouts, 5xx and 429 are
retried with exponential backoff and "equal jitter", honouring Retry-After (capped at 10 minutes); anything
else is answered at once. Safe because the server is idempotent on producer ids: a batch whose answer was
lost is sent again and reported "unchanged".
"""
from __future__ import annotations

import email.utils
import http.client
import json
import random
import re
import socket
import ssl
import time
import urllib.parse
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Union

from .errors import EventProblem, HarnessLabError

MAX_RETRY_AFTER_S = 600.0


@dataclass
class Answer:
    status: int
    body: Any
    retry_after: Optional[float]
    attempts: int = 1


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After is delay-seconds or an HTTP date; returns seconds, capped, or None."""
    if not value:
        return None
    value = value.strip()
    if re.fullmatch(r"\d+(\.\d+)?", value):
        seconds = float(value)
    else:
        try:
            parsed = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if parsed is None:
            return None
        seconds = parsed.timestamp() - (time.time() if now is None else now)
    return min(MAX_RETRY_AFTER_S, max(0.0, seconds))


class Transport:
    def __init__(self, url: str, token: str, *, retries: int = 6, timeout: float = 120.0, backoff_base: float = 0.5,
                 backoff_max: float = 30.0, sleep: Optional[Callable[[float], bool]] = None):
        parsed = urllib.parse.urlsplit(url.rstrip("/"))
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"harness_lab: the server URL must be http(s)://host[:port], got {url!r}")
        self.url = url.rstrip("/")
        self._scheme = parsed.scheme
        self._host = parsed.hostname
        self._port = parsed.port
        self._base_path = parsed.path.rstrip("/")
        self._token = token
        self.retries = max(0, retries)
        self.timeout = timeout
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        # Returns False when the wait was cut short (the client is closing): then stop retrying.
        self._sleep = sleep or (lambda seconds: (time.sleep(seconds), True)[1])
        self._conn: Optional[http.client.HTTPConnection] = None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def forget_connection(self) -> None:
        """After a fork: the socket belongs to the parent; open a new one on the next request."""
        self._conn = None

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            if self._scheme == "https":
                self._conn = http.client.HTTPSConnection(self._host, self._port, timeout=self.timeout, context=ssl.create_default_context())
            else:
                self._conn = http.client.HTTPConnection(self._host, self._port, timeout=self.timeout)
        return self._conn

    def backoff(self, attempt: int) -> float:
        ceiling = min(self.backoff_max, self.backoff_base * 2 ** attempt)
        return ceiling / 2 + random.random() * ceiling / 2

    def _once(self, method: str, target: str, body: Optional[Union[bytes, List[bytes]]]) -> Answer:
        headers = {"authorization": f"Bearer {self._token}", "accept": "application/json"}
        if body is not None:
            headers["content-type"] = "application/json"
            headers["content-length"] = str(len(body) if isinstance(body, bytes) else sum(len(piece) for piece in body))
        conn = self._connection()
        try:
            conn.request(method, self._base_path + target, body=body, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        except BaseException:
            self.close()
            raise
        if response.getheader("connection", "").lower() == "close":
            self.close()
        text = raw.decode("utf-8", "replace")
        try:
            parsed: Any = json.loads(text) if text else None
        except ValueError:
            parsed = {"error": text[:200]}  # a proxy's HTML error page
        return Answer(response.status, parsed, parse_retry_after(response.getheader("retry-after")))

    def request(self, method: str, target: str, body: Optional[Union[bytes, List[bytes]]] = None, retries: Optional[int] = None) -> Answer:
        """Sends with retries; returns the last answer, or raises a retryable HarnessLabError (status 0)
        when the server could not be reached at all."""
        limit = self.retries if retries is None else retries
        attempt = 0
        while True:
            try:
                answer = self._once(method, target, body)
            except (OSError, http.client.HTTPException, socket.timeout) as error:
                tries = f"after {attempt + 1} attempt{'s' if attempt else ''}"
                reason = f"{type(error).__name__}: {error} ({tries})"
                if attempt >= limit or not self._sleep(self.backoff(attempt)):
                    raise HarnessLabError(f"{method} {target}: {reason}", 0, reason, retryable=True) from None
                attempt += 1
                continue
            answer.attempts = attempt + 1
            retryable = answer.status == 429 or answer.status >= 500
            if not retryable or attempt >= limit:
                return answer
            if not self._sleep(answer.retry_after if answer.retry_after is not None else self.backoff(attempt)):
                return answer
            attempt += 1

    def get_json(self, path: str, query: Optional[Dict[str, Any]] = None) -> Any:
        target = path if path.startswith("/") else f"/api/v1/{path}"
        params = {k: str(v) for k, v in (query or {}).items() if v is not None}
        if params:
            target += ("&" if "?" in target else "?") + urllib.parse.urlencode(params)
        answer = self.request("GET", target)
        if 200 <= answer.status < 300:
            return answer.body
        raise error_from_answer(f"GET {target}", answer)


def error_from_answer(what: str, answer: Answer, describe: Optional[Callable[[int], Dict[str, Any]]] = None) -> HarnessLabError:
    """A refused request as an error; `describe(batch_index)` gives index/type/id of the event sent there."""
    body = answer.body if isinstance(answer.body, dict) else {}
    reason = body.get("error") if isinstance(body.get("error"), str) else f"HTTP {answer.status}"
    retryable = answer.status == 429 or answer.status >= 500
    if retryable and answer.attempts > 1:
        reason += f" (after {answer.attempts} attempts)"
    problems: List[EventProblem] = []
    for p in body.get("errors") or []:
        if not isinstance(p, dict) or not isinstance(p.get("index"), int) or not isinstance(p.get("message"), str):
            continue
        known = describe(p["index"]) if describe else {}
        problems.append(EventProblem(index=known.get("index"), path=str(p.get("path") or ""), message=p["message"],
                                     event_type=known.get("type"), event_id=known.get("id"), batch_index=p["index"]))
    return HarnessLabError(f"{what} -> {answer.status}: {reason}", answer.status, reason, problems, retryable, answer.body)
