import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { countBrowserOutcomes, findEmptyingFilter, listBrowserPage } from "./rollout-browser";
import { OUTCOME_CONDS } from "./rollout-browser-sql";
import type { PlanTuning } from "./rollout-browser-plan";
import { OUTCOME_SQL, OUTCOMES, outcomeOf } from "@/lib/domain/outcome";
import { decodeBrowserCursor } from "@/lib/trajectories/browser-cursor";
import { SORT_KEYS, SORT_DIRS, type BrowserFilter, type BrowserState, type SortKey } from "@/lib/trajectories/browser-query";
import { SEED_TASKS, seedBrowserStore, seededCreatedAt, type SeedRollout } from "@/test/fixtures/trajectory-browser/seed";

let store: Store;
let seed: SeedRollout[];
beforeAll(() => {
  store = openStore(":memory:");
  seed = seedBrowserStore(store);
});
afterAll(() => store.sqlite.close());

// Every query runs both ways the planner can read it: walking the sort index per experiment, and through
// an anchoring filter's own index (where the filter has one).
const WALK: PlanTuning = { anchorMax: -1, searchAnchorMax: -1, walkBudget: null, recentSearchBudget: null };
const ANCHOR: PlanTuning = { anchorMax: 1e9, searchAnchorMax: 1e9, walkBudget: null, recentSearchBudget: null };
// A walk limited to one index entry gives up at once and sorts the matching rows in the created index.
const FEW: PlanTuning = { anchorMax: -1, searchAnchorMax: -1, walkBudget: 1, recentSearchBudget: null };
// A search in the default order read from the newest matching turn down (rollout-browser-recent-search.ts).
const RECENT: PlanTuning = { ...WALK, recentSearchBudget: 1e9 };
const MODES = [["walk", WALK], ["anchor", ANCHOR], ["few", FEW]] as const;
const SEARCH_MODES = [...MODES, ["recent", RECENT]] as const;

// ---- what the browser should show, computed from the events -------------------------------------------

const outcome = (r: SeedRollout) => outcomeOf({ success: r.success, reward: r.reward });
const tokens = (r: SeedRollout) => {
  const p = r.tokens?.prompt;
  const c = r.tokens?.completion;
  return p !== undefined && c !== undefined ? p + c : (p ?? c ?? null);
};

function sortValue(key: SortKey, r: SeedRollout): number | null {
  switch (key) {
    case "created": return seededCreatedAt(seed, r.id);
    case "reward": return r.reward;
    case "turns": return r.turns.length;
    case "step": return r.step ?? null;
    case "tokens": return tokens(r);
    case "cost": return r.cost_usd ?? null;
    case "duration": return r.duration_ms ?? null;
  }
}

function matches(f: BrowserFilter, r: SeedRollout): boolean {
  const benchmark = SEED_TASKS.find((t) => t.id === r.task)?.benchmark;
  return (f.experiment === undefined || r.experiment === f.experiment)
    && (f.run === undefined || r.run === f.run)
    && (f.purpose === undefined || r.purpose === f.purpose)
    && (f.epoch === undefined || r.epoch === f.epoch)
    && (f.step === undefined || r.step === f.step)
    && (f.harnessVersion === undefined || r.harness_version === f.harnessVersion)
    && (f.checkpoint === undefined || r.checkpoint === f.checkpoint)
    && (f.task === undefined || r.task === f.task)
    && (f.benchmark === undefined || benchmark === f.benchmark)
    && (f.outcome === undefined || outcome(r) === f.outcome)
    && (f.success === undefined || r.success === f.success)
    && (f.exitStatus === undefined || r.exit_status === f.exitStatus)
    && (f.truncated === undefined || (r.truncated ?? false) === f.truncated)
    && (f.rewardMin === undefined || (r.reward !== null && r.reward >= f.rewardMin))
    && (f.rewardMax === undefined || (r.reward !== null && r.reward <= f.rewardMax))
    && (f.turnsMin === undefined || r.turns.length >= f.turnsMin)
    && (f.turnsMax === undefined || r.turns.length <= f.turnsMax)
    && (f.hook === undefined || r.turns.some((t) => (t.hooks ?? []).some((h) => h.position === f.hook)));
}

/** Values first in the asked direction (ties by id, same direction), unknown values after them by id. */
function expectedOrder(state: BrowserState): string[] {
  const sign = state.sort.dir === "desc" ? -1 : 1;
  const rows = seed.filter((r) => matches(state.filter, r)).map((r) => ({ id: r.id, v: sortValue(state.sort.key, r) }));
  const byId = (a: { id: string }, b: { id: string }) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const known = rows.filter((r) => r.v !== null).sort((a, b) => sign * ((a.v as number) - (b.v as number)) || byId(a, b));
  const unknown = rows.filter((r) => r.v === null).sort(byId);
  return [...known, ...unknown].map((r) => r.id);
}

/** Every page of a state, following nextCursor; fails on a repeated id. */
function allPages(state: BrowserState, limit: number, tuning: PlanTuning): { ids: string[]; plans: Set<string> } {
  const ids: string[] = [];
  const plans = new Set<string>();
  let cursorText: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const cursor = cursorText === null ? null : decodeBrowserCursor(cursorText, state.sort);
    if (cursor && !cursor.ok) throw new Error(cursor.message);
    const page = listBrowserPage(store, state, { limit, cursor: cursor ? cursor.cursor : null, tuning });
    if (!page.ok) throw new Error(`${page.problem.field}: ${page.problem.message}`);
    expect(page.value.rows.length).toBeLessThanOrEqual(limit);
    ids.push(...page.value.rows.map((r) => r.id));
    plans.add(page.value.plan);
    cursorText = page.value.nextCursor;
    if (!cursorText) break;
  }
  expect(new Set(ids).size, "no rollout twice").toBe(ids.length);
  return { ids, plans };
}

const SORTS = SORT_KEYS.flatMap((key) => SORT_DIRS.map((dir) => ({ key, dir })));

describe("listBrowserPage: order and paging", () => {
  it.each(SORTS)("sorts by $key $dir across experiments, unknown values last, without gaps or duplicates", (sort) => {
    const state: BrowserState = { filter: {}, sort };
    const expected = expectedOrder(state);
    expect(expected.length).toBe(seed.length);
    expect(allPages(state, 7, WALK).ids).toEqual(expected);
  });

  it.each(SORTS)("sorts by $key $dir alike whichever way the rows are read", (sort) => {
    const state: BrowserState = { filter: { benchmark: "swe-bench-verified", truncated: false }, sort };
    const expected = expectedOrder(state);
    expect(allPages(state, 9, WALK)).toEqual({ ids: expected, plans: new Set(["walk"]) });
    expect(allPages(state, 9, ANCHOR)).toEqual({ ids: expected, plans: new Set(["anchor:benchmark"]) });
    // The default order's index holds the filters, so only the other orders ever limit their walk.
    const limited = sort.key === "created" ? "walk" : "anchor:few";
    expect(allPages(state, 9, FEW)).toEqual({ ids: expected, plans: new Set([limited]) });
  });

  it("pages by reward within an outcome, where success decides the walk", () => {
    for (const o of OUTCOMES) {
      for (const dir of SORT_DIRS) {
        const state: BrowserState = { filter: { outcome: o }, sort: { key: "reward", dir } };
        expect(allPages(state, 4, WALK).ids, `${o} ${dir}`).toEqual(expectedOrder(state));
      }
    }
  });

  it("keeps rollouts stored in one batch (same created_at) in id order across page boundaries", () => {
    const state: BrowserState = { filter: { experiment: "exp-a" }, sort: { key: "created", dir: "desc" } };
    const ids = allPages(state, 3, WALK).ids;
    expect(ids).toEqual(expectedOrder(state));
    const times = ids.map((id) => seededCreatedAt(seed, id));
    expect(new Set(times).size).toBeLessThan(times.length);
  });
});

const FILTERS: BrowserFilter[] = [
  { experiment: "exp-a" }, { run: "a-eval" }, { purpose: "preparation" }, { epoch: 2 }, { step: 3 }, { harnessVersion: "a-h1" },
  { checkpoint: "b-ckpt" }, { task: SEED_TASKS[1].id }, { benchmark: "swe-bench-multilingual" }, { outcome: "success" },
  { outcome: "failure" }, { outcome: "unknown" }, { success: false }, { exitStatus: "timeout" }, { truncated: true },
  { truncated: false }, { rewardMin: 0.5 }, { rewardMax: 0 }, { rewardMin: 0, rewardMax: 0.5 }, { turnsMin: 3 }, { turnsMax: 2 },
  { hook: "pre_action" }, { hook: "episode_init" },
  { experiment: "exp-a", outcome: "failure", hook: "post_feedback" }, { run: "a-train", step: 2 },
  { benchmark: "swe-bench-verified", purpose: "train", truncated: false }, { experiment: "exp-b", checkpoint: "b-ckpt", rewardMin: 1 },
];

describe("listBrowserPage: every filter", () => {
  it.each(FILTERS)("filters %j the same way walking and anchored", (filter) => {
    const state: BrowserState = { filter, sort: { key: "created", dir: "desc" } };
    const expected = expectedOrder(state);
    expect(expected.length, "the seed holds rollouts for this filter").toBeGreaterThan(0);
    expect(expected.length, "and not every rollout").toBeLessThan(seed.length);
    for (const [mode, tuning] of MODES) expect(allPages(state, 25, tuning).ids, mode).toEqual(expected);
  });

  it("finds nothing, without an error, when the run belongs to another experiment", () => {
    const page = listBrowserPage(store, { filter: { experiment: "exp-a", run: "b-train" }, sort: { key: "created", dir: "desc" } }, { limit: 50, cursor: null });
    expect(page.ok && page.value.rows).toEqual([]);
  });

  it("returns display names and the outcome by the rule", () => {
    const page = listBrowserPage(store, { filter: { checkpoint: "b-ckpt" }, sort: { key: "created", dir: "desc" } }, { limit: 200, cursor: null });
    if (!page.ok) throw new Error(page.problem.message);
    for (const row of page.value.rows) {
      const event = seed.find((r) => r.id === row.id)!;
      expect(row).toMatchObject({ experimentName: "Experiment B", runName: null, harnessLabel: "H0", checkpointName: "b step 5", outcome: outcome(event), tokens: tokens(event) });
      expect(row.taskKey).toBe(event.task.split(":")[1]);
    }
  });
});

describe("countBrowserOutcomes", () => {
  const expectedCounts = (filter: BrowserFilter) => {
    const counts = { success: 0, failure: 0, unknown: 0 };
    for (const r of seed) if (matches({ ...filter, outcome: undefined, success: undefined }, r)) counts[outcome(r)]++;
    return counts;
  };

  it.each(FILTERS)("counts by outcome under %j, ignoring the outcome filter itself", (filter) => {
    for (const [mode, tuning] of MODES) {
      const result = countBrowserOutcomes(store, filter, tuning);
      expect(result.ok && result.value, mode).toEqual({ counted: true, counts: expectedCounts(filter) });
    }
  });

  it("counts everything with no filter", () => {
    const result = countBrowserOutcomes(store, {});
    expect(result.ok && result.value).toEqual({ counted: true, counts: expectedCounts({}) });
  });

  it("writes the outcome rule as column tests that select what OUTCOME_SQL selects", () => {
    for (const o of OUTCOMES) {
      const viaRule = store.sqlite.prepare(`SELECT id FROM rollouts r WHERE (${OUTCOME_SQL}) = ? ORDER BY id`).pluck().all(o);
      const viaConds = store.sqlite.prepare(`SELECT id FROM rollouts r WHERE ${OUTCOME_CONDS[o]} ORDER BY id`).pluck().all();
      expect(viaConds, o).toEqual(viaRule);
      expect(viaRule.length, `the seed holds ${o} rollouts`).toBeGreaterThan(0);
    }
  });
});

describe("full-text search", () => {
  const search = (q: string, tuning: PlanTuning, filter: BrowserFilter = {}) => {
    const page = listBrowserPage(store, { filter: { ...filter, q }, sort: { key: "created", dir: "desc" } }, { limit: 50, cursor: null, tuning });
    if (!page.ok) throw new Error(`${page.problem.field}: ${page.problem.message}`);
    return page.value;
  };

  it.each(SEARCH_MODES)("finds a word that occurs only in an observation, with the turn and a marked snippet (%s)", (_mode, tuning) => {
    const page = search("ZEPHYRQUUX", tuning);
    expect(page.rows.map((r) => r.id)).toEqual(["s-observation"]);
    expect(page.rows[0].match?.turnIdx).toBe(1);
    expect(page.rows[0].match?.parts).toContainEqual({ text: "zephyrquux", hit: true });
    expect(page.rows[0].match?.parts.map((p) => p.text).join("")).toContain("Traceback: zephyrquux exploded");
  });

  it.each(SEARCH_MODES)("searches FTS syntax as plain words (%s)", (_mode, tuning) => {
    // foo AND or AND bar: the rollout with all three words, not the one with foo alone.
    expect(search('"foo" OR bar*', tuning).rows.map((r) => r.id)).toEqual(["s-operators"]);
    expect(search("NEAR(", tuning).rows.map((r) => r.id)).toEqual(["s-operators"]);
    expect(search("foo -alone", tuning).rows.map((r) => r.id)).toEqual(["s-only-foo"]);
    expect(search("content:foo", tuning).rows).toEqual([]);
  });

  it("keeps quotes and markup of a turn as plain text in the snippet", () => {
    const parts = search("hello", ANCHOR).rows[0].match?.parts ?? [];
    expect(parts.map((p) => p.text).join("")).toBe('She said "hello" <b>bold</b> & left');
    expect(parts.filter((p) => p.hit)).toEqual([{ text: "hello", hit: true }]);
  });

  it("combines the search with other filters and counts what it finds", () => {
    const words = search("patch", WALK, { experiment: "exp-a", outcome: "failure" });
    const anchored = search("patch", ANCHOR, { experiment: "exp-a", outcome: "failure" });
    const recent = search("patch", RECENT, { experiment: "exp-a", outcome: "failure" });
    expect(words.rows.map((r) => r.id)).toEqual(anchored.rows.map((r) => r.id));
    expect(recent.rows).toEqual(anchored.rows);
    expect(words.rows.length).toBeGreaterThan(0);
    for (const row of words.rows) expect(row).toMatchObject({ experimentId: "exp-a", outcome: "failure" });
    const counted = countBrowserOutcomes(store, { experiment: "exp-a", q: "patch" }, ANCHOR);
    expect(counted.ok && counted.value.counted && counted.value.counts.failure).toBe(
      search("patch", ANCHOR, { experiment: "exp-a", outcome: "failure" }).rows.length,
    );
    const uncounted = countBrowserOutcomes(store, { q: "patch" }, WALK);
    expect(uncounted.ok && uncounted.value).toMatchObject({ counted: false });
  });
});

describe("findEmptyingFilter", () => {
  it("names the first filter after which nothing is left, and the ones before it", () => {
    const state: BrowserState = { filter: { experiment: "exp-a", outcome: "success", truncated: true }, sort: { key: "created", dir: "desc" } };
    expect(expectedOrder(state)).toEqual([]);
    expect(findEmptyingFilter(store, state)).toEqual({ param: "truncated", label: "truncated: true", before: ["experiment: exp-a", "outcome: success"] });
  });

  it("says nothing when there is no filter", () => {
    expect(findEmptyingFilter(store, { filter: {}, sort: { key: "created", dir: "desc" } })).toBeNull();
  });
});
