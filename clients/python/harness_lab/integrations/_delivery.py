"""Waiting for delivery at the end of training, for trainers whose process may be killed before exit handlers
run (SkyRL's Ray task, verl's TaskRunner): the client's own exit handler would send what is left, or write it to
disk for `harness-lab sync`, but only if it gets to run."""
from __future__ import annotations

import time

from ..client import Client
from ..errors import HarnessLabError
from ._guard import warn_once


def send_pending(client: Client, where: str) -> None:
    """Waits while the server takes the events, up to the client's close_timeout, but not while it is not
    answering; a batch it refuses is one warning under `where`. What is left stays with the client."""
    deadline = time.monotonic() + client.close_timeout
    while True:
        try:
            client.flush(timeout=max(0.0, min(0.25, deadline - time.monotonic())))
            return
        except HarnessLabError as error:
            if not error.retryable:
                warn_once(where, error)
                return
        if getattr(client, "_last_network_error", None) is not None or time.monotonic() >= deadline:
            return
