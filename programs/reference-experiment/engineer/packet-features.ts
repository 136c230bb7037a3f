// What the engineer sees of a failure packet: which interaction problems its episodes show, as shares
// (0..1) so packets of different sizes are comparable, plus a bias. The fixed order (the six classic kinds,
// CLASSIC_PROBLEM_KINDS) is the layout of the engineer's weights, so a checkpoint is only valid with the same feature names.
import { CLASSIC_PROBLEM_KINDS as PROBLEM_KINDS, type ProblemReport } from "../teacher/classify-problems";

export const PACKET_FEATURE_NAMES: readonly string[] = ["bias", ...PROBLEM_KINDS.map((k) => `share_${k}`)];

/** [1, share of the packet's episodes showing each problem, in PROBLEM_KINDS order]; shares are 0 for an empty packet. */
export function packetFeatures(report: ProblemReport): number[] {
  const episodes = report.episodes;
  const byKind = new Map(report.problems.map((p) => [p.kind, p.episodes]));
  return [1, ...PROBLEM_KINDS.map((k) => (episodes > 0 ? Math.min(1, (byKind.get(k) ?? 0) / episodes) : 0))];
}
