"""The retry policy, against a stand-in HTTP server (http.server on loopback) that answers what a real server
rarely does on demand: 503, 429 with Retry-After, then 200. A 400 is not retried. The real server's own
behaviour (restart, refusal) is covered in test_server_away.py and test_errors.py."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from harness_lab import Client, HarnessLabError
from harness_lab.transport import parse_retry_after


class StandIn:
    def __init__(self, answers):
        self.answers = list(answers)
        self.bodies = []
        self.times = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                stand_in.bodies.append(json.loads(body))
                stand_in.times.append(time.monotonic())
                status, headers, payload = stand_in.answers.pop(0) if stand_in.answers else (200, {}, {"applied": {}})
                data = json.dumps(payload).encode()
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()


def test_5xx_and_429_are_retried_honouring_retry_after_and_order_is_kept():
    stand_in = StandIn([(503, {}, {"error": "busy"}), (429, {"Retry-After": "1"}, {"error": "slow down"})])
    try:
        client = Client(stand_in.url, token="t", backoff_base=0.01, backoff_max=0.05, batch_size=3)
        for n in range(7):
            client.send({"type": "task", "id": f"t{n}", "key": f"t{n}", "benchmark": "b"})
        client.close(30)
    finally:
        stand_in.close()
    ids = [[e["id"] for e in body] for body in stand_in.bodies]
    assert ids[:3] == [["t0", "t1", "t2"]] * 3, "the same batch again after 503 and 429"
    assert [i for batch in ids[2:] for i in batch] == [f"t{n}" for n in range(7)]
    assert stand_in.times[2] - stand_in.times[1] >= 0.95, "Retry-After: 1 was honoured"


def test_a_400_is_not_retried():
    stand_in = StandIn([(400, {}, {"error": "invalid", "errors": [{"index": 0, "path": "id", "message": "must not be empty"}]})])
    try:
        client = Client(stand_in.url, token="t")
        client.send({"type": "task", "id": "", "key": "k", "benchmark": "b"})
        with pytest.raises(HarnessLabError) as caught:
            client.flush(10)
        client.close(5)
    finally:
        stand_in.close()
    assert len(stand_in.bodies) == 1
    assert str(caught.value.problems[0]) == "event #0 (task): id: must not be empty"


def test_retry_after_is_seconds_or_an_http_date_capped_at_ten_minutes():
    assert parse_retry_after("2") == 2.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:10 GMT", now=1445412480.0) == 10.0
    assert parse_retry_after("99999") == 600.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None
