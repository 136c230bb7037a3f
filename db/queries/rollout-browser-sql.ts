// SQL pieces of the trajectory browser: the sort columns with their indexes, the filter as conditions over
// `rollouts r`, and the keyset conditions of a cursor. Every value goes in as a bound parameter.
//
// NULLs and the cursor: a sort value may be unknown (reward, step, tokens, cost, duration). Unknown values
// come LAST in both directions, so a page sorted by reward starts with rewards whichever way it points.
// A page is read in two phases over the same index (experiment_id, value, id): first the rows with a
// value (`value IS NOT NULL`, keyset `(value, id)` past the cursor), then, once those run out, the rows
// without one (`value IS NULL`, keyset on id alone, in the same direction). The cursor records which phase
// it stopped in: a null value means "inside the unknowns".
import "server-only";
import type { BrowserFilter, SortDir, SortKey } from "../../lib/trajectories/browser-query";
import type { BrowserCursor } from "../../lib/trajectories/browser-cursor";
import type { Outcome } from "../../lib/domain/outcome";

export interface Cond {
  sql: string;
  params: unknown[];
}

const cond = (sql: string, ...params: unknown[]): Cond => ({ sql, params });

export function joinConds(conds: Cond[]): Cond {
  if (conds.length === 0) return cond("1");
  return { sql: conds.map((c) => `(${c.sql})`).join(" AND "), params: conds.flatMap((c) => c.params) };
}

/** Total tokens: the same expression as the rollouts_browse_tokens index, so SQLite walks that index. */
export const ROLLOUT_TOKENS_SQL = "coalesce(r.prompt_tokens + r.completion_tokens, r.prompt_tokens, r.completion_tokens)";

export interface SortColumn {
  expr: string;
  nullable: boolean;
  /** The index whose order is (experiment_id, [success,] expr, id). */
  index: string;
  /** Reward's index has success between experiment and value: a walk is per (experiment, success). */
  bySuccess: boolean;
}

export const SORT_COLUMNS: Record<SortKey, SortColumn> = {
  created: { expr: "r.created_at", nullable: false, index: "rollouts_browse_created", bySuccess: false },
  reward: { expr: "r.reward", nullable: true, index: "rollouts_browse_outcome", bySuccess: true },
  turns: { expr: "r.num_turns", nullable: false, index: "rollouts_browse_turns", bySuccess: false },
  step: { expr: "r.step", nullable: true, index: "rollouts_browse_step", bySuccess: false },
  tokens: { expr: ROLLOUT_TOKENS_SQL, nullable: true, index: "rollouts_browse_tokens", bySuccess: false },
  cost: { expr: "r.cost_usd", nullable: true, index: "rollouts_browse_cost", bySuccess: false },
  duration: { expr: "r.duration_ms", nullable: true, index: "rollouts_browse_duration", bySuccess: false },
};

/**
 * The outcome rule of lib/domain/outcome.ts (success; else unknown when the reward is null; else failure)
 * written as plain column tests instead of OUTCOME_SQL's CASE, so SQLite can use them on an index.
 * rollout-browser.test.ts checks that both select the same rows.
 */
export const OUTCOME_CONDS: Record<Outcome, string> = {
  success: "r.success = 1",
  failure: "r.success = 0 AND r.reward IS NOT NULL",
  unknown: "r.success = 0 AND r.reward IS NULL",
};

/** The success value every matching row has, when the filter fixes it (outcome or the older success flag). */
export function fixedSuccess(filter: BrowserFilter): 0 | 1 | null {
  if (filter.outcome) return filter.outcome === "success" ? 1 : 0;
  if (filter.success !== undefined) return filter.success ? 1 : 0;
  return null;
}

/** Every filter except the full-text search (planned separately) as conditions over `rollouts r`. */
export function filterConds(filter: BrowserFilter, options: { outcome?: boolean } = {}): Cond[] {
  const out: Cond[] = [];
  const eq = (column: string, value: unknown) => value !== undefined && out.push(cond(`${column} = ?`, value));
  eq("r.experiment_id", filter.experiment);
  eq("r.run_id", filter.run);
  eq("r.purpose", filter.purpose);
  eq("r.epoch", filter.epoch);
  eq("r.step", filter.step);
  eq("r.harness_version_id", filter.harnessVersion);
  eq("r.checkpoint_id", filter.checkpoint);
  eq("r.task_id", filter.task);
  if (filter.benchmark !== undefined) out.push(cond("r.task_id IN (SELECT id FROM tasks WHERE benchmark = ?)", filter.benchmark));
  if (filter.outcome !== undefined && options.outcome !== false) out.push(cond(OUTCOME_CONDS[filter.outcome]));
  if (filter.success !== undefined && options.outcome !== false) out.push(cond("r.success = ?", filter.success ? 1 : 0));
  eq("r.exit_status", filter.exitStatus);
  if (filter.truncated !== undefined) out.push(cond("r.truncated = ?", filter.truncated ? 1 : 0));
  // A reward or turn range keeps only rollouts with a value inside it: an unknown reward is in no range.
  if (filter.rewardMin !== undefined) out.push(cond("r.reward >= ?", filter.rewardMin));
  if (filter.rewardMax !== undefined) out.push(cond("r.reward <= ?", filter.rewardMax));
  if (filter.turnsMin !== undefined) out.push(cond("r.num_turns >= ?", filter.turnsMin));
  if (filter.turnsMax !== undefined) out.push(cond("r.num_turns <= ?", filter.turnsMax));
  // One covering seek per rollout in (position, rollout_id). Named, because SQLite on its own may pick the
  // primary key and read every hook row of the rollout, or scan a position's hooks for each rollout tested.
  // A trainer's value lives in the rollout's metadata: only rollouts that hold a number there, within the range.
  // Not indexed: narrow by experiment or run first on a large store (the filter bar scopes it that way).
  if (filter.value !== undefined) {
    const path = valuePath(filter.value);
    out.push(cond("json_type(r.metadata, ?) IN ('integer', 'real')", path));
    if (filter.valueMin !== undefined) out.push(cond("json_extract(r.metadata, ?) >= ?", path, filter.valueMin));
    if (filter.valueMax !== undefined) out.push(cond("json_extract(r.metadata, ?) <= ?", path, filter.valueMax));
  }
  if (filter.hook !== undefined) {
    out.push(cond("EXISTS (SELECT 1 FROM hook_events h INDEXED BY hook_events_position_rollout WHERE h.position = ? AND h.rollout_id = r.id)", filter.hook));
  }
  return out;
}

/** The JSON path of a value's key (each name quoted; isValueKey keeps quotes and dots out of the names). */
export function valuePath(key: string): string {
  return `$${key.split(".").map((s) => `."${s}"`).join("")}`;
}

/**
 * Whether a phase can hold rows at all under this filter: unknown rewards never fall in a reward range, and
 * the outcome rule ties unknown to a null reward. Skipping a phase that cannot match saves walking an index
 * range only to find nothing in it.
 */
export function phaseCanMatch(key: SortKey, phase: "values" | "nulls", filter: BrowserFilter): boolean {
  if (key !== "reward") return true;
  const rewardKnown = filter.outcome === "failure" || filter.rewardMin !== undefined || filter.rewardMax !== undefined;
  // A success may have no reward at all (the rule looks at success first), so only these rule nulls out.
  if (phase === "nulls") return !rewardKnown;
  return filter.outcome !== "unknown";
}

/** The rows of one phase that come after the cursor, and the ORDER BY that walks them. */
export function phaseConds(key: SortKey, dir: SortDir, phase: "values" | "nulls", cursor: BrowserCursor | null): { where: Cond[]; orderBy: string } {
  const { expr, nullable } = SORT_COLUMNS[key];
  const d = dir === "desc" ? "DESC" : "ASC";
  const past = dir === "desc" ? "<" : ">";
  if (phase === "nulls") {
    const where = [cond(`${expr} IS NULL`)];
    if (cursor && cursor.value === null) where.push(cond(`r.id ${past} ?`, cursor.id));
    return { where, orderBy: `r.id ${d}` };
  }
  const where: Cond[] = nullable ? [cond(`${expr} IS NOT NULL`)] : [];
  if (cursor && cursor.value !== null) {
    // Written as a range on the value plus a tie test (not an OR of the two) so the index walk starts at the cursor.
    where.push(cond(`${expr} ${past}= ? AND (${expr} ${past} ? OR r.id ${past} ?)`, cursor.value, cursor.value, cursor.id));
  }
  return { where, orderBy: `${expr} ${d}, r.id ${d}` };
}

/** The phases a page reads, in order, given where the cursor stopped. */
export function phasesAfter(key: SortKey, cursor: BrowserCursor | null): ("values" | "nulls")[] {
  if (!SORT_COLUMNS[key].nullable) return ["values"];
  return cursor && cursor.value === null ? ["nulls"] : ["values", "nulls"];
}

/** SQLite's BINARY collation compares UTF-8 bytes; JavaScript compares UTF-16 units. They agree on ASCII. */
export function compareIds(a: string, b: string): number {
  if (/^[\x00-\x7f]*$/.test(a) && /^[\x00-\x7f]*$/.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
