"""Proposal identity (issue 40): a proposal is its run and round, not just its change. The same change (base ->
candidate) proposed again in a later round, or by another run, is a new proposal that is stored and decided on
its own, and wait_for_decision waits for that one — before, the id came from (experiment, base, candidate)
alone: another run's proposal with another title was refused (409) and dropped, and with the same title it
was "unchanged" and wait_for_decision answered with the earlier run's decision. Through the client, against
the real server."""
from __future__ import annotations

import pytest
from answering_server import AnsweringServer

from harness_lab import Client, HarnessLabError, ids


def _versions(client: Client, run, tmp_path, experiment: str):
    for label in ("h0", "h1"):
        (tmp_path / label / "tools").mkdir(parents=True, exist_ok=True)
        (tmp_path / label / "tools" / "bash.py").write_text(f"# {label}\n")
    base = run.harness_version_from_dir(str(tmp_path / "h0"), "H0")
    candidate = client.harness_version_from_dir(experiment, str(tmp_path / "h1"), "H1", parent=base, origin="proposal")
    return base, candidate


def _decide(server, decision_id: str, proposal: str, verdict: str) -> None:
    status, body = server.post_events([{"type": "decision", "id": decision_id, "proposal": proposal, "verdict": verdict,
                                        "actor": "alice", "actor_kind": "human", "reason": f"{verdict}ed in review"}])
    assert status == 200, body


def _stored(server, experiment: str) -> dict:
    return {p["id"]: p for p in server.get(f"proposals?experiment={experiment}")["proposals"]}


def test_the_same_change_in_a_later_round_is_a_new_proposal_decided_on_its_own(server, prefix, tmp_path):
    client = Client(server.url, token=server.token)
    with client.run(prefix, "evolve") as run:
        base, candidate = _versions(client, run, tmp_path, prefix)
        first = run.proposal(base=base, candidate=candidate, title="Run the tests before submitting")
        client.flush(30)
        _decide(server, f"{prefix}-d1", first, "reject")
        assert client.wait_for_decision(first, timeout=30, poll_interval=0.2).status == "rejected"

        # Round 2 of the same run proposes the same change again: a proposal of its own, still pending.
        second = run.proposal(base=base, candidate=candidate, title="Run the tests before submitting")
        assert second != first
        with pytest.raises(TimeoutError, match="still pending"):
            client.wait_for_decision(second, timeout=1.0, poll_interval=0.2)
        _decide(server, f"{prefix}-d2", second, "accept")
        decision = client.wait_for_decision(second, timeout=30, poll_interval=0.2)
    client.close()
    assert (decision.proposal, decision.status, decision.verdict) == (second, "accepted", "accept")
    stored = _stored(server, prefix)
    assert {first: stored[first]["status"], second: stored[second]["status"]} == {first: "rejected", second: "accepted"}
    assert [d["verdict"] for d in stored[first]["decisions"]] == ["reject"]
    assert [d["verdict"] for d in stored[second]["decisions"]] == ["accept"]


def test_another_run_proposing_the_same_change_gets_its_own_proposal_whatever_its_title(server, prefix, tmp_path):
    client = Client(server.url, token=server.token)
    with client.run(prefix, "seed1") as run1:
        base, candidate = _versions(client, run1, tmp_path, prefix)
        earlier = run1.proposal(base=base, candidate=candidate, title="Run the tests before submitting")
        client.flush(30)
        _decide(server, f"{prefix}-d1", earlier, "reject")
    with client.run(prefix, "seed2") as run2:
        # Another title: before, a 409 (immutable record changed) and the proposal was dropped.
        retitled = run2.proposal(base=base, candidate=candidate, title="Run the related tests first")
    with client.run(prefix, "seed3") as run3:
        # The same title: before, "unchanged", and the wait answered with seed1's rejection.
        same = run3.proposal(base=base, candidate=candidate, title="Run the tests before submitting")
        with pytest.raises(TimeoutError, match="still pending"):
            client.wait_for_decision(same, timeout=1.0, poll_interval=0.2)
    client.close()
    assert len({earlier, retitled, same}) == 3
    stored = _stored(server, prefix)
    assert (stored[retitled]["title"], stored[retitled]["status"]) == ("Run the related tests first", "pending")
    assert (stored[same]["status"], stored[same]["decisions"]) == ("pending", [])
    assert stored[earlier]["status"] == "rejected"


def test_a_round_the_trainer_gives_names_the_proposal_and_a_re_sent_round_changes_nothing(server, prefix, tmp_path):
    client = Client(server.url, token=server.token)
    with client.run(prefix, "evolve") as run:
        base, candidate = _versions(client, run, tmp_path, prefix)
        round1 = run.proposal(base=base, candidate=candidate, title="Run the tests", round=1)
        round2 = run.proposal(base=base, candidate=candidate, title="Run the tests", round=2)
        # A trainer restarted in round 2 proposes it again: the same id, nothing doubled.
        again = run.proposal(base=base, candidate=candidate, title="Run the tests", round=2)
        given = run.proposal(base=base, candidate=candidate, title="Run the tests", id=f"{prefix}-mine")
    stats = client.close()
    assert (round2 == again, round1 != round2, given) == (True, True, f"{prefix}-mine")
    assert round1 == ids.proposal(prefix, run=ids.run(prefix, "evolve"), round=1, nth=None, base=base, candidate=candidate)
    assert set(_stored(server, prefix)) == {round1, round2, given}
    # A refused batch would have raised in close(); the re-sent round is answered "unchanged".
    assert (stats["applied"].get("proposal"), stats["unchanged"].get("proposal")) == (3, 1)


def test_a_token_that_cannot_read_is_told_what_the_review_gate_needs():
    # The server's 403 for an ingest-only token ("token lacks scope read"), as the review gate meets it: the
    # error says which token the gate needs rather than leaving the trainer with the bare refusal.
    answering = AnsweringServer(403)
    try:
        client = Client(answering.url, token="hl_ingest_only", retries=0)
        with pytest.raises(HarnessLabError, match=r"-> 403: .*the token needs read of this experiment \(mint one on Connect a trainer"):
            client.wait_for_decision("proposal-x", timeout=5, experiment="exp")
        client.close(5)
    finally:
        answering.close()
