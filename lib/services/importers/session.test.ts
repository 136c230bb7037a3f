// A whole import into a store: a bad file is reported and the rest still imports, a re-import changes
// nothing, a file the store refuses is isolated from its batch, and the upload's one transaction is atomic.
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { memorySource, type FileSource } from "./sources";
import { ImportAbort, ImportSession, type SessionOptions } from "./session";
import { runImport, type ApplyFn } from "./run-import";
import { importIntoStore, storeApply } from "./store-import";
import { resolveTarget, storeLookup } from "./resolve-target";
import { UNKNOWN_FORMAT_REASON } from "./registry";
import type { ImportTarget } from "./target";
import { TEST_READERS, report, trajectory } from "../../../test/fixtures/importers/test-readers";

const encode = (text: string) => new TextEncoder().encode(text);
const source = (files: Record<string, string>): FileSource => memorySource(Object.entries(files).map(([name, text]) => ({ name, bytes: encode(text) })));

const FILES: Record<string, string> = {
  "run/trajs/a-1.json": trajectory("a-1"),
  "run/trajs/b-2.json": trajectory("b-2"),
  "run/trajs/broken.json": JSON.stringify({ format: "test-traj", instance_id: "x", messages: "nope" }),
  "run/README.md": "# notes",
  "run/exit_statuses.txt": "a-1 Submitted\n",
  "run/report.json": report({ "a-1": "resolved", "b-2": "unresolved" }),
};

async function target(store: Store, experiment = "imports"): Promise<ImportTarget> {
  const resolved = await resolveTarget(storeLookup(store), { experiment });
  if (!resolved.ok) throw new Error(resolved.reason);
  return resolved.target;
}

async function importFiles(store: Store, files: Record<string, string>, options: Partial<SessionOptions> = {}, apply: ApplyFn = storeApply(store)) {
  const session = new ImportSession(source(files), await target(store), { readers: TEST_READERS, ...options });
  return runImport(session, apply, { maxBatchEvents: 1_000 });
}

const count = (store: Store, table: string) => (store.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("an import into a store (CLI --db)", () => {
  it("reports every file; a file that cannot be read names the field, and the others still import", async () => {
    const store = openStore(":memory:");
    const result = await importFiles(store, FILES);
    const byFile = Object.fromEntries(result.files.map((f) => [f.file, f]));
    expect(byFile["run/trajs/broken.json"]).toMatchObject({ format: "test-traj", rollouts: 0, problem: { field: "messages", reason: "must be a list" } });
    expect(byFile["run/README.md"]).toMatchObject({ format: null, skipped: "documentation, not data" });
    expect(byFile["run/README.md"]!.problem).toBeUndefined();
    expect(byFile["run/trajs/a-1.json"]).toMatchObject({ format: "test-traj", rollouts: 1, rolloutIds: [expect.stringMatching(/^rollout-/)] });
    expect(byFile["run/report.json"]).toMatchObject({ format: "test-report", verdicts: 2 });
    expect(byFile["run/exit_statuses.txt"]).toMatchObject({ format: "test-sidecar", facts: 1 });
    expect(result.totals).toMatchObject({ files: 6, imported: 4, failed: 1, skipped: 1, rollouts: 2, verdicts: 2 });
    expect(result.ok).toBe(false);
    expect(count(store, "rollouts")).toBe(2);
    expect(count(store, "eval_results")).toBe(2);
    const linked = store.sqlite.prepare("SELECT count(*) AS n FROM eval_results WHERE rollout_id IS NOT NULL").get() as { n: number };
    expect(linked.n).toBe(2);
  });

  it("re-importing the same files changes nothing", async () => {
    const store = openStore(":memory:");
    await importFiles(store, FILES);
    const again = await importFiles(store, FILES);
    expect(again.totals.applied).toEqual({});
    expect(again.totals.unchanged).toMatchObject({ run: 1, rollout: 2, source_file: 2, eval_result: 1 });
    expect(again.experiment.created).toBe(false);
  });

  it("isolates a file the store refuses (changed since the last import) from the rest of its batch", async () => {
    const store = openStore(":memory:");
    await importFiles(store, FILES);
    const changed = { ...FILES, "run/trajs/b-2.json": trajectory("b-2", { exit_status: "LimitsExceeded" }), "run/trajs/c-3.json": trajectory("c-3") };
    const result = await importFiles(store, changed);
    const byFile = Object.fromEntries(result.files.map((f) => [f.file, f]));
    expect(byFile["run/trajs/b-2.json"]?.problem?.reason).toMatch(/imported into run "import" before from a different version of this file.*import it into a new run \(--run NAME\)/);
    expect(byFile["run/trajs/c-3.json"]).toMatchObject({ rollouts: 1 });
    expect(byFile["run/trajs/a-1.json"]?.problem).toBeUndefined();
    expect(count(store, "rollouts")).toBe(3);
  });

  it("creates no experiment or run when no file yields anything", async () => {
    const store = openStore(":memory:");
    const result = await importFiles(store, { "a.md": "# nothing", "b.json": "{}" });
    expect(result).toMatchObject({ ok: false, experiment: { created: false }, totals: { failed: 1, skipped: 1 } });
    expect(result.files.find((f) => f.file === "b.json")?.problem).toEqual({ field: "file", reason: expect.stringMatching(new RegExp(`^${UNKNOWN_FORMAT_REASON}: it is a JSON object with no keys`)) });
    expect(count(store, "experiments") + count(store, "runs")).toBe(0);
  });

  it("refuses files over the per-file and total caps with a line each", async () => {
    const store = openStore(":memory:");
    const big = await importFiles(store, FILES, { maxFileBytes: 150 });
    expect(big.files.find((f) => f.file === "run/trajs/a-1.json")?.problem?.reason).toMatch(/over the limit of 150 B per file/);
    const total = await importFiles(openStore(":memory:"), FILES, { maxTotalBytes: 400 });
    expect(total.files.filter((f) => f.problem?.reason.includes("in all was reached")).length).toBeGreaterThan(0);
  });
});

describe("an upload into the store (one transaction)", () => {
  it("imports like the CLI and reports the same lines", async () => {
    const store = openStore(":memory:");
    const result = importIntoStore(store, new ImportSession(source(FILES), await target(store), { readers: TEST_READERS }));
    expect(result.totals).toMatchObject({ imported: 4, failed: 1, skipped: 1, rollouts: 2 });
    expect(count(store, "rollouts")).toBe(2);
    const again = importIntoStore(store, new ImportSession(source(FILES), await target(store), { readers: TEST_READERS }));
    expect(again.totals.applied).toEqual({});
  });

  it("leaves out a refused file inside the transaction and keeps the others", async () => {
    const store = openStore(":memory:");
    importIntoStore(store, new ImportSession(source(FILES), await target(store), { readers: TEST_READERS }));
    const changed = { ...FILES, "run/trajs/a-1.json": trajectory("a-1", { model: "other" }), "run/trajs/c-3.json": trajectory("c-3") };
    const result = importIntoStore(store, new ImportSession(source(changed), await target(store), { readers: TEST_READERS }));
    expect(result.files.find((f) => f.file === "run/trajs/a-1.json")?.problem?.reason).toMatch(/different version of this file/);
    expect(result.files.find((f) => f.file === "run/trajs/c-3.json")).toMatchObject({ rollouts: 1 });
    expect(count(store, "rollouts")).toBe(3);
  });

  it("writes nothing when the import's own records are refused", async () => {
    const store = openStore(":memory:");
    const wrong = { ...(await target(store)), createExperiment: false };
    expect(() => importIntoStore(store, new ImportSession(source(FILES), wrong, { readers: TEST_READERS }))).toThrow(ImportAbort);
    for (const table of ["experiments", "runs", "rollouts", "tasks", "source_files"]) expect(count(store, table), table).toBe(0);
  });
});
