"""Fixtures: one real Harness Lab server for the session (tests/server.py), unique id prefixes per test."""
from __future__ import annotations

import itertools
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from server import ServerProcess  # noqa: E402

_counter = itertools.count()


@pytest.fixture(scope="session")
def server():
    process = ServerProcess()
    process.start()
    yield process
    process.stop()


@pytest.fixture
def prefix(request):
    """Ids unique to this test, so tests share one store without meeting."""
    return f"py{next(_counter)}-{request.node.name[:40].replace('[', '-').replace(']', '')}"
