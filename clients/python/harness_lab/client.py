"""`Client`: the entry point. Sends events in the background (harness_lab.sender) and offers the domain's
conveniences: runs, harness versions from a directory, proposals, comparisons, decisions, eval results, and
`wait_for_decision` so a Python trainer can wait for the human review gate.

Configuration falls back to the environment: HARNESS_LAB_URL, HARNESS_LAB_TOKEN, HARNESS_LAB_EXPERIMENT,
HARNESS_LAB_RUN, and HARNESS_LAB_OFFLINE_DIR (no server: every event goes to the offline event log).
"""
from __future__ import annotations

import atexit
import os
import sys
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from . import events, ids
from .errors import HarnessLabError
from .harness_dir import files_digest, read_harness_files
from .run import Run
from .sender import DEFAULT_BATCH_SIZE, DEFAULT_MAX_BATCH_BYTES, DEFAULT_MAX_BUFFER_BYTES, BackgroundSender
from .transport import Transport


@dataclass(frozen=True)
class Decision:
    """The outcome of a proposal's review: `status` accepted or rejected (or superseded)."""

    proposal: str
    status: str
    verdict: Optional[str]
    actor: Optional[str]
    actor_kind: Optional[str]
    reason: Optional[str]
    record: Dict[str, Any]

    @property
    def accepted(self) -> bool:
        return self.status == "accepted"


class Client(BackgroundSender):
    def __init__(self, url: Optional[str] = None, token: Optional[str] = None, *, offline_dir: Optional[str] = None,
                 spill_dir: Optional[str] = None, batch_size: int = DEFAULT_BATCH_SIZE, max_batch_bytes: int = DEFAULT_MAX_BATCH_BYTES,
                 max_buffer_bytes: int = DEFAULT_MAX_BUFFER_BYTES, flush_interval: float = 0.5, timeout: float = 120.0,
                 retries: int = 6, backoff_base: float = 0.5, backoff_max: float = 30.0, close_timeout: float = 60.0):
        """`url`/`token` default to $HARNESS_LAB_URL/$HARNESS_LAB_TOKEN. Without a URL, `offline_dir` (or
        $HARNESS_LAB_OFFLINE_DIR) is required and every event is appended there for `harness-lab sync`."""
        url = url or os.environ.get("HARNESS_LAB_URL") or None
        token = token or os.environ.get("HARNESS_LAB_TOKEN") or None
        offline_dir = offline_dir or os.environ.get("HARNESS_LAB_OFFLINE_DIR") or None
        if url and not token:
            raise ValueError(f"harness_lab: no token for {url}: pass token= or set HARNESS_LAB_TOKEN (an API token with the ingest scope)")
        if not url and not offline_dir:
            raise ValueError("harness_lab: no server: pass url= (or set HARNESS_LAB_URL), or offline_dir= to write an event log for `harness-lab sync`")
        transport = Transport(url, token, retries=0, timeout=timeout, backoff_base=backoff_base, backoff_max=backoff_max) if url else None
        super().__init__(transport, offline_dir=offline_dir, spill_dir=spill_dir, batch_size=batch_size, max_batch_bytes=max_batch_bytes,
                         max_buffer_bytes=max_buffer_bytes, flush_interval=flush_interval)
        self.url = url
        self.offline_dir = offline_dir if not url else None
        self._reader = Transport(url, token, retries=retries, timeout=timeout, backoff_base=backoff_base, backoff_max=backoff_max) if url else None
        self._reader_lock = threading.Lock()
        self._declared_experiments: set = set()
        self._declared_tasks: set = set()
        self._proposal_experiment: Dict[str, str] = {}
        # How many times each change was proposed without a round, per run (ids.proposal's `nth`).
        self._proposals_made: Dict[tuple, int] = {}
        self._proposals_lock = threading.Lock()
        self.close_timeout = close_timeout
        atexit.register(_close_at_exit, weakref.ref(self))

    def _after_fork(self) -> None:
        super()._after_fork()
        if self._reader is not None:
            self._reader.forget_connection()
        self._reader_lock = threading.Lock()
        self._proposals_lock = threading.Lock()

    def _on_refused(self) -> None:
        # A refused batch is dropped whole: an experiment or task it declared may not exist, so declare again.
        self._declared_experiments = set()
        self._declared_tasks = set()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close(self.close_timeout)

    # ---- runs and declarations -------------------------------------------------------------------------

    def run(self, experiment: Optional[str] = None, run: Optional[str] = None, **kwargs: Any) -> Run:
        """A run context manager; experiment and run default to $HARNESS_LAB_EXPERIMENT and $HARNESS_LAB_RUN.
        kwargs: id, kind ("train"), method ("grpo"), config, benchmark (of auto-declared tasks), harness_version."""
        experiment = experiment or os.environ.get("HARNESS_LAB_EXPERIMENT")
        run = run or os.environ.get("HARNESS_LAB_RUN")
        if not experiment:
            raise ValueError("harness_lab: name the experiment: client.run(\"my-experiment\", \"run-name\") or set HARNESS_LAB_EXPERIMENT")
        if not run:
            run = time.strftime("run-%Y%m%d-%H%M%S")
        return Run(self, experiment, run, **kwargs)

    def declare_experiment(self, id: str, *, name: Optional[str] = None, method: str = "grpo", description: Optional[str] = None,
                           config: Optional[Mapping[str, Any]] = None) -> str:
        """Sends the experiment event once per client (the method is fixed once stored)."""
        if id not in self._declared_experiments:
            self.send(events.experiment(id=id, name=name or id, method=method, description=description, config=config))
            self._declared_experiments.add(id)
        return id

    def declare_task(self, id: str, *, key: Optional[str] = None, benchmark: str = "default", title: Optional[str] = None,
                     metadata: Optional[Mapping[str, Any]] = None) -> str:
        """Sends the task event once per client (tasks are global; key and benchmark are fixed once stored)."""
        if id not in self._declared_tasks or title is not None or metadata is not None:
            self.send(events.task(id=id, key=key or id, benchmark=benchmark, title=title, metadata=metadata))
            self._declared_tasks.add(id)
        return id

    # ---- records of the evolution loop and evaluation -------------------------------------------------

    def harness_version_from_dir(self, experiment: str, directory: str, label: str, *, id: Optional[str] = None,
                                 parent: Optional[str] = None, origin: Optional[str] = None, origin_proposal: Optional[str] = None,
                                 description: Optional[str] = None, hook_positions: Optional[Mapping[str, str]] = None) -> str:
        """A harness version holding every text file of `directory` (tools/, hooks/, skills/, prompts/ give the
        kinds; a hook's position comes from `hook_positions` or its path). The id defaults to one derived from
        the label and the files, so the same directory re-sent is the same version. Returns the id."""
        files = read_harness_files(directory, hook_positions)
        version_id = id or ids.prefixed_id("harness", experiment, label, files_digest(files))
        self.send(events.harness_version(id=version_id, experiment=experiment, label=label, files=files, parent=parent,
                                         origin=origin, origin_proposal=origin_proposal, description=description))
        return version_id

    def proposal(self, experiment: str, *, base: str, candidate: str, title: str, kind: str = "tool_hook",
                 id: Optional[str] = None, run: Optional[str] = None, round: Optional[Union[str, int]] = None,
                 evidence: Optional[Sequence[Any]] = None, **fields: Any) -> str:
        """A proposal to move from harness version `base` to `candidate`; evidence: rollout ids or
        events.evidence(...) dicts. Returns its id.

        A proposal is identified by its run and round (see ids.proposal), or by the `id` you give: the same
        change proposed again in a later round is a new proposal with its own decision, and
        `wait_for_decision(id)` waits for that one. `round` is the evolution round's id (a str, stored on the
        proposal; the round must have been sent) or your loop's round number (an int, used in the id only).
        Without a round, the n-th proposal of the same change in this run is round n."""
        if id is None:
            nth = None
            if round is None:
                with self._proposals_lock:
                    key = (experiment, run, base, candidate)
                    nth = self._proposals_made[key] = self._proposals_made.get(key, 0) + 1
            proposal_id = ids.proposal(experiment, run=run, round=round, nth=nth, base=base, candidate=candidate)
        else:
            proposal_id = id
        if isinstance(round, str):
            fields["round"] = round
        cited = [events.evidence(rollout=e) if isinstance(e, str) else dict(e) for e in (evidence or [])]
        self.send(events.proposal(id=proposal_id, experiment=experiment, kind=kind, title=title, base=base, candidate=candidate,
                                  evidence=cited or None, **fields))
        self._proposal_experiment[proposal_id] = experiment
        return proposal_id

    def comparison(self, proposal: str, *, base_rollouts: Sequence[str] = (), candidate_rollouts: Sequence[str] = (),
                   reported: Optional[Mapping[str, Any]] = None, id: Optional[str] = None, **fields: Any) -> str:
        comparison_id = id or ids.prefixed_id("comparison", proposal)
        self.send(events.comparison(id=comparison_id, proposal=proposal, base_rollouts=list(base_rollouts) or None,
                                    candidate_rollouts=list(candidate_rollouts) or None, reported=reported, **fields))
        return comparison_id

    def decision(self, proposal: str, verdict: str, *, reason: Optional[str] = None, id: Optional[str] = None, **fields: Any) -> str:
        """A rule's decision (verdict accept or reject). Decisions are append-only: give distinct ids."""
        decision_id = id or ids.prefixed_id("decision", proposal, verdict, reason)
        self.send(events.decision(id=decision_id, proposal=proposal, verdict=verdict, reason=reason, **fields))
        return decision_id

    def eval_result(self, experiment: str, benchmark: str, results: Sequence[Mapping[str, Any]], *, id: Optional[str] = None,
                    checkpoint: Optional[str] = None, harness_version: Optional[str] = None, repeat: int = 0, **fields: Any) -> str:
        """Per-task results of one evaluation (checkpoint x harness version x benchmark x repeat); each result
        a dict with task, success and optionally reward, rollout, details. Tasks are declared as needed."""
        for result in results:
            self.declare_task(result["task"], benchmark=benchmark)
        eval_id = id or ids.prefixed_id("eval", experiment, checkpoint, harness_version, benchmark, repeat)
        self.send(events.eval_result(id=eval_id, experiment=experiment, benchmark=benchmark, checkpoint=checkpoint,
                                     harness_version=harness_version, repeat=repeat, results=[dict(r) for r in results], **fields))
        return eval_id

    # ---- reading ---------------------------------------------------------------------------------------

    def get(self, path: str, **query: Any) -> Any:
        """GET from the read API (`path` relative to /api/v1); the token needs the read scope."""
        if self._reader is None:
            raise RuntimeError("harness_lab: reading needs a server (this client writes an offline log)")
        with self._reader_lock:
            return self._reader.get_json(path, query)

    def wait_for_decision(self, proposal: str, timeout: Optional[float] = None, *, poll_interval: float = 2.0,
                          experiment: Optional[str] = None) -> Decision:
        """Flushes, then waits until the proposal is decided (a reviewer in the dashboard, or a rule) and
        returns the decision. Raises TimeoutError after `timeout` seconds (None: wait for ever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        self.flush(timeout)
        experiment = experiment or self._proposal_experiment.get(proposal)
        while True:
            record = self._find_proposal(proposal, experiment)
            if record is not None and record.get("status") not in (None, "pending"):
                latest = (record.get("decisions") or [{}])[-1]
                return Decision(proposal=proposal, status=record["status"], verdict=latest.get("verdict"), actor=latest.get("actor"),
                                actor_kind=latest.get("actorKind"), reason=latest.get("reason"), record=record)
            if deadline is not None and time.monotonic() >= deadline:
                state = "not found" if record is None else "still pending"
                raise TimeoutError(f"harness_lab: proposal {proposal!r} {state} after {timeout} s")
            time.sleep(poll_interval if deadline is None else max(0.0, min(poll_interval, deadline - time.monotonic())))

    def _find_proposal(self, proposal: str, experiment: Optional[str]) -> Optional[Dict[str, Any]]:
        try:
            answer = self.get("proposals", experiment=experiment)
        except HarnessLabError as error:
            if error.status != 403:
                raise
            # The usual cause: an ingest-only token. Say which token the gate needs, not just the server's refusal.
            raise HarnessLabError(f"{error.headline}; wait_for_decision reads the proposal's decision, so the token needs read of "
                                  f"this experiment (mint one on Connect a trainer with \"waits for reviews\" ticked, or add the "
                                  f"read scope under Settings)", error.status, error.reason, error.problems, error.retryable, error.body) from None
        for record in (answer or {}).get("proposals", []):
            if record.get("id") == proposal:
                return record
        return None

    def close(self, timeout: Optional[float] = None) -> Dict[str, Any]:
        """Sends what is left (waiting up to `timeout`, default close_timeout=60 s), then stops. See BackgroundSender.close."""
        try:
            return super().close(self.close_timeout if timeout is None else timeout)
        finally:
            if self._reader is not None:
                self._reader.close()


def _close_at_exit(ref: "weakref.ReferenceType[Client]") -> None:
    client = ref()
    if client is None:
        return
    try:
        client.close()
    except HarnessLabError as error:
        sys.stderr.write(f"harness_lab: at exit: {error}\n")
