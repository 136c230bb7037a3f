// What the export refuses (a non-empty directory, an unknown experiment, one that points into another
// experiment), that it reads one consistent snapshot while another connection writes, and the CLI around it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { exampleEvents } from "../../events/examples";
import { run as exportCommand } from "../../../programs/cli/commands/export";
import { exportExperiment } from "./export-experiment";

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-export-x-"));
  store = openStore(path.join(dir, "lab.db"));
  expect(applyEvents(store, [...exampleEvents("ex"), ...exampleEvents("other")])).toMatchObject({ ok: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  store.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rolloutEvent = (id: string, experiment: string, extra: Record<string, unknown> = {}) => ({
  type: "rollout", id, experiment, run: `${experiment.replace(/-exp$/, "")}-run`, task: "ex-task-a", purpose: "train", reward: 1, success: true,
  turns: [{ role: "assistant", content: "done" }], ...extra,
});

describe("exportExperiment refuses", () => {
  it("a directory that is not empty, naming it, and writes nothing", () => {
    const out = path.join(dir, "out");
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, "notes.txt"), "mine");
    expect(exportExperiment(store.sqlite, "ex-exp", out)).toEqual({ ok: false, code: "dir-not-empty", error: `${out} is not empty; export into a new or empty directory` });
    expect(fs.readdirSync(out)).toEqual(["notes.txt"]);
  });

  it("an unknown experiment, naming it, and creates nothing", () => {
    expect(exportExperiment(store.sqlite, "nope", path.join(dir, "out"))).toMatchObject({ ok: false, code: "unknown-experiment", error: expect.stringContaining('"nope"') });
    expect(fs.existsSync(path.join(dir, "out"))).toBe(false);
  });

  it("an experiment whose records point into another one, naming the references", () => {
    // other's rollout uses ex's checkpoint: other alone would not import into an empty store.
    expect(applyEvents(store, [rolloutEvent("other-cross", "other-exp", { checkpoint: "ex-ckpt" })])).toMatchObject({ ok: true });
    const result = exportExperiment(store.sqlite, "other-exp", path.join(dir, "out"));
    expect(result).toMatchObject({ ok: false, code: "foreign-references" });
    expect(!result.ok && result.error).toContain('rollout → checkpoint: "other-cross" → "ex-ckpt"');
    // ex itself stands alone.
    expect(exportExperiment(store.sqlite, "ex-exp", path.join(dir, "ex"))).toMatchObject({ ok: true });
  });
});

describe("exportExperiment reads one snapshot", () => {
  it("leaves out what another connection commits while the export runs", () => {
    const writer = openStore(store.file);
    let wrote = false;
    const result = exportExperiment(store.sqlite, "ex-exp", path.join(dir, "out"), {
      onEvent: (type) => {
        if (type !== "rollout" || wrote) return;
        wrote = true;
        // Committed mid-export by the "server": not in this export, whole in the next one.
        expect(applyEvents(writer, [rolloutEvent("ex-late", "ex-exp")])).toMatchObject({ ok: true });
      },
    });
    writer.sqlite.close();
    expect(wrote).toBe(true);
    expect(result).toMatchObject({ ok: true, manifest: { counts: { rollout: 4 } } });
    expect(exportExperiment(store.sqlite, "ex-exp", path.join(dir, "next"))).toMatchObject({ ok: true, manifest: { counts: { rollout: 5 } } });
  });
});

describe("harness-lab export", () => {
  let out = "";
  let err = "";
  beforeEach(() => {
    out = "";
    err = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((err += String(chunk)), true));
  });

  it("exports with --db or HARNESS_LAB_DB and prints the counts", async () => {
    expect(await exportCommand(["ex-exp", path.join(dir, "a"), "--db", store.file])).toBe(0);
    expect(out).toContain('exported experiment "ex-exp"');
    expect(out).toMatch(/rollout 4, .*decision 1/);
    expect(out).toContain("harness-lab sync");
    expect(fs.readdirSync(path.join(dir, "a")).sort()).toEqual([expect.stringMatching(/^events-.*\.jsonl$/), "manifest.json"]);
    vi.stubEnv("HARNESS_LAB_DB", store.file);
    expect(await exportCommand(["ex-exp", path.join(dir, "b")])).toBe(0);
  });

  it("exits 1 naming an unknown experiment, a non-empty DIR or a missing store; 2 for bad arguments", async () => {
    expect(await exportCommand(["nope", path.join(dir, "c"), "--db", store.file])).toBe(1);
    expect(err).toContain('experiment "nope" does not exist');
    fs.mkdirSync(path.join(dir, "full"));
    fs.writeFileSync(path.join(dir, "full", "x"), "");
    expect(await exportCommand(["ex-exp", path.join(dir, "full"), "--db", store.file])).toBe(1);
    expect(err).toContain(`${path.join(dir, "full")} is not empty`);
    expect(await exportCommand(["ex-exp", path.join(dir, "d"), "--db", path.join(dir, "missing.db")])).toBe(1);
    expect(err).toContain(`no store at ${path.join(dir, "missing.db")}`);
    expect(await exportCommand(["ex-exp"])).toBe(2);
    expect(err).toContain("EXPERIMENT_ID and DIR are required");
    expect(await exportCommand(["ex-exp", "d", "--bogus"])).toBe(2);
  });
});
