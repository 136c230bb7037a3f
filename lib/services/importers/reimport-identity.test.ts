// Issue 17, against the real files and the real readers through `harness-lab import --db`: the same bytes
// under any path spelling are "unchanged"; a changed file says to use a new --run; a report imported after
// its trajectories joins them (and a different verdict for the same rollout is refused naming both); a folder
// with a README, images and dotfiles imports with exit 0 and lists them as skipped; an empty file says so;
// the same Inspect log as .json and .eval is stored once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../../db/client";
import { run } from "../../../programs/cli/commands/import";
import { realTrajectoriesDir } from "../../../test/shared-data";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-import-identity-"));
  dirs.push(dir);
  return dir;
}

let out = "";
beforeEach(() => {
  out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  vi.stubEnv("HARNESS_LAB_URL", "");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const real = (...parts: string[]) => path.join(realTrajectoriesDir, ...parts);
const MINI = real("mini-swe-agent-v1", "trajs");
const LOGS = real("swebench-eval", "logs");

async function importInto(db: string, paths: string[], runName = "r1"): Promise<{ exit: number; out: string }> {
  out = "";
  const exit = await run([...paths, "--experiment", "identity", "--run", runName, "--db", db]);
  return { exit, out };
}

function query<T>(db: string, sql: string, ...params: unknown[]): T[] {
  const store = openStore(db);
  try {
    return store.sqlite.prepare(sql).all(...params) as T[];
  } finally {
    store.sqlite.close();
  }
}

describe("identity from content, not from the path as typed", () => {
  it("the parent folder, then its subfolders, then single files in reverse order: everything unchanged", async () => {
    const db = path.join(tempDir(), "lab.db");
    const first = await importInto(db, [real("swe-agent-traj")]);
    expect(first.exit, first.out).toBe(0);
    const rollouts = query<{ n: number }>(db, "SELECT count(*) AS n FROM rollouts")[0]!.n;
    expect(rollouts).toBe(3);

    const subfolders = fs.readdirSync(real("swe-agent-traj")).map((d) => real("swe-agent-traj", d));
    const again = await importInto(db, subfolders);
    expect(again.exit, again.out).toBe(0);
    expect(again.out).toMatch(/applied: +none/);

    const files = subfolders.flatMap((d) => fs.readdirSync(d).map((f) => path.join(d, f))).reverse();
    for (const file of files) {
      const single = await importInto(db, [file]);
      expect(single.exit, single.out).toBe(0);
      expect(single.out).toMatch(/applied: +none/);
    }
    expect(query<{ n: number }>(db, "SELECT count(*) AS n FROM rollouts")[0]!.n).toBe(rollouts);
  });

  it("a changed file under the same name says what to do: import it into a new --run", async () => {
    const db = path.join(tempDir(), "lab.db");
    const name = "astropy__astropy-12907.traj.json";
    expect((await importInto(db, [path.join(MINI, "astropy__astropy-12907", name)])).exit).toBe(0);
    const edited = JSON.parse(fs.readFileSync(path.join(MINI, "astropy__astropy-12907", name), "utf8"));
    edited.info.exit_status = "LimitsExceeded";
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, name), JSON.stringify(edited));
    const changed = await importInto(db, [path.join(dir, name)]);
    expect(changed.exit).toBe(1);
    expect(changed.out).toMatch(/was imported into run "r1" before from a different version of this file; .*import it into a new run \(--run NAME\)/);
    expect((await importInto(db, [path.join(dir, name)], "r2")).exit).toBe(0);
  });
});

describe("a rollout's id comes from its trajectory, not from the other files of the import", () => {
  // Two runs' output folders with a trajectory of the same instance (same file name, other turns): each keeps its id
  // whether it is imported alone, with the other, or after it, in any order.
  function twoRuns(): { a: string; b: string } {
    const name = "astropy__astropy-12907.traj.json";
    const source = path.join(MINI, "astropy__astropy-12907", name);
    const a = path.join(tempDir(), "run-a", "astropy__astropy-12907");
    const b = path.join(tempDir(), "run-b", "astropy__astropy-12907");
    fs.mkdirSync(a, { recursive: true });
    fs.mkdirSync(b, { recursive: true });
    fs.copyFileSync(source, path.join(a, name));
    const other = JSON.parse(fs.readFileSync(source, "utf8"));
    const reply = other.messages.find((m: { role: string }) => m.role === "assistant");
    reply.content = `THOUGHT: another sample of the same task.\n\n${reply.content}`;
    fs.writeFileSync(path.join(b, name), JSON.stringify(other));
    return { a: path.dirname(a), b: path.dirname(b) };
  }
  const idsBySource = (db: string) => Object.fromEntries(query<{ id: string; content: string }>(db,
    "SELECT r.id, CASE WHEN EXISTS (SELECT 1 FROM turns t WHERE t.rollout_id = r.id AND (t.content LIKE '%another sample of the same task%' OR t.reasoning LIKE '%another sample of the same task%')) THEN 'b' ELSE 'a' END AS content FROM rollouts r",
  ).map((r) => [r.content, r.id]));

  it("alone, together, in either order, or one after the other: the same two ids", async () => {
    const { a, b } = twoRuns();
    const sets = [[[a], [b]], [[a, b]], [[b, a]], [[b], [a, b]], [[a], [b], [a, b]]];
    const seen: Array<Record<string, string>> = [];
    for (const imports of sets) {
      const db = path.join(tempDir(), "lab.db");
      for (const paths of imports) {
        const result = await importInto(db, paths);
        expect(result.exit, result.out).toBe(0);
      }
      seen.push(idsBySource(db));
    }
    expect(Object.keys(seen[0]!).sort()).toEqual(["a", "b"]);
    for (const ids of seen) expect(ids).toEqual(seen[0]);
    expect(seen[0]!.b).not.toMatch(/-\d+$/);
  });
});

describe("verdicts join whenever they arrive", () => {
  it("SWE-bench logs imported after the trajectories give the unknown outcomes their verdicts; both again change nothing", async () => {
    const db = path.join(tempDir(), "lab.db");
    expect((await importInto(db, [MINI])).exit).toBe(0);
    const outcomes = () => query<{ key: string; success: number; reward: number | null }>(db,
      "SELECT t.key, r.success, r.reward FROM rollouts r JOIN tasks t ON t.id = r.task_id ORDER BY t.key");
    expect(outcomes().every((r) => r.reward === null)).toBe(true);

    const late = await importInto(db, [LOGS]);
    expect(late.exit, late.out).toBe(0);
    expect(outcomes()).toEqual([
      { key: "astropy__astropy-12907", success: 1, reward: 1 },
      { key: "astropy__astropy-14182", success: 0, reward: 0 },
      { key: "django__django-10999", success: 0, reward: 0 },
      { key: "django__django-11099", success: 1, reward: 1 },
      { key: "psf__requests-1142", success: 1, reward: 1 },
    ]);
    // The report's eval results link the rollouts they joined.
    const links = query<{ n: number }>(db, "SELECT count(*) AS n FROM eval_results WHERE rollout_id IS NOT NULL")[0]!.n;
    expect(links).toBe(5);

    const both = await importInto(db, [MINI, LOGS]);
    expect(both.exit, both.out).toBe(0);
    expect(both.out).toMatch(/applied: +none/);
  });

  it("a report imported before the trajectories joins them too", async () => {
    const db = path.join(tempDir(), "lab.db");
    expect((await importInto(db, [LOGS])).exit).toBe(0);
    expect((await importInto(db, [MINI])).exit).toBe(0);
    const known = query<{ n: number }>(db, "SELECT count(*) AS n FROM rollouts WHERE reward IS NOT NULL AND outcome_eval_run_id IS NOT NULL")[0]!.n;
    expect(known).toBe(5);
  });

  it("a different verdict for a rollout that already has one is refused, naming both eval results", async () => {
    const db = path.join(tempDir(), "lab.db");
    expect((await importInto(db, [MINI, LOGS])).exit).toBe(0);
    const report = JSON.parse(fs.readFileSync(path.join(LOGS, "astropy__astropy-12907", "report.json"), "utf8"));
    (report["astropy__astropy-12907"] ?? report).resolved = false;
    const dir = path.join(tempDir(), "rerun", "astropy__astropy-12907");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "report.json"), JSON.stringify(report));
    const other = await importInto(db, [dir]);
    expect(other.exit).toBe(1);
    expect(other.out).toMatch(/already has the verdict of eval result "eval-[0-9a-f]+" \(success, reward 1\); eval result "eval-[0-9a-f]+" says failure, reward 0/);
    expect(query<{ success: number }>(db, "SELECT r.success FROM rollouts r JOIN tasks t ON t.id = r.task_id WHERE t.key = 'astropy__astropy-12907'")).toEqual([{ success: 1 }]);
  });
});

describe("files that are not data, empty files, one log in two formats", () => {
  it("a folder with a README, an image and dotfiles imports with exit 0 and lists them as skipped", async () => {
    const root = path.join(tempDir(), "run");
    fs.cpSync(path.join(MINI, "django__django-10999"), path.join(root, "trajs"), { recursive: true });
    fs.writeFileSync(path.join(root, "README.md"), "# my run\n");
    fs.writeFileSync(path.join(root, "curve.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    fs.writeFileSync(path.join(root, ".DS_Store"), "x");
    fs.mkdirSync(path.join(root, ".git"));
    fs.writeFileSync(path.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
    const db = path.join(tempDir(), "lab.db");
    const result = await importInto(db, [root]);
    expect(result.exit, result.out).toBe(0);
    expect(result.out).toMatch(/run\/README\.md +- +skipped: documentation, not data/);
    expect(result.out).toMatch(/run\/curve\.png +- +skipped: an image, not data/);
    expect(result.out).toMatch(/run\/\.DS_Store +- +skipped: a hidden or system file, not data/);
    expect(result.out).toMatch(/run\/\.git\/ +- +skipped: a hidden folder, not read/);
    expect(result.out).toContain("5 files: 1 imported, 0 failed, 4 skipped (not data); 1 rollout");
  });

  it("an empty file says it is empty, not that it is not valid JSON", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "x.traj.json"), "");
    const result = await importInto(path.join(tempDir(), "lab.db"), [path.join(dir, "x.traj.json")]);
    expect(result.exit).toBe(1);
    expect(result.out).toMatch(/x\.traj\.json +- +FAILED file: the file is empty: nothing to import/);
    expect(result.out).not.toContain("not valid JSON");
  });

  it("the same Inspect log as .json and as .eval is stored once", async () => {
    const db = path.join(tempDir(), "lab.db");
    const result = await importInto(db, [real("inspect-ai", "log_formats.json"), real("inspect-ai", "log_formats.eval")]);
    expect(result.exit, result.out).toBe(0);
    expect(result.out).toMatch(/the same trajectory as in log_formats\.eval; stored once/);
    const ids = query<{ id: string }>(db, "SELECT id FROM rollouts");
    expect(ids.some((r) => /-2$/.test(r.id))).toBe(false);
  });
});
