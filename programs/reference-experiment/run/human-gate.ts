// `--review human`: instead of the acceptance rule, a person decides in the dashboard. The trainer polls
// the read API for that decision, says what it is waiting for, and gives up after a timeout.
export interface DecisionReader {
  readonly url: string;
  getJson<T = unknown>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
}

interface ProposalRecord {
  id: string;
  decisions: Array<{ verdict: "accept" | "reject"; actorKind: "rule" | "human"; actor: string; reason: string | null }>;
}

export interface HumanDecision {
  verdict: "accept" | "reject";
  actor: string;
  reason: string | null;
}

export async function waitForHumanDecision(reader: DecisionReader, input: {
  experiment: string; proposalId: string; title: string; ruleSays: string; timeoutMs: number; intervalMs?: number;
  log(line: string): void; sleep?: (ms: number) => Promise<void>; now?: () => number;
}): Promise<HumanDecision | null> {
  const sleep = input.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const now = input.now ?? Date.now;
  const interval = input.intervalMs ?? 2000;
  const started = now();
  let lastMessage = -Infinity;
  for (;;) {
    const { proposals } = await reader.getJson<{ proposals: ProposalRecord[] }>("/api/v1/proposals", { experiment: input.experiment });
    const human = proposals.find((p) => p.id === input.proposalId)?.decisions.filter((d) => d.actorKind === "human").at(-1);
    if (human) return { verdict: human.verdict, actor: human.actor, reason: human.reason };
    const waited = now() - started;
    if (waited >= input.timeoutMs) return null;
    if (waited - lastMessage >= 30_000) {
      input.log(`  waiting for a decision on "${input.title}" at ${reader.url}/proposals (${Math.round(waited / 1000)} s so far, ${Math.round((input.timeoutMs - waited) / 1000)} s left; the rule would say: ${input.ruleSays})`);
      lastMessage = waited;
    }
    await sleep(interval);
  }
}
