// The event batch the writer-thread tests send: an experiment, a run and a task, then `rollouts` training
// rollouts of 30 turns of about 600–750 bytes each (`word` in every turn, so a search can find them).
export function writerTestBatch(prefix: string, rollouts: number, word?: string): unknown[] {
  const events: unknown[] = [
    { type: "experiment", id: `${prefix}-exp`, name: prefix, method: "grpo" },
    { type: "run", id: `${prefix}-run`, experiment: `${prefix}-exp`, kind: "train", status: "running" },
    { type: "task", id: `${prefix}-task`, key: `${prefix}-task`, benchmark: "bench" },
  ];
  const lead = word === undefined ? "" : `${word} `;
  for (let i = 0; i < rollouts; i++) {
    events.push({
      type: "rollout", id: `${prefix}-r${i}`, experiment: `${prefix}-exp`, run: `${prefix}-run`, task: `${prefix}-task`,
      purpose: "train", step: Math.floor(i / 64), reward: i % 2, success: i % 2 === 1,
      turns: Array.from({ length: 30 }, (_, t) => ({ role: t % 2 ? "tool" : "assistant", content: `${lead}turn ${t} of ${i} `.repeat(30) })),
    });
  }
  return events;
}
