// A search in the default order (newest first) read from the newest matching turn down must show exactly what
// the set and probe paths show: the same rows in the same order on every page, with the same first matching
// turn and snippet, under filters, with rollouts stored in batches that share a created_at, and with rollouts
// whose created_at does not follow the order their turns were stored in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { indexPendingTurns } from "../full-text-index";
import { TIME_MARK_SHIFT, timeMarksBelowRows } from "../full-text-time-marks";
import { listBrowserPage } from "./rollout-browser";
import { DEFAULT_TUNING, type PlanTuning } from "./rollout-browser-plan";
import { decodeBrowserCursor } from "@/lib/trajectories/browser-cursor";
import type { BrowserFilter, BrowserState } from "@/lib/trajectories/browser-query";
import {
  BENCH_COMMON_WORDS, BENCH_IDENTIFIERS, benchLayout, generateBenchRollouts, insertBenchStructure, seededRandom,
} from "@/programs/bench/browser-bench-data";

const layout = benchLayout("t");
let store: Store;

/** Marks recomputed from the rows: per block, the latest created_at of the rollouts of that block's turns or earlier ones. */
function recomputedMarks(s: Store): { chunk: number; max_created_at: number }[] {
  return s.sqlite.prepare(
    `SELECT chunk, max(latest) OVER (ORDER BY chunk ROWS UNBOUNDED PRECEDING) AS max_created_at FROM (
       SELECT t.id >> ${TIME_MARK_SHIFT} AS chunk, max(r.created_at) AS latest FROM turns t JOIN rollouts r ON r.id = t.rollout_id GROUP BY 1) ORDER BY chunk`,
  ).all() as { chunk: number; max_created_at: number }[];
}
const storedMarks = (s: Store) => s.sqlite.prepare("SELECT chunk, max_created_at FROM turns_fts_time_marks ORDER BY chunk").all();

beforeAll(() => {
  store = openStore(":memory:");
  insertBenchStructure(store.sqlite, "t", layout, Date.now());
  // 4,000 rollouts of 1–5 turns (≈ 12,000 turns, many blocks of marks), 40 per created_at: batches tie.
  generateBenchRollouts(store.sqlite, layout, { prefix: "t", rollouts: 4_000, turns: { min: 1, max: 5 }, batch: 500, sameCreatedAt: 40, seed: 3 });
  // Some rollouts arrive out of time order (a clock set back, an import of older runs): their created_at says
  // they are older or newer than the turns around them.
  const rand = seededRandom(5);
  const move = store.sqlite.prepare("UPDATE rollouts SET created_at = created_at + ? WHERE id = ?");
  for (let i = 0; i < 200; i++) move.run(Math.round((rand() - 0.5) * 60_000 * 150), `t-r-${Math.floor(rand() * 4_000)}`);
  // Indexed in slices, as the writer thread does between batches.
  while (indexPendingTurns(store, 700) > 0);
});
afterAll(() => store.sqlite.close());

const OLD: PlanTuning = { ...DEFAULT_TUNING, recentSearchBudget: null };
const OLD_PROBE: PlanTuning = { ...OLD, searchAnchorMax: -1 };
const RECENT: PlanTuning = { ...DEFAULT_TUNING, recentSearchBudget: 1e9 };

/** The pages of a search (the first `maxPages`), following the cursors: ids, first matching turn and snippet text per row, plans. */
function allPages(filter: BrowserFilter, tuning: PlanTuning, limit: number, maxPages = 12) {
  const state: BrowserState = { filter, sort: { key: "created", dir: "desc" } };
  const rows: { id: string; turn: number | null; snippet: string | null }[] = [];
  const plans = new Set<string>();
  let cursorText: string | null = null;
  for (let n = 0; n < maxPages; n++) {
    const cursor = cursorText === null ? null : decodeBrowserCursor(cursorText, state.sort);
    if (cursor && !cursor.ok) throw new Error(cursor.message);
    const page = listBrowserPage(store, state, { limit, cursor: cursor ? cursor.cursor : null, tuning });
    if (!page.ok) throw new Error(`${page.problem.field}: ${page.problem.message}`);
    rows.push(...page.value.rows.map((r) => ({ id: r.id, turn: r.match?.turnIdx ?? null, snippet: r.match?.parts.map((p) => p.text).join("") ?? null })));
    plans.add(page.value.plan);
    cursorText = page.value.nextCursor;
    if (!cursorText) break;
  }
  return { rows, plans };
}

const rand = seededRandom(9);
const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
const QUERIES: BrowserFilter[] = [
  { q: BENCH_IDENTIFIERS[0] }, { q: BENCH_IDENTIFIERS[400] }, { q: "module_7.py" }, { q: "ValueError" },
  { q: BENCH_COMMON_WORDS[0] }, { q: BENCH_COMMON_WORDS[30] }, { q: `${BENCH_IDENTIFIERS[3]} ${BENCH_COMMON_WORDS[2]}` },
  { q: BENCH_COMMON_WORDS[1], experiment: layout.experiments[4].id },
  { q: BENCH_COMMON_WORDS[5], experiment: layout.experiments[0].id, outcome: "failure" },
  { q: BENCH_COMMON_WORDS[3], hook: "pre_action", truncated: false },
  { q: BENCH_COMMON_WORDS[0], run: layout.runs[3].id, experiment: layout.runs[3].experimentId },
  { q: BENCH_COMMON_WORDS[8], benchmark: "swe-bench-pro", turnsMin: 3 },
  { q: pick(BENCH_IDENTIFIERS), experiment: pick(layout.experiments).id },
  { q: "nosuchwordanywhere" },
];

describe("a search in the default order, read from the newest matching turn down", () => {
  it("keeps the time marks equal to their recomputation from the rows", () => {
    expect(storedMarks(store)).toEqual(recomputedMarks(store));
    expect(storedMarks(store).length).toBeGreaterThan(5);
    expect(timeMarksBelowRows(store.sqlite)).toBe(0);
  });

  it.each(QUERIES)("shows what the set and probe paths show, on every page: %j", (filter) => {
    const recent = allPages(filter, RECENT, 23);
    expect(recent.plans).toEqual(new Set(["search:recent"]));
    const old = allPages(filter, OLD, 23);
    expect(old.plans.has("search:recent")).toBe(false);
    expect(recent.rows).toEqual(old.rows);
    expect(recent.rows).toEqual(allPages(filter, OLD_PROBE, 23).rows);
    if (filter.q !== "nosuchwordanywhere") expect(recent.rows.length).toBeGreaterThan(0);
  });

  it("gives up past its budget and shows the same rows another way", () => {
    const filter: BrowserFilter = { q: BENCH_COMMON_WORDS[0] };
    const limited = allPages(filter, { ...RECENT, recentSearchBudget: 3 }, 50);
    expect(limited.plans.has("search:recent")).toBe(false);
    expect(limited.rows).toEqual(allPages(filter, RECENT, 50).rows);
  });

  it("keeps other orders on the set and probe paths", () => {
    const page = listBrowserPage(store, { filter: { q: BENCH_COMMON_WORDS[0] }, sort: { key: "created", dir: "asc" } }, { limit: 50, cursor: null, tuning: RECENT });
    expect(page.ok && page.value.plan).not.toBe("search:recent");
  });

  it("finds turns stored after the first search, and stops before reading every match", () => {
    const s = openStore(":memory:");
    try {
      insertBenchStructure(s.sqlite, "t", layout, Date.now());
      generateBenchRollouts(s.sqlite, layout, { prefix: "t", rollouts: 2_000, turns: { min: 1, max: 3 }, batch: 500, sameCreatedAt: 10, seed: 4 });
      const word = BENCH_COMMON_WORDS[0];
      const state: BrowserState = { filter: { q: word }, sort: { key: "created", dir: "desc" } };
      // Stored in time order: the page is found among the newest matches. Allowed a fifth of them, the walk
      // would give up (and the plan say so) if it had to read them all.
      const first = listBrowserPage(s, state, { limit: 50, cursor: null, tuning: { ...RECENT, recentSearchBudget: 1 } });
      expect(first.ok && first.value.plan).not.toBe("search:recent");
      const matching = s.sqlite.prepare("SELECT count(*) FROM turns_fts WHERE turns_fts MATCH ?").pluck().get(word) as number;
      const bounded = listBrowserPage(s, state, { limit: 50, cursor: null, tuning: { ...RECENT, recentSearchBudget: Math.floor(matching / 5) } });
      expect(bounded.ok && bounded.value.plan).toBe("search:recent");
      expect(bounded.ok && bounded.value.rows.length).toBe(50);
      // A later, newer batch, indexed by the next search.
      const later = benchLayout("u");
      insertBenchStructure(s.sqlite, "u", later, Date.now());
      generateBenchRollouts(s.sqlite, later, { prefix: "u", rollouts: 300, turns: { min: 1, max: 3 }, batch: 100, sameCreatedAt: 10, seed: 6 });
      s.sqlite.prepare("UPDATE rollouts SET created_at = created_at + 86400000 WHERE id LIKE 'u-%'").run();
      const next = listBrowserPage(s, state, { limit: 50, cursor: null, tuning: RECENT });
      const old = listBrowserPage(s, state, { limit: 50, cursor: null, tuning: OLD });
      expect(next.ok && next.value.plan).toBe("search:recent");
      expect(next.ok && next.value.rows.map((r) => r.id)).toEqual(old.ok && old.value.rows.map((r) => r.id));
      expect(next.ok && next.value.rows.every((r) => r.id.startsWith("u-"))).toBe(true);
      expect(storedMarks(s)).toEqual(recomputedMarks(s));
    } finally {
      s.sqlite.close();
    }
  });
});
