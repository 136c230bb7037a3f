// The viewer's figures end to end: import the real 2 MB trajectory (and a synthetic one of thousands of
// turns) with the project's importer, start the production server on that store, sign a bench user in,
// and measure both rollouts in headless Chromium (programs/bench/viewer-bench.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../db/client";
import { createUser } from "../../lib/services/auth/users";
import { createSession } from "../../lib/services/auth/sessions";
import { ALL_READERS } from "../../lib/services/importers/formats";
import { resolveTarget, storeLookup } from "../../lib/services/importers/resolve-target";
import { ImportSession } from "../../lib/services/importers/session";
import { memorySource } from "../../lib/services/importers/sources";
import { importIntoStore } from "../../lib/services/importers/store-import";
import { realTrajectoriesFolder, syntheticMiniSweAgentTrajectory } from "./import-bench";
import { startProductionServer } from "./server-process";
import { measureViewer, sessionStorageState } from "./viewer-bench";

const REAL_FILE = "mini-swe-agent-v1/trajs/psf__requests-1142/psf__requests-1142.traj.json";

export interface ViewerRunOptions {
  home: string;
  /** Bytes of the synthetic trajectory: ~2.6 KB per turn pair, so 7 MB is about 5,000 turns. */
  longBytes: number;
  runs: number;
}

/** Imports the two trajectories; returns their rollout ids and turn counts and a session cookie value. */
async function prepareStore(dbFile: string, options: ViewerRunOptions) {
  const store = openStore(dbFile);
  try {
    const realBytes = fs.readFileSync(path.join(realTrajectoriesFolder(options.home), REAL_FILE));
    const files = [
      { name: "real/psf__requests-1142.traj.json", bytes: new Uint8Array(realBytes) },
      { name: "long/bench__repo-00000.traj.json", bytes: new TextEncoder().encode(syntheticMiniSweAgentTrajectory(0, options.longBytes)) },
    ];
    const resolved = await resolveTarget(storeLookup(store), { experiment: "bench-viewer" });
    if (!resolved.ok) throw new Error(`viewer bench: ${resolved.field} ${resolved.reason}`);
    const report = importIntoStore(store, new ImportSession(memorySource(files), resolved.target, { readers: ALL_READERS }));
    const rolloutOf = (name: string) => report.files.find((f) => f.file === name)?.rolloutIds[0];
    const [real, long] = [rolloutOf(files[0]!.name), rolloutOf(files[1]!.name)];
    if (!real || !long) throw new Error(`viewer bench: the import gave no rollout (${JSON.stringify(report.files.map((f) => f.problem))})`);
    const turns = (id: string) => store.sqlite.prepare("SELECT num_turns FROM rollouts WHERE id = ?").pluck().get(id) as number;
    const user = await createUser(store, { username: "bench-viewer", role: "viewer" });
    if (!user.ok) throw new Error(`viewer bench: could not create the bench user (${user.error})`);
    const session = createSession(store, user.user.id);
    return { real, long, realTurns: turns(real), longTurns: turns(long), cookie: session.value };
  } finally {
    store.sqlite.close();
  }
}

export async function runViewerBench(options: ViewerRunOptions): Promise<Record<string, number>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hl-viewer-bench-"));
  try {
    const dbFile = path.join(work, "viewer.db");
    const prepared = await prepareStore(dbFile, options);
    const server = await startProductionServer(options.home, { HARNESS_LAB_DB: dbFile });
    try {
      const storageState = sessionStorageState(server.url, prepared.cookie);
      const real = await measureViewer({ baseURL: server.url, rolloutId: prepared.real, storageState, runs: options.runs });
      const long = await measureViewer({ baseURL: server.url, rolloutId: prepared.long, storageState, runs: options.runs });
      return {
        viewer_real_2mb_turns: prepared.realTurns,
        viewer_real_2mb_first_turns_visible_ms: real.firstTurnsVisibleMs,
        viewer_real_2mb_interactive_ms: real.interactiveMs,
        viewer_real_2mb_scroll_to_last_turn_ms: real.scrollToLastTurnMs,
        viewer_real_2mb_dom_elements: Math.max(real.domElements, real.domElementsAfterScroll),
        viewer_long_turns: prepared.longTurns,
        viewer_long_interactive_ms: long.interactiveMs,
        viewer_long_dom_elements: Math.max(long.domElements, long.domElementsAfterScroll),
        // Bounded DOM: the element count of a trajectory ~40× longer over that of the real one.
        viewer_dom_long_vs_real_ratio: Math.round((Math.max(long.domElements, long.domElementsAfterScroll) / Math.max(real.domElements, real.domElementsAfterScroll)) * 100) / 100,
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
