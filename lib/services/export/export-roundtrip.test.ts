// Export → sync into an EMPTY store → compare, for a rich store: the reference experiment (--size small: its
// HarnessAdapt-RL, GRPO and Harness-R1 experiments), a folder of real trajectories from five producers read by
// the importers, the contract's example batch, a person's decision and a run launched by a job. Every row of
// every experiment-owned table must come back equal (compare-experiments.ts lists the store-local columns left
// out). Also: exporting twice writes the same bytes, and syncing the same directory again changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { recordHumanDecision } from "../../../db/mutations/record-human-decision";
import { storeSink } from "../../../programs/reference-experiment/run/event-sink";
import { runReferenceExperiment } from "../../../programs/reference-experiment/run/reference-experiment";
import { exampleEvents } from "../../events/examples";
import { validateEvent } from "../../events/contract";
import { syncDirectory } from "../sync/sync-directory";
import { run as importCommand } from "../../../programs/cli/commands/import";
import { realTrajectoriesDir } from "../../../test/shared-data";
import { exportExperiment } from "./export-experiment";
import { compareExperiments } from "./compare-experiments";
import { COMPARED_TABLES, isStoreLocalTable } from "./compared-tables";
import { EXPORT_FORMAT } from "./manifest";

const EXPERIMENTS = ["ref-s1-small-harnessadapt-rl", "ref-s1-small-grpo", "ref-s1-small-harness-r1", "real-trajectories", "ex-exp"];
const ADAPT = EXPERIMENTS[0]!;
let root: string;
let original: Store;

const tmp = (name: string) => path.join(root, name);
const count = (store: Store, sql: string, ...params: unknown[]) => store.sqlite.prepare(sql).pluck().get(...params) as number;

function exportTo(experiment: string, dir: string, now = 1_800_000_000_000) {
  const result = exportExperiment(original.sqlite, experiment, dir, { validate: true, now });
  if (!result.ok) throw new Error(result.error);
  return result;
}

async function syncInto(dir: string, store: Store, options: { statePath?: string; maxBatchEvents?: number } = {}) {
  const outcome = await syncDirectory({ dir, target: { kind: "db", store }, ...options });
  if (!outcome.ok) throw new Error(`${outcome.error}\n${JSON.stringify(outcome.problems.slice(0, 3))}`);
  return outcome.summary;
}

/** Every line of every event file, in the order sync applies them. */
function eventLines(dir: string, files: readonly string[]): string[] {
  return files.flatMap((f) => fs.readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean));
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "hl-export-"));
  original = openStore(tmp("original.db"));
  await runReferenceExperiment({ seed: 1, size: "small", sink: storeSink(original), review: "rule", log: () => {} });

  // The real folder through the import command, as a researcher would (one file there is refused on purpose).
  const quiet = [vi.spyOn(process.stdout, "write").mockReturnValue(true), vi.spyOn(process.stderr, "write").mockReturnValue(true)];
  await importCommand([realTrajectoriesDir, "--experiment", "Real trajectories", "--harness", "H0", "--db", original.file]);
  quiet.forEach((spy) => spy.mockRestore());

  expect(applyEvents(original, exampleEvents("ex"))).toMatchObject({ ok: true });
  // A run launched as a job: the link is store-local and must not stop the export from importing elsewhere.
  original.sqlite.prepare(
    "INSERT INTO jobs (id, experiment_id, kind, command, executor, status, created_at) VALUES ('job-1', ?, 'train-epoch', '[\"true\"]', 'local', 'succeeded', 1)",
  ).run(ADAPT);
  expect(applyEvents(original, [{ type: "run", id: "adapt-job-run", experiment: ADAPT, kind: "train", status: "finished", job: "job-1" }])).toMatchObject({ ok: true });
  // A person overrules the rule on an accepted proposal: a human decision with a reason, and a demotion.
  const accepted = original.sqlite.prepare("SELECT id FROM proposals WHERE experiment_id = ? AND status = 'accepted' ORDER BY rowid").pluck().get(ADAPT) as string;
  const human = recordHumanDecision(original, { proposalId: accepted, verdict: "reject", reason: "the gain is within noise on mini-pro", nonce: "n-1", user: { id: "u1", username: "ada" } });
  expect(human).toMatchObject({ ok: true, promotion: { kind: "demote" } });
}, 240_000);

afterAll(() => {
  original?.sqlite.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("export → sync into an empty store", () => {
  it.each(EXPERIMENTS)("recreates %s row for row", async (experiment) => {
    const dir = tmp(`export-${experiment}`);
    const { manifest } = exportTo(experiment, dir);
    expect(manifest).toMatchObject({ format: EXPORT_FORMAT, contract: "v1", experiment: { id: experiment } });
    expect(manifest.counts.rollout).toBe(count(original, "SELECT count(*) FROM rollouts WHERE experiment_id = ?", experiment));

    const copy = openStore(tmp(`copy-${experiment}.db`));
    try {
      expect(count(copy, "SELECT count(*) FROM experiments")).toBe(0);
      // Small batches: parents must come first wherever the stream is cut.
      const summary = await syncInto(dir, copy, { maxBatchEvents: 7 });
      expect(summary.events).toBe(manifest.events);
      expect(summary.applied).toEqual(manifest.counts);
      expect(compareExperiments(original.sqlite, copy.sqlite, experiment)).toEqual([]);
      // The copy holds this experiment and nothing else.
      expect(copy.sqlite.prepare("SELECT id FROM experiments").pluck().all()).toEqual([experiment]);
    } finally {
      copy.sqlite.close();
    }
  }, 60_000);

  it("carries every kind of record: each compared table has rows in the experiments exported above", () => {
    for (const spec of COMPARED_TABLES) {
      const rows = EXPERIMENTS.reduce((n, e) => n + (original.sqlite.prepare(spec.sql).all({ e }) as unknown[]).length, 0);
      expect(rows, spec.table).toBeGreaterThan(0);
    }
    expect(count(original, "SELECT count(*) FROM decisions WHERE actor_kind = 'human'")).toBe(1);
    expect(count(original, "SELECT count(*) FROM harness_promotions WHERE kind = 'demote'")).toBe(1);
    expect(count(original, "SELECT count(*) FROM rollouts WHERE experiment_id = 'real-trajectories'")).toBeGreaterThanOrEqual(10);
  });

  it("accounts for every table of the schema: compared, or store-local with a reason", () => {
    const tables = original.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const compared = new Set(COMPARED_TABLES.map((t) => t.table));
    expect(tables.filter((t) => !compared.has(t) && !isStoreLocalTable(t))).toEqual([]);
  });

  it("writes only events that pass the contract, parents before children", () => {
    const dir = tmp("export-check");
    const { manifest } = exportTo("ref-s1-small-harness-r1", dir);
    const seen = new Set<string>();
    for (const [i, line] of eventLines(dir, manifest.files).entries()) {
      const checked = validateEvent(JSON.parse(line), i);
      expect(checked.ok, line.slice(0, 300)).toBe(true);
      if (!checked.ok) continue;
      const e = checked.event;
      if (e.type === "harness_version" && e.parent) expect(seen.has(e.parent), `${e.id} after its parent`).toBe(true);
      if (e.type === "rollout" && e.harness_version) expect(seen.has(e.harness_version)).toBe(true);
      if (e.type === "proposal") [e.base, e.candidate].forEach((v) => expect(seen.has(v)).toBe(true));
      if (e.type === "patch_evaluation") expect(seen.has(e.failure_packet)).toBe(true);
      if ("id" in e) seen.add(e.id);
    }
  });

  it("keeps a person's decision a person's, with its reason, and replays the promotions", async () => {
    const dir = tmp("export-human");
    exportTo(ADAPT, dir);
    const lines = eventLines(dir, fs.readdirSync(dir).filter((f) => f.startsWith("events-")).sort()).map((l) => JSON.parse(l));
    expect(lines.filter((e) => e.type === "decision" && e.actor_kind === "human")).toEqual([
      expect.objectContaining({ actor: "ada", verdict: "reject", reason: "the gain is within noise on mini-pro" }),
    ]);
    expect(lines.find((e) => e.type === "run" && e.id === "adapt-job-run")).not.toHaveProperty("job");
  });

  it("writes the same bytes when exporting twice", () => {
    const a = exportTo(ADAPT, tmp("twice-a"));
    const b = exportTo(ADAPT, tmp("twice-b"));
    expect(eventLines(a.dir, a.manifest.files)).toEqual(eventLines(b.dir, b.manifest.files));
    // File names carry the writer's clock and pid; everything else in the manifest is the same.
    expect({ ...a.manifest, files: a.manifest.files.length }).toEqual({ ...b.manifest, files: b.manifest.files.length });
    const concat = (r: typeof a) => Buffer.concat(r.manifest.files.map((f) => fs.readFileSync(path.join(r.dir, f))));
    expect(concat(a).equals(concat(b))).toBe(true);
  });

  it("changes nothing when the same directory is synced again (resumed, or from the start)", async () => {
    const dir = tmp("export-again");
    const { manifest } = exportTo("ref-s1-small-harness-r1", dir);
    const copy = openStore(tmp("copy-again.db"));
    try {
      await syncInto(dir, copy);
      const before = fs.statSync(copy.file).size;
      const resumed = await syncInto(dir, copy);
      expect(resumed).toMatchObject({ events: 0, applied: {}, unchanged: {} });
      // Without the progress file every event is sent again, and every one is already there.
      const fresh = await syncInto(dir, copy, { statePath: tmp("other-state.json") });
      expect(fresh.applied).toEqual({});
      expect(fresh.unchanged).toEqual(manifest.counts);
      expect(compareExperiments(original.sqlite, copy.sqlite, "ref-s1-small-harness-r1")).toEqual([]);
      expect(fs.statSync(copy.file).size).toBe(before);
    } finally {
      copy.sqlite.close();
    }
  });
});
