// The home page derived from its rows (db/queries/home.ts), pure so it can be tested without a store: what
// waits for review per kind with the inbox address that lists it, how far each running thing is, and the
// two prompts a newcomer gets — the orientation until dismissed, and "set a password" for an account that
// has none (the first admin and every invited user sign in by a one-time link and start without one).
import { PROPOSAL_KINDS } from "../domain/vocabulary";
import { inboxHref } from "../proposals/inbox-filter";

/** The cookie that remembers, per browser, which user dismissed the orientation (its value is the user id). */
type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export const ORIENTATION_COOKIE = "harness_lab_orientation";

export interface ReviewCount {
  kind: ProposalKind;
  label: string;
  count: number;
  href: string;
}

const REVIEW_LABELS: Record<ProposalKind, { one: string; many: string }> = {
  tool_hook: { one: "teacher proposal", many: "teacher proposals" },
  engineer_patch: { one: "engineer patch", many: "engineer patches" },
};

/** One entry per kind, zero included, in inbox order; each links to the inbox's pending rows of that kind. */
export function reviewCounts(pendingByKind: Partial<Record<ProposalKind, number>>): ReviewCount[] {
  return PROPOSAL_KINDS.map((kind) => {
    const count = pendingByKind[kind] ?? 0;
    return { kind, count, label: count === 1 ? REVIEW_LABELS[kind].one : REVIEW_LABELS[kind].many, href: inboxHref({ kind, status: "pending" }) };
  });
}

/** 0..100 from a job's reported fraction, or null when none was reported. */
export function progressPercentOf(fraction: number | null): number | null {
  if (fraction === null || !Number.isFinite(fraction)) return null;
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}

/** What a running run's line says about how far it got: its job's progress message, else its last step. */
export function runProgressText(run: { lastStep: number | null; jobProgressMessage: string | null; status: string }): string {
  if (run.jobProgressMessage) return run.jobProgressMessage;
  if (run.lastStep !== null) return `last metrics at step ${run.lastStep}`;
  return run.status === "pending" ? "not started" : "no metrics yet";
}

/** The orientation shows until this user dismissed it in this browser. */
export function showOrientation(dismissedBy: string | undefined, userId: string): boolean {
  return dismissedBy !== userId;
}

/** Accounts without a password can only come back through a new one-time link: they are asked to set one. */
export function needsPassword(hasPassword: boolean): boolean {
  return !hasPassword;
}
