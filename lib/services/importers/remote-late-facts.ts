// `harness-lab import --server` with a sidecar (preds.json, exit_statuses_*.yaml, all_preds.jsonl) whose instances
// have no trajectory in this import: events can carry its facts only on rollouts, so the file itself goes to the
// server's import (POST /api/v1/imports), whose store import fills the run's rollouts stored earlier
// (db/apply/rollout-fill-late.ts) as `--db` and the upload form do. Before, it was read and reported as "import it
// together with their trajectories" while nothing changed on the server.
import { HarnessLabError, type HarnessLabClient } from "../../client/harness-lab-client";
import type { ImportReport } from "./report";
import type { ImportSession } from "./session";
import type { FileSource } from "./sources";

export async function uploadLateFacts(client: HarnessLabClient, session: ImportSession, source: FileSource): Promise<void> {
  const target = session.target;
  for (const { file } of session.lateFacts()) {
    try {
      const report = await client.postImport<ImportReport>([{ name: file, bytes: source.load(file) }], {
        experiment: target.experimentId, run: target.runName, benchmark: target.benchmark,
      });
      session.lateFilledRemotely(file, report);
    } catch (error) {
      if (!(error instanceof HarnessLabError)) throw error;
      // The server's own words: a refused file's line names the field and both values (422), a refused import why (409).
      session.lateFilledRemotely(file, { field: "files", reason: `the server's import refused it (${error.status}): ${error.reason}` });
    }
  }
}
