"""wait_for_decision: a Python trainer sends a proposal and waits for the human review gate; it returns the
decision once one is recorded (here posted by another producer while the trainer waits, as the dashboard's
review does), and raises TimeoutError while the proposal is still pending."""
from __future__ import annotations

import threading
import time

import pytest

from harness_lab import Client


def test_wait_for_decision_returns_the_decision_and_times_out_while_pending(server, prefix, tmp_path):
    for label in ("h0", "h1"):
        (tmp_path / label / "tools").mkdir(parents=True)
        (tmp_path / label / "tools" / "bash.py").write_text(f"# {label}\n")
    client = Client(server.url, token=server.token)
    with client.run(prefix, "evolve") as run:
        base = run.harness_version_from_dir(str(tmp_path / "h0"), "H0")
        candidate = client.harness_version_from_dir(prefix, str(tmp_path / "h1"), "H1", parent=base, origin="proposal")
        proposal = run.proposal(base=base, candidate=candidate, title="Run the tests before submitting", rationale="fewer symptom-only patches")
        client.comparison(proposal, reported={"base_pass_rate": 0.4, "candidate_pass_rate": 0.5})
        started = time.monotonic()
        with pytest.raises(TimeoutError, match="still pending"):
            client.wait_for_decision(proposal, timeout=1.0, poll_interval=0.2)
        assert time.monotonic() - started < 10

        def reviewer():
            time.sleep(1.0)
            status, body = server.post_events([{"type": "decision", "id": f"{prefix}-review", "proposal": proposal, "verdict": "accept",
                                                "actor": "alice", "actor_kind": "human", "reason": "looks right"}])
            assert status == 200, body

        thread = threading.Thread(target=reviewer)
        thread.start()
        decision = client.wait_for_decision(proposal, timeout=60, poll_interval=0.2)
        thread.join()
    client.close()
    assert (decision.status, decision.verdict, decision.actor, decision.actor_kind, decision.reason) == ("accepted", "accept", "alice", "human", "looks right")
    assert decision.accepted
