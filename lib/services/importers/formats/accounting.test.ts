// Issue 17: nothing dropped without a word. For every real file (both shared folders) and every fixture that
// a reader turns into rollouts, the reader's accounting covers every item: items = turns + merged + skipped,
// each skipped item with its reason, and the items are counted HERE from the raw file, independently of the
// reader, so a reader that forgets an item fails.
import { describe, expect, it } from "vitest";
import path from "node:path";
import { realTrajectoriesDir, realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";
import { readImportFile } from "../registry";
import { skippedCount } from "../accounting";
import { ALL_READERS } from "./index";
import { fixturesDir } from "./swe-test-files";
import { diskSource } from "../sources";
import { groupConversationFolders } from "../conversation-folders";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The files as an import of `root` sees them: conversation folders (one file per event) read as one file. */
function filesUnder(root: string): Array<{ name: string; abs: string; load: () => Buffer }> {
  const source = groupConversationFolders(diskSource([root]));
  return source.entries
    .filter((e) => !e.name.endsWith(".md"))
    .map((e) => ({ name: e.name, abs: path.join(path.dirname(root), e.name), load: () => Buffer.from(source.load(e.name)) }));
}

const jsonl = (text: string): unknown[] => text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
const flatLength = (list: unknown[]): number => list.reduce<number>((n, item) => n + (Array.isArray(item) ? item.length : 1), 0);

/** The items of a file as its writer wrote them, counted without any reader. */
function independentItems(format: string, name: string, bytes: Buffer, twin?: () => number | undefined): number | undefined {
  const text = bytes.toString("utf8");
  switch (format.replace(/-(legacy|1|1\.1)$/, "")) {
    case "mini-swe-agent": {
      const json = JSON.parse(text) as unknown;
      return Array.isArray(json) ? json.length : ((json as Json).messages as unknown[]).length;
    }
    case "swe-agent": {
      const json = JSON.parse(text) as Json;
      const items = (j: Json) => ((j.history as unknown[] | undefined) ?? []).length + ((j.trajectory as unknown[] | undefined) ?? []).length;
      return items(json) + ((json.attempts as Json[] | undefined) ?? []).reduce((n, a) => n + items(a), 0);
    }
    case "openhands-events": {
      const json = JSON.parse(text) as unknown;
      return flatLength(Array.isArray(json) ? json : ((json as Json).trajectory as unknown[]));
    }
    case "openhands-output":
      return jsonl(text).reduce<number>((n, line) => n + (Array.isArray((line as Json).history) ? flatLength((line as Json).history as unknown[]) : 0), 0);
    case "inspect-json":
      return ((JSON.parse(text) as Json).samples as Json[]).reduce<number>((n, s) => n + (s.messages as unknown[]).length, 0);
    case "inspect-eval":
      return twin?.();
    case "claude-code":
    case "codex-cli":
      return jsonl(text).length;
    case "claude-code-subagent-meta":
      return 0;
    case "openhands-v1": {
      if (name.endsWith(".jsonl")) return jsonl(text).length;
      const json = JSON.parse(text) as Json;
      return Array.isArray(json.events) ? json.events.length : 0; // a base_state.json alone: settings, no events
    }
    case "atif":
      return ((JSON.parse(text) as Json).steps as unknown[]).length;
    default:
      throw new Error(`no independent count for ${format} (${name}): add one`);
  }
}

const FILES = [
  ...filesUnder(realTrajectoriesDir),
  ...filesUnder(realTrajectoriesNewFormatsDir),
  ...filesUnder(fixturesDir).filter((f) => !f.name.endsWith(".ts")),
];

describe("every item of every trajectory file is accounted for", () => {
  const read = FILES.map((file) => {
    const bytes = file.load();
    return { file, bytes, outcome: readImportFile({ name: file.name, bytes: new Uint8Array(bytes) }, ALL_READERS) };
  });
  const withRollouts = read.filter((r) => r.outcome.ok && (r.outcome.parsed.rollouts.length > 0 || r.outcome.parsed.accounting !== undefined));

  it("reads every file of the new formats' real samples (none is left unrecognised)", () => {
    const unread = read.filter((r) => r.file.name.startsWith("real-trajectories-new-formats/") && !r.outcome.ok);
    expect(unread.map((r) => `${r.file.name}: ${r.outcome.ok ? "" : r.outcome.reason}`)).toEqual([]);
  });

  it("covers the real files of every format (sanity: the test reads what it should)", () => {
    const formats = new Set(withRollouts.map((r) => (r.outcome.ok ? r.outcome.format : "")));
    for (const format of ["mini-swe-agent-1", "swe-agent", "openhands-events", "inspect-json", "inspect-eval", "atif", "claude-code", "codex-cli", "openhands-v1"]) {
      expect(formats).toContain(format);
    }
  });

  it.each(withRollouts.map((r) => [r.file.name, r] as const))("%s", (_name, { file, bytes, outcome }) => {
    if (!outcome.ok) throw new Error("unreachable");
    const accounting = outcome.parsed.accounting;
    expect(accounting, "the reader gives no accounting").toBeDefined();
    const a = accounting!;
    expect(a.items).toBe(a.turns + a.merged + skippedCount(a));
    for (const [reason, n] of Object.entries(a.skipped)) {
      expect(reason.trim().length).toBeGreaterThan(5);
      expect(n).toBeGreaterThan(0);
    }
    const twinName = file.abs.replace(/\.eval$/, ".json");
    const twin = () => {
      const json = read.find((r) => r.file.abs === twinName);
      return json?.outcome.ok ? json.outcome.parsed.accounting?.items : undefined;
    };
    const expected = independentItems(outcome.format, file.name, bytes, twin);
    if (outcome.format === "inspect-eval" && expected === undefined) return;
    expect(a.items).toBe(expected);
  });
});
