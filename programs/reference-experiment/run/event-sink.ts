// Where the reference experiment sends its events: a Harness Lab server through the TypeScript client
// (exactly as an external trainer would), or a store file through the same applyEvents the server uses.
import type { HarnessLabEventInput } from "../../../lib/events/contract";
import { HarnessLabClient, type Counts } from "../../../lib/client/harness-lab-client";
import type { Store } from "../../../db/client";

export interface EventSink {
  send(event: HarnessLabEventInput): Promise<void>;
  /** Everything sent so far is in the store when this resolves. */
  flush(): Promise<void>;
  /** What the store said: events applied and already present, by type. */
  counts(): { applied: Counts; unchanged: Counts };
  /** Reads through the public read API (the human gate polls decisions); null for a store file. */
  readonly client: HarnessLabClient | null;
}

const add = (into: Counts, from: Counts) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
};

export function clientSink(client: HarnessLabClient): EventSink {
  const applied: Counts = {};
  const unchanged: Counts = {};
  return {
    client,
    send: (event) => client.send(event),
    flush: async () => {
      const summary = await client.flush();
      add(applied, summary.applied);
      add(unchanged, summary.unchanged);
    },
    counts: () => ({ applied, unchanged }),
  };
}

/** Batches of 500 events into a store opened in this process; a refused batch is a bug in the demo, so it throws. */
export function storeSink(store: Store, batchSize = 500): EventSink {
  const applied: Counts = {};
  const unchanged: Counts = {};
  let batch: HarnessLabEventInput[] = [];
  const drain = async () => {
    if (!batch.length) return;
    const { applyEvents } = await import("../../../db/apply-events");
    const outcome = applyEvents(store, batch);
    batch = [];
    if (!outcome.ok) throw new Error(`the store refused the demo's events (${outcome.status}): ${JSON.stringify(outcome.errors.slice(0, 3))}`);
    add(applied, outcome.applied);
    add(unchanged, outcome.unchanged);
  };
  return {
    client: null,
    send: async (event) => {
      batch.push(event);
      if (batch.length >= batchSize) await drain();
    },
    flush: drain,
    counts: () => ({ applied, unchanged }),
  };
}
