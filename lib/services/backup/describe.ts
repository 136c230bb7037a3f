// The lines `backup` and `restore` print about a store file.
import type { StoreFacts } from "./inspect-store";

export function describeStore(facts: StoreFacts, seconds: number): string {
  const mb = (facts.bytes / 1024 / 1024).toFixed(1);
  return `${mb} MB (${facts.pages} pages of ${facts.pageSize} B), ${facts.experiments} experiments, ${facts.rollouts} rollouts, ${facts.migrations.length} migrations, ${seconds.toFixed(2)} s`;
}
