// Read latency while zip bombs are uploaded, next to idle, in the same hostile-input run: issue 13's "a
// 1 MB .eval bomb freezes the server for every user" as figures. Reads are sequential authenticated GETs
// of the rollout list (as a person paging the trajectory browser); during the bombs, uploads of three
// bombs each (the finding's worst case) go one after another until enough reads were measured.
import { percentile } from "../bench/percentile";
import { evalZipBomb } from "./hostile-zip-bomb";
import { multipart } from "./hostile-import-cases";

const READS = 30;
const MAX_UPLOADS = 20;

export interface BombLoadFigures {
  read_p95_idle_ms: number;
  read_p95_during_bomb_ms: number;
  read_max_during_bomb_ms: number;
  reads_during_bomb: number;
  bomb_uploads: number;
  bomb_upload_p95_ms: number;
  /** Every bomb upload's status (each must be a 413 or 422). */
  bomb_upload_statuses: Record<string, number>;
}

async function timedRead(baseUrl: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/rollouts?limit=20`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`a read answered ${response.status}`);
  return performance.now() - started;
}

export async function measureReadsDuringBombs(baseUrl: string, adminToken: string, experiment: string): Promise<{ figures: BombLoadFigures; failures: string[] }> {
  const idle: number[] = [];
  for (let i = 0; i < READS; i++) idle.push(await timedRead(baseUrl, adminToken));

  const bomb = evalZipBomb();
  const boundary = "----hostile-bomb-load";
  const body = Buffer.from(multipart([{ name: "experiment", content: experiment }, ...[1, 2, 3].map((i) => ({ name: "files", filename: `bombs/${i}.eval`, content: bomb }))], boundary));
  const failures: string[] = [];
  let readFailed = false;
  const statuses: Record<string, number> = {};
  const uploadMs: number[] = [];
  const during: number[] = [];
  let uploading = true;
  const uploads = (async () => {
    try {
      for (let i = 0; i < MAX_UPLOADS && (i === 0 || during.length < READS) && !readFailed; i++) {
        const started = performance.now();
        let status = "none";
        try {
          const response = await fetch(`${baseUrl}/api/v1/imports`, {
            method: "POST", headers: { authorization: `Bearer ${adminToken}`, "content-type": `multipart/form-data; boundary=${boundary}` }, body,
          });
          await response.arrayBuffer();
          status = String(response.status);
        } catch (error) {
          failures.push(`a bomb upload got no answer: ${(error as Error).message}`);
        }
        uploadMs.push(performance.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === "none") break;
      }
    } finally {
      uploading = false;
    }
  })();
  while (uploading && !readFailed) {
    try {
      during.push(await timedRead(baseUrl, adminToken));
    } catch (error) {
      failures.push(`a read during the bomb uploads failed: ${(error as Error).message}`);
      readFailed = true;
    }
  }
  await uploads;

  const refused = (statuses["413"] ?? 0) + (statuses["422"] ?? 0);
  if (refused !== uploadMs.length) failures.push(`bomb uploads answered ${JSON.stringify(statuses)}; each must be a 413 or 422`);
  const figures: BombLoadFigures = {
    read_p95_idle_ms: Math.round(percentile(idle, 95)),
    read_p95_during_bomb_ms: Math.round(percentile(during, 95)),
    read_max_during_bomb_ms: Math.round(Math.max(0, ...during)),
    reads_during_bomb: during.length,
    bomb_uploads: uploadMs.length,
    bomb_upload_p95_ms: Math.round(percentile(uploadMs, 95)),
    bomb_upload_statuses: statuses,
  };
  // A read that waits on a bomb waits seconds (14 s before issue 13); a second is far above any read here.
  if (figures.read_max_during_bomb_ms > 1_000 + figures.read_p95_idle_ms * 5) failures.push(`a read took ${figures.read_max_during_bomb_ms} ms during the bomb uploads (idle p95 ${figures.read_p95_idle_ms} ms)`);
  return { figures, failures };
}
