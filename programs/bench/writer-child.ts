// A producer in its own process for the backup tests and bench: applies one rollout at a time into a store
// until killed. Rollout i has 1 + i % 7 turns, so a reader can tell a complete rollout from a torn one.
// With START "hold" it only keeps the store open, idle, as a running server does between requests.
// Run: node --conditions=react-server --import tsx programs/bench/writer-child.ts STORE PREFIX START|hold
import { openStore } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { benchRollout, benchSetupEvents } from "./synthetic-rollouts";

export const writerTurns = (i: number): number => 1 + (i % 7);

function main([file, prefix, startText]: string[]): void {
  const store = openStore(file);
  const setup = applyEvents(store, benchSetupEvents(prefix));
  if (!setup.ok) throw new Error(JSON.stringify(setup.errors));
  if (startText === "hold") {
    // The timer keeps the connection referenced: one nothing references is closed by its finalizer at the next
    // garbage collection, which deletes -wal/-shm and lets go of the store this writer must hold.
    setInterval(() => store.sqlite.open, 60_000);
    // "ready" comes from a later tick, once main's frame is gone; under --expose-gc (the tests) a collection runs
    // first, so a hold that would not survive one fails every run instead of now and then.
    setImmediate(() => {
      (globalThis as { gc?: () => void }).gc?.();
      process.stdout.write("ready\n");
    });
    return;
  }
  process.stdout.write("ready\n");
  for (let i = Number(startText); ; i++) {
    const outcome = applyEvents(store, [benchRollout(prefix, i, writerTurns(i), 400)]);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  }
}

if (process.argv[1]?.endsWith("writer-child.ts")) main(process.argv.slice(2));
