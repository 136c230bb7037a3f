// What the import knows about instances from files other than their trajectory: evaluator verdicts
// (SWE-bench reports) and facts (exit statuses, predictions). Files are added in name order and the FIRST
// verdict or fact for an instance wins, so the outcome never depends on anything but the set of files.
import type { InstanceFact, ReportDraft, Verdict } from "./types";

export interface VerdictSource {
  verdict: Verdict;
  /** The report file it came from. */
  file: string;
}

export interface ReportFile {
  file: string;
  reports: ReportDraft[];
  /** sha256 of the report file's bytes: its eval results' ids come from it, not from the path. */
  contentHash: string;
}

export class JoinIndex {
  private readonly verdicts = new Map<string, VerdictSource>();
  private readonly facts = new Map<string, InstanceFact>();
  readonly reportFiles: ReportFile[] = [];

  /** Returns how many of the file's verdicts disagree with an earlier report's (those are not used for rollouts). */
  addReports(file: string, reports: ReportDraft[], contentHash: string): number {
    if (reports.length === 0) return 0;
    this.reportFiles.push({ file, reports, contentHash });
    let disagreements = 0;
    for (const report of reports) {
      for (const verdict of report.verdicts) {
        if (!isEvaluated(verdict)) continue;
        const key = verdictKey(verdict.instanceId, verdict.attempt);
        const earlier = this.verdicts.get(key);
        if (!earlier) this.verdicts.set(key, { verdict, file });
        else if (earlier.verdict.success !== verdict.success) disagreements += 1;
      }
    }
    return disagreements;
  }

  /** Merges field by field: a later file fills only what earlier ones left out. */
  addFacts(facts: InstanceFact[]): void {
    for (const fact of facts) {
      const known = this.facts.get(fact.instanceId);
      if (!known) {
        this.facts.set(fact.instanceId, { ...fact });
        continue;
      }
      known.exitStatus ??= fact.exitStatus;
      known.submission ??= fact.submission;
      known.model ??= fact.model;
    }
  }

  verdictFor(instanceId: string, attempt?: string): VerdictSource | undefined {
    return this.verdicts.get(verdictKey(instanceId, attempt));
  }

  factFor(instanceId: string): InstanceFact | undefined {
    return this.facts.get(instanceId);
  }
}

/** Verdicts of different attempts of one instance (Harbor trials) are different verdicts, not a disagreement. */
const verdictKey = (instanceId: string, attempt: string | undefined) => attempt === undefined ? instanceId : `${instanceId}\u0000${attempt}`;

/** An instance the evaluator never finished ("incomplete", pending) has no verdict: it is neither success nor failure. */
export function isEvaluated(verdict: Verdict): boolean {
  return verdict.status !== "incomplete";
}
