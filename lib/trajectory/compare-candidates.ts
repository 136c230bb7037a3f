// The order in which the viewer's "Compare with…" offers a task's other rollouts (issue 18): the closest kin
// first — the same GRPO group (same prompt, same policy, sampled together), then the same run, then the same
// experiment, then other experiments — each kind newest first as given. Pure, so the menu and its test agree.

export type Kinship = "group" | "run" | "experiment" | "other";

export const KINSHIP_ORDER: readonly Kinship[] = ["group", "run", "experiment", "other"];

export const KINSHIP_HEADINGS: Record<Kinship, string> = {
  group: "Same group",
  run: "Same run",
  experiment: "Same experiment, other runs",
  other: "Other experiments",
};

interface Placed {
  experimentId: string;
  runId: string;
  groupId: string | null;
}

export function kinship(current: Placed, other: Placed): Kinship {
  if (current.groupId !== null && other.groupId === current.groupId && other.runId === current.runId) return "group";
  if (other.runId === current.runId) return "run";
  if (other.experimentId === current.experimentId) return "experiment";
  return "other";
}

/** The rollouts by kinship, closest first; empty kinds are left out and the given order is kept inside each. */
export function groupByKinship<T extends Placed>(current: Placed, others: T[]): { kinship: Kinship; rows: T[] }[] {
  const buckets = new Map<Kinship, T[]>(KINSHIP_ORDER.map((k) => [k, []]));
  for (const o of others) buckets.get(kinship(current, o))!.push(o);
  return KINSHIP_ORDER.map((k) => ({ kinship: k, rows: buckets.get(k)! })).filter((b) => b.rows.length > 0);
}
