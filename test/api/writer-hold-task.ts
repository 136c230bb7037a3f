// A writer task for the tests: keeps the writer thread busy for `ms` (a long write in progress), after leaving a
// file at `startedFile` so the test knows the writer has begun it.
import fs from "node:fs";
import type { Store } from "@/db/client";

export function holdWriter(_store: Store, input: { ms: number; startedFile: string }): number {
  fs.writeFileSync(input.startedFile, "started");
  const end = Date.now() + input.ms;
  while (Date.now() < end) {
    // busy, as a long transaction would be
  }
  return input.ms;
}
