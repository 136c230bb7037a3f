// A run whose producer does not say when it started or ended (the reference experiment, a plain HTTP producer)
// still gets both: the arrival of the event that first says "running" and of the one that first ends it. A time the
// producer sends wins, and a re-sent event changes nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { openStore } from "../client";
import { applyEvents } from "../apply-events";

const experiment = { type: "experiment", id: "rt", name: "run times", method: "grpo" };
const run = (status: string, extra: Record<string, unknown> = {}) => ({ type: "run", id: "rt-run", experiment: "rt", kind: "train", status, ...extra });
const times = (store: ReturnType<typeof openStore>) =>
  store.sqlite.prepare("SELECT started_at AS started, finished_at AS finished FROM runs WHERE id = 'rt-run'").get();

afterEach(() => vi.useRealTimers());

describe("a run's start and end", () => {
  it("are the arrival times when the producer does not send them", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const store = openStore(":memory:");
    expect(applyEvents(store, [experiment, run("running")])).toMatchObject({ ok: true });
    expect(times(store)).toEqual({ started: 1_000_000, finished: null });
    vi.setSystemTime(1_005_000);
    expect(applyEvents(store, [run("running")])).toMatchObject({ ok: true, unchanged: { run: 1 } });
    expect(applyEvents(store, [run("finished")])).toMatchObject({ ok: true, applied: { run: 1 } });
    expect(times(store)).toEqual({ started: 1_000_000, finished: 1_005_000 });
    vi.setSystemTime(1_009_000);
    expect(applyEvents(store, [run("finished")])).toMatchObject({ ok: true, unchanged: { run: 1 } });
    expect(times(store)).toEqual({ started: 1_000_000, finished: 1_005_000 });
  });

  it("are the producer's when it sends them", () => {
    vi.useFakeTimers({ now: 2_000_000, toFake: ["Date"] });
    const store = openStore(":memory:");
    applyEvents(store, [experiment, run("running", { started_at: 1_500_000 })]);
    applyEvents(store, [run("failed", { finished_at: 1_700_000 })]);
    expect(times(store)).toEqual({ started: 1_500_000, finished: 1_700_000 });
  });

  it("stay empty for a run declared pending, and a run that arrives already ended gets both", () => {
    vi.useFakeTimers({ now: 3_000_000, toFake: ["Date"] });
    const store = openStore(":memory:");
    applyEvents(store, [experiment, run("pending")]);
    expect(times(store)).toEqual({ started: null, finished: null });
    const other = openStore(":memory:");
    applyEvents(other, [experiment, run("finished")]);
    expect(times(other)).toEqual({ started: 3_000_000, finished: 3_000_000 });
  });
});
