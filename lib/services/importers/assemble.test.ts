// The assembly of read files into contract events: deterministic ids, the join of trajectories with
// reports and sidecars, and events the store takes (and takes again as "unchanged").
import { describe, expect, it } from "vitest";
import { openStore } from "../../../db/client";
import { applyEvents, validateEvents } from "../../../db/apply-events";
import { outcomeOf as outcomeRule } from "../../domain/outcome";
import { assemble, type ParsedInput } from "./assemble";
import { readImportFile } from "./registry";
import { resolveTarget, storeLookup } from "./resolve-target";
import type { ImportTarget } from "./target";
import { TEST_READERS, report, trajectory } from "../../../test/fixtures/importers/test-readers";

const encode = (text: string) => new TextEncoder().encode(text);

function parse(files: Array<[string, string | Uint8Array]>): ParsedInput[] {
  return files.map(([name, content]) => {
    const bytes = typeof content === "string" ? encode(content) : content;
    const outcome = readImportFile({ name, bytes }, TEST_READERS);
    if (!outcome.ok) throw new Error(`${name}: ${outcome.reason}`);
    return { file: { name, bytes, text: outcome.text }, format: outcome.format, parsed: outcome.parsed };
  });
}

async function targetFor(store = openStore(":memory:"), options: { harness?: string; experiment?: string } = {}): Promise<ImportTarget> {
  const resolved = await resolveTarget(storeLookup(store), { experiment: options.experiment ?? "SWE-bench import", harness: options.harness });
  if (!resolved.ok) throw new Error(resolved.reason);
  return resolved.target;
}

const events = (units: ReturnType<typeof assemble>) => units.flatMap((u) => u.events);
type AnyEvent = Record<string, unknown> & { type: string; id?: string };
const ofType = (units: ReturnType<typeof assemble>, type: string) => events(units).filter((e) => e.type === type) as AnyEvent[];

const FILES: Array<[string, string]> = [
  ["run/trajs/a-1.json", trajectory("a-1", { exit_status: "Submitted" })],
  ["run/trajs/b-2.json", trajectory("b-2", { success: true })],
  ["run/trajs/c-3.json", trajectory("c-3")],
  ["run/trajs/d-4.json", trajectory("d-4")],
  ["run/exit_statuses.txt", "c-3 LimitsExceeded\nd-4 Submitted\n"],
  ["run/report.json", report({ "a-1": "resolved", "b-2": "unresolved", "z-9": "error" })],
];

describe("assemble", () => {
  it("gives the same events, byte for byte, for the same files and target", async () => {
    const target = await targetFor();
    expect(JSON.stringify(assemble(parse(FILES), target))).toBe(JSON.stringify(assemble(parse(FILES), target)));
  });

  it("creates the experiment (custom) and a finished import run; parents come before what references them", async () => {
    const target = await targetFor();
    expect(target.experimentId).toBe("swe-bench-import");
    const list = events(assemble(parse(FILES), target)) as AnyEvent[];
    expect(list[0]).toEqual({ type: "experiment", id: "swe-bench-import", name: "SWE-bench import", method: "custom" });
    expect(list[1]).toMatchObject({ type: "run", kind: "import", status: "finished", name: "import", experiment: "swe-bench-import" });
    const position = new Map<string, number>();
    list.forEach((e, i) => position.has(`${e.type}:${e.id}`) || position.set(`${e.type}:${e.id}`, i));
    for (const [i, e] of list.entries()) {
      if (e.type === "rollout") {
        expect(position.get(`task:${e.task}`)!).toBeLessThan(i);
        expect(position.get(`source_file:${e.source_file}`)!).toBeLessThan(i);
      }
      if (e.type === "eval_result") {
        for (const r of e.results as Array<{ task: string; rollout?: string }>) {
          expect(position.get(`task:${r.task}`)!).toBeLessThan(i);
          if (r.rollout) expect(position.get(`rollout:${r.rollout}`)!).toBeLessThan(i);
        }
      }
    }
  });

  it("a rollout carries only its own file's outcome; the store joins the report's verdicts to the unknown ones; sidecars fill exit status and submission", async () => {
    const store = openStore(":memory:");
    const units = assemble(parse(FILES), await targetFor(store));
    const byTask = new Map(ofType(units, "rollout").map((r) => [r.task, r]));
    // The events do not depend on whether the report is part of the import (identity from content).
    expect(byTask.get("swe-bench:a-1")).toMatchObject({ success: false, reward: null, exit_status: "Submitted" });
    expect(byTask.get("swe-bench:a-1")!.metadata).toBeUndefined();
    expect(byTask.get("swe-bench:b-2")).toMatchObject({ success: true, reward: 1 });
    expect(byTask.get("swe-bench:c-3")).toMatchObject({ success: false, reward: null, exit_status: "LimitsExceeded", submission: "patch for c-3" });
    expect(outcomeRule(byTask.get("swe-bench:c-3") as unknown as { success: boolean; reward: number | null })).toBe("unknown");
    for (const r of byTask.values()) expect(r).toMatchObject({ purpose: "eval", source_format: "test-traj" });

    expect(applyEvents(store, events(units))).toMatchObject({ ok: true });
    const stored = new Map((store.sqlite.prepare("SELECT task_id AS task, success, reward, outcome_eval_run_id AS joined FROM rollouts").all() as Array<{ task: string; success: number; reward: number | null; joined: string | null }>).map((r) => [r.task, r]));
    const [evalResult] = ofType(units, "eval_result");
    // The verdict joined the rollout whose outcome was unknown…
    expect(stored.get("swe-bench:a-1")).toEqual({ task: "swe-bench:a-1", success: 1, reward: 1, joined: evalResult!.id });
    // …not the one whose file gave its own outcome (the eval result still records the report's verdict).
    expect(stored.get("swe-bench:b-2")).toEqual({ task: "swe-bench:b-2", success: 1, reward: 1, joined: null });
    expect(stored.get("swe-bench:c-3")).toMatchObject({ success: 0, reward: null, joined: null });
  });

  it("keeps each trajectory's original file and links its rollouts to it", async () => {
    const units = assemble(parse(FILES), await targetFor());
    const sources = ofType(units, "source_file");
    expect(sources.map((s) => s.name)).toEqual(["a-1.json", "b-2.json", "c-3.json", "d-4.json"]);
    expect(sources[0]).toMatchObject({ encoding: "utf8", content: FILES[0]![1], format: "test-traj" });
    const rollout = ofType(units, "rollout").find((r) => r.task === "swe-bench:a-1")!;
    expect(rollout.source_file).toBe(sources[0]!.id);
  });

  it("keeps a binary original as base64", async () => {
    const bin = new Uint8Array([0xff, 0xfe, 0x00, 0x01, ...encode("q-1")]);
    const units = assemble(parse([["x.bin", bin]]), await targetFor());
    const [source] = ofType(units, "source_file");
    expect(source).toMatchObject({ encoding: "base64", content: Buffer.from(bin).toString("base64") });
  });

  it("one joining eval result per report: every verdict with its task, details and status; the store finds the rollouts", async () => {
    const units = assemble(parse(FILES), await targetFor());
    const [evalResult] = ofType(units, "eval_result");
    expect(evalResult).toMatchObject({ benchmark: "swe-bench", reported: { total_instances: 3 }, join_rollouts: true });
    expect(evalResult!.results).toEqual([
      { task: "swe-bench:a-1", success: true, reward: 1, details: { FAIL_TO_PASS: { success: [], failure: [] }, status: "resolved" } },
      { task: "swe-bench:b-2", success: false, reward: 0, details: { FAIL_TO_PASS: { success: [], failure: [] }, status: "unresolved" } },
      { task: "swe-bench:z-9", success: false, reward: 0, details: { FAIL_TO_PASS: { success: [], failure: [] }, status: "error" } },
    ]);
    expect(ofType(units, "task").map((t) => t.id)).toContain("swe-bench:z-9");
  });

  it("gives a second, different file of the same instance and attempt a counter suffix, in file order; the same trajectory twice is stored once", async () => {
    const units = assemble(parse([["1.json", trajectory("a-1")], ["2.json", trajectory("a-1", { exit_status: "x" })], ["3.json", trajectory("a-1", { exit_status: "y" })]]), await targetFor());
    const ids = ofType(units, "rollout").map((r) => r.id as string);
    expect(ids[1]).toBe(`${ids[0]}-2`);
    expect(ids[2]).toBe(`${ids[0]}-3`);
    const same = assemble(parse([["log.eval.json", trajectory("a-1")], ["log.json", trajectory("a-1")]]), await targetFor());
    expect(ofType(same, "rollout")).toHaveLength(1);
    const epochs = assemble(parse([["e.json", JSON.stringify({ ...JSON.parse(trajectory("a-1")), attempts: [{}, {}] })]]), await targetFor());
    const [first, second] = ofType(epochs, "rollout").map((r) => r.id as string);
    expect(first).not.toBe(second);
    expect(second).not.toMatch(/-2$/);
  });

  it("takes the benchmark from the file when it names one, else the import's", async () => {
    const store = openStore(":memory:");
    const resolved = await resolveTarget(storeLookup(store), { experiment: "x", benchmark: "swe-bench-verified" });
    if (!resolved.ok) throw new Error(resolved.reason);
    const units = assemble(parse([["a.json", trajectory("a-1", { benchmark: "inspect/browser" })], ["b.json", trajectory("b-1")]]), resolved.target);
    expect(ofType(units, "task").map((t) => [t.id, t.key, t.benchmark])).toEqual([
      ["inspect/browser:a-1", "a-1", "inspect/browser"],
      ["swe-bench-verified:b-1", "b-1", "swe-bench-verified"],
    ]);
  });

  it("validates against the contract, applies to a store, and applies again as all unchanged", async () => {
    const store = openStore(":memory:");
    const target = await targetFor(store, { harness: "H0" });
    const list = events(assemble(parse(FILES), target));
    expect(validateEvents(list)).toMatchObject({ ok: true });
    const first = applyEvents(store, list);
    expect(first).toMatchObject({ ok: true, applied: { experiment: 1, run: 1, harness_version: 1, rollout: 4, source_file: 4, eval_result: 1 } });

    // The second time round the experiment and the harness version exist: the resolver finds them.
    const again = await targetFor(store, { harness: "H0" });
    expect(again).toMatchObject({ createExperiment: false, harness: { id: target.harness!.id, create: false } });
    const second = applyEvents(store, events(assemble(parse(FILES), again)));
    if (!second.ok) throw new Error(JSON.stringify(second.errors));
    expect(second.applied).toEqual({});
    expect(second.unchanged).toMatchObject({ run: 1, rollout: 4, source_file: 4, eval_result: 1 });
    const stored = store.sqlite.prepare("SELECT harness_version_id AS h, count(*) AS n FROM rollouts GROUP BY 1").all();
    expect(stored).toEqual([{ h: target.harness!.id, n: 4 }]);
  });
});

describe("resolving the experiment", () => {
  it("finds an experiment by id or by name, and gives a new one a slug id that does not collide", async () => {
    const store = openStore(":memory:");
    applyEvents(store, [
      { type: "experiment", id: "exp-7", name: "Gemini on Verified", method: "grpo" },
      { type: "experiment", id: "my-run", name: "Something else", method: "grpo" },
      { type: "harness_version", id: "hv-h2", experiment: "exp-7", label: "H2", files: [] },
    ]);
    const lookup = storeLookup(store);
    expect(await resolveTarget(lookup, { experiment: "exp-7", harness: "H2" })).toMatchObject({ ok: true, target: { experimentId: "exp-7", createExperiment: false, harness: { id: "hv-h2", create: false } } });
    expect(await resolveTarget(lookup, { experiment: "Gemini on Verified" })).toMatchObject({ ok: true, target: { experimentId: "exp-7", experimentName: "Gemini on Verified" } });
    const fresh = await resolveTarget(lookup, { experiment: "My run!" });
    expect(fresh).toMatchObject({ ok: true, target: { createExperiment: true, experimentName: "My run!" } });
    expect(fresh.ok && fresh.target.experimentId).toMatch(/^my-run-[0-9a-f]{8}$/);
    expect(await resolveTarget(lookup, { experiment: "  " })).toMatchObject({ ok: false, field: "experiment" });
    expect(await resolveTarget(lookup, { experiment: "x", run: "r".repeat(1001) })).toMatchObject({ ok: false, field: "run" });
  });

  it("refuses a name that several experiments share", async () => {
    const store = openStore(":memory:");
    applyEvents(store, [
      { type: "experiment", id: "a", name: "twin", method: "grpo" },
      { type: "experiment", id: "b", name: "twin", method: "grpo" },
    ]);
    expect(await resolveTarget(storeLookup(store), { experiment: "twin" })).toMatchObject({ ok: false, field: "experiment", reason: expect.stringContaining("a, b") });
  });
});
