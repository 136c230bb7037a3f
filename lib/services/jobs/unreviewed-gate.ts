// The human gate on harness code from outside (issue 13): before a launch writes anything, the harness versions
// the job would run (every harness_version parameter, a proposal's candidate and base) are judged by the trust
// rule; unreviewed ones need a signed-in reviewer's (or admin's) explicit confirmation, naming each of them.
// A token can never confirm: a person has to have seen the code. A refusal carries where a reviewer does that:
// the launch form of this very launch (template and parameters preselected), which shows each unreviewed
// version's code — its changes against a version a person vouched for, or its whole files when there is none.
// launchJob calls this before it writes anything or picks an executor, so it holds for local, Slurm and Ray alike.
import "server-only";
import type { Store } from "../../../db/client";
import { getProposalSides } from "../../../db/queries/jobs";
import { getHarnessReviews, type HarnessReview } from "../../../db/queries/harness-review-diff";
import { roleAtLeast } from "../auth/pure/principal";
import { describeArrival } from "../../harness-trust/arrival";
import { launchPath } from "../../http/page-links";
import type { JobTemplateSpec } from "./pure/template-schema";
import type { JobActor } from "./permissions";

export const CONFIRM_FIELD = "confirmUnreviewed";

export interface UnreviewedVersion {
  id: string;
  label: string;
  arrivedVia: string;
}

export type GateResult =
  | { ok: true; confirmed: HarnessReview[] }
  | { ok: false; status: 403 | 409; error: string; unreviewed: UnreviewedVersion[]; review: string };

/** The launch being judged: where its form is. */
export interface LaunchTarget {
  experimentId: string;
  templateId: string;
  /** The validated parameter values. */
  values: Record<string, string>;
}

/**
 * Where a reviewer reads and confirms the code: the experiment's launch form with this template and these
 * parameters preselected (the harness-running ones first), e.g.
 * /experiments/exp/launch?template=reference-evaluate&harness_version=h0&benchmark=all&repeats=1&seed=1.
 */
export function reviewPath(spec: JobTemplateSpec, target: LaunchTarget): string {
  const runsHarness = (name: string) => ["harness_version", "proposal"].includes(spec.placeholders[name]?.type ?? "");
  const names = Object.keys(target.values);
  const ordered = [...names.filter(runsHarness), ...names.filter((n) => !runsHarness(n))];
  return launchPath(target.experimentId, target.templateId, Object.fromEntries(ordered.map((n) => [n, target.values[n]])));
}

/** The harness versions a job of this template would run with these (validated) values. */
export function harnessVersionsRun(store: Store, spec: JobTemplateSpec, values: Record<string, string>): string[] {
  const ids: string[] = [];
  for (const [name, placeholder] of Object.entries(spec.placeholders)) {
    const value = values[name];
    if (value === undefined || value === "") continue;
    if (placeholder.type === "harness_version") ids.push(value);
    if (placeholder.type === "proposal") {
      const sides = getProposalSides(store, value);
      if (sides) ids.push(sides.candidate, sides.base);
    }
  }
  return ids;
}

/**
 * `versionIds`: what the job would run (harnessVersionsRun); `confirm`: the ids the actor confirms having read;
 * `target`: this launch, for the review link of a refusal.
 */
export function checkUnreviewed(
  store: Store, actor: JobActor, spec: JobTemplateSpec, versionIds: readonly string[], confirm: readonly string[] | undefined, target: LaunchTarget,
): GateResult {
  const confirming = confirm !== undefined && confirm.length > 0;
  const mayConfirm = actor.kind === "user" && actor.role !== undefined && roleAtLeast(actor.role, "reviewer");
  const reviews = getHarnessReviews(store, versionIds);
  const unreviewed = reviews.map((r) => ({ id: r.version.id, label: r.version.label, arrivedVia: r.version.arrivedVia }));
  if (confirming && !mayConfirm) {
    return { ok: false, status: 403, unreviewed, review: reviewPath(spec, target), error: `${CONFIRM_FIELD}: only a signed-in reviewer or admin can confirm a harness version's code; a token cannot` };
  }
  const missing = reviews.filter((r) => !confirm?.includes(r.version.id));
  if (missing.length === 0) return { ok: true, confirmed: reviews };
  const review = reviewPath(spec, target);
  const named = missing.map((r) => `"${r.version.label}" (${r.version.id}) arrived ${describeArrival(r.version.arrivedVia)}`).join("; ");
  const how = mayConfirm
    ? `read its code (its changes against a version a person vouched for, or its whole files when there is none) and confirm "I have reviewed this harness version's code"`
    : "a signed-in reviewer must read its code and confirm it on the launch form first";
  // The link last, after a space: an id may hold any character a sentence would end with.
  return { ok: false, status: 409, unreviewed, review, error: `${CONFIRM_FIELD}: harness code nobody has reviewed: ${named}; ${how}. Nothing was launched. Review and confirm it at ${review}` };
}
