"""The Python side of the client bench (programs/bench/python-client-bench.ts): logs N rollouts of the bench's
size (30 turns of ~1 KB, as programs/bench/synthetic-rollouts.ts makes them) through harness_lab's run.log_rollout,
timing how long each call blocks the caller, then how long until the server has them all (flush).
Prints one JSON object. Run with PYTHONPATH=clients/python."""
from __future__ import annotations

import argparse
import json
import time

from harness_lab import Client, events
from harness_lab.event_log import encode_event
from harness_lab.run import normalize_turn

WORDS = "the agent runs the failing test then opens the file and edits the loop bound before it submits a patch".split(" ")


def text(seed: int, size: int) -> str:
    out = []
    length = 0
    i = 0
    while length < size:
        word = WORDS[(seed * 31 + i * 7) % len(WORDS)] + " "
        out.append(word)
        length += len(word)
        i += 1
    return "".join(out)[:size]


def turns(i: int, count: int = 30, turn_bytes: int = 1000) -> list:
    return [{"role": "assistant" if t % 2 == 0 else "tool", "content": text(i + t, int(turn_bytes * 0.6)),
             "observation": text(i * 3 + t, int(turn_bytes * 0.4)), "return_code": 0,
             "hooks": [{"position": "post_feedback", "hook": "stall_detector", "message": "no progress"}] if t == 5 else []}
            for t in range(count)]


def percentile(values: list, p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--rollouts", type=int, default=1000)
    args = parser.parse_args()
    prepared = [turns(i) for i in range(args.rollouts)]  # built beforehand: the trainer has them already
    # The floor on this machine right now: the same event built and serialized with no client at all. On a
    # loaded machine the scheduler, not the client, sets the tail; the gap to this floor is the client's.
    floor_ns = []
    for i in range(args.rollouts):
        t0 = time.perf_counter_ns()
        event = events.rollout(id=str(i), experiment="e", run="r", task="t", purpose="train", reward=1.0, success=True,
                               turns=[normalize_turn(t) for t in prepared[i]])
        encode_event(event).encode("utf-8")
        floor_ns.append(time.perf_counter_ns() - t0)
    client = Client(args.url, token=args.token)
    blocked_ns = []
    cpu_ns = []
    with client.run(args.prefix, "bench") as run:
        client.flush(120)
        start = time.perf_counter()
        for i in range(args.rollouts):
            c0 = time.thread_time_ns()
            t0 = time.perf_counter_ns()
            run.log_rollout(step=i // 64, task=f"{args.prefix}-task-{i % 16}", sample=(i // 16) % 4, reward=1.0 if i % 3 == 0 else 0.0, turns=prepared[i])
            blocked_ns.append(time.perf_counter_ns() - t0)
            cpu_ns.append(time.thread_time_ns() - c0)
        client.flush(600)
        seconds = time.perf_counter() - start
    client.close()
    ms = [n / 1e6 for n in blocked_ns]
    cpu_ms = [n / 1e6 for n in cpu_ns]
    floor_ms = [n / 1e6 for n in floor_ns]
    print(json.dumps({
        "rollouts": args.rollouts, "seconds": seconds, "rollouts_per_s": args.rollouts / seconds,
        "block_p50_ms": percentile(ms, 50), "block_p99_ms": percentile(ms, 99), "block_max_ms": max(ms),
        "cpu_p99_ms": percentile(cpu_ms, 99), "floor_p50_ms": percentile(floor_ms, 50), "floor_p99_ms": percentile(floor_ms, 99),
        "applied": client.stats["applied"].get("rollout", 0), "unchanged": client.stats["unchanged"].get("rollout", 0),
    }))


if __name__ == "__main__":
    main()
