// `harness-lab demo` (npm run demo): run the reference experiment and send its events to a server
// (through the TypeScript client, as any trainer would) or straight into a store file.
import { parseArgs } from "node:util";
import { HarnessLabClient } from "../../../lib/client/harness-lab-client";
import { clientSink, storeSink, type EventSink } from "../../reference-experiment/run/event-sink";
import { runReferenceExperiment } from "../../reference-experiment/run/reference-experiment";
import type { DemoSize } from "../../reference-experiment/run/demo-config";

const USAGE = "usage: harness-lab demo [--seed N] [--size small|default] [--server URL --token T | --db FILE] [--review rule|human [--review-timeout MINUTES]] [--truncation keep|drop] [--teacher partners|problems]\n";

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      seed: { type: "string", default: "1" },
      size: { type: "string", default: "default" },
      server: { type: "string" },
      token: { type: "string" },
      db: { type: "string" },
      review: { type: "string", default: "rule" },
      "review-timeout": { type: "string", default: "30" },
      truncation: { type: "string", default: "keep" },
      // No default here: the size's configuration decides ("problems" at the default size, "partners" small).
      teacher: { type: "string" },
    },
  });
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) return usageError(`--seed must be a whole number, not "${values.seed}"`);
  if (values.size !== "small" && values.size !== "default") return usageError(`--size must be small or default, not "${values.size}"`);
  if (values.review !== "rule" && values.review !== "human") return usageError(`--review must be rule or human, not "${values.review}"`);
  if (values.truncation !== "keep" && values.truncation !== "drop") return usageError(`--truncation must be keep or drop, not "${values.truncation}"`);
  if (values.teacher !== undefined && values.teacher !== "partners" && values.teacher !== "problems") return usageError(`--teacher must be partners or problems, not "${values.teacher}"`);
  const server = values.server ?? process.env.HARNESS_LAB_URL;
  const token = values.token ?? process.env.HARNESS_LAB_TOKEN;
  if (values.db && values.server) return usageError("choose one target: --server or --db");
  if (values.review === "human" && values.db) return usageError("--review human needs a server: decisions are made in the dashboard");
  const reviewTimeoutMinutes = Number(values["review-timeout"]);
  if (!(reviewTimeoutMinutes > 0)) return usageError(`--review-timeout must be a number of minutes, not "${values["review-timeout"]}"`);

  let sink: EventSink;
  let close = async () => {};
  if (values.db) {
    const { openStore } = await import("../../../db/client");
    const store = openStore(values.db);
    sink = storeSink(store);
    close = async () => {
      store.sqlite.close();
    };
  } else if (server) {
    if (!token) return usageError("--server needs --token (or HARNESS_LAB_TOKEN): a token with scopes ingest and read");
    sink = clientSink(new HarnessLabClient({ url: server, token }));
  } else {
    const { defaultDatabaseFile, openStore } = await import("../../../db/client");
    const store = openStore(defaultDatabaseFile());
    sink = storeSink(store);
    close = async () => {
      store.sqlite.close();
    };
  }
  try {
    const summary = await runReferenceExperiment({ seed, size: values.size as DemoSize, sink, review: values.review as "rule" | "human", reviewTimeoutMs: reviewTimeoutMinutes * 60_000, variant: { truncation: values.truncation, teacher: values.teacher }, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return 0;
  } finally {
    await close();
  }
}

function usageError(message: string): number {
  process.stderr.write(`harness-lab demo: ${message}\n${USAGE}`);
  return 2;
}
