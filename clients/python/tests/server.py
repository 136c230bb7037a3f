"""Starts the real production server (`node bin/harness-lab.mjs serve`, which needs `next build` output) on a
free port with a brand-new store, for the client's tests. The store stays across restart(), the port too,
so a client that was sending finds the server again."""
from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, Optional

PROJECT_ROOT = Path(os.environ.get("HARNESS_LAB_PROJECT_ROOT") or Path(__file__).resolve().parents[3])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    def __init__(self) -> None:
        if not (PROJECT_ROOT / ".next" / "BUILD_ID").exists():
            raise RuntimeError(f"no production build in {PROJECT_ROOT}/.next: run `npx next build` first (npm test does)")
        self.dir = tempfile.mkdtemp(prefix="harness-lab-pytest-")
        self.db = os.path.join(self.dir, "store.db")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = f"hl_pytest_{secrets.token_hex(20)}"
        self.log_path = os.path.join(self.dir, "server.log")
        self._process: Optional[subprocess.Popen] = None

    def env(self) -> dict:
        return {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), "HARNESS_LAB_DB": self.db,
                "HARNESS_LAB_ADMIN_TOKEN": self.token, "HARNESS_LAB_NO_DEMO": "1", "HARNESS_LAB_NO_JOBS": "1",
                "NEXT_TELEMETRY_DISABLED": "1", "NODE_ENV": "production"}

    def start(self, timeout: float = 90.0) -> None:
        log = open(self.log_path, "a")
        self._process = subprocess.Popen(["node", str(PROJECT_ROOT / "bin" / "harness-lab.mjs"), "serve"], cwd=PROJECT_ROOT,
                                         env=self.env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            if self._process.poll() is not None:
                raise RuntimeError(f"the server exited ({self._process.returncode}):\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/v1/openapi.json", timeout=5) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log()}")
            time.sleep(0.2)

    def stop(self) -> None:
        if self._process is None:
            return
        try:
            os.killpg(self._process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self._process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait(10)
        self._process = None
        # The server may leave the port busy for a moment: wait until it is free again.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", self.port))
                    return
                except OSError:
                    time.sleep(0.1)

    def log(self) -> str:
        try:
            return Path(self.log_path).read_text()[-4000:]
        except OSError:
            return ""

    def get(self, path: str) -> Any:
        request = urllib.request.Request(f"{self.url}/api/v1/{path}", headers={"authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def post_events(self, events: list) -> tuple:
        body = json.dumps(events).encode()
        request = urllib.request.Request(f"{self.url}/api/v1/events", data=body, method="POST",
                                         headers={"authorization": f"Bearer {self.token}", "content-type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")
