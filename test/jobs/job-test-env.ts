// What the job integration tests share: a throwaway store (HARNESS_LAB_DB, set before any store is opened), a
// small HTTP server in this process that serves POST /api/v1/events through the real route handler (jobs
// post their events to it exactly as to the dashboard — no `next build` needed), a reference experiment of
// size small (its config, H0 and one proposal; tasks come with the jobs), and users to act as.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Store } from "@/db/client";
import type { JobActor } from "@/lib/services/jobs/permissions";

export interface JobTestEnv {
  dir: string;
  dbFile: string;
  url: string;
  jobsRoot: string;
  reviewer: JobActor & { name: string };
  viewer: JobActor & { name: string };
  close(): Promise<void>;
}

export const REF_EXPERIMENT = "ref-jobs-small";
export const H0 = `${REF_EXPERIMENT}-H0`;
export const H1 = `${REF_EXPERIMENT}-H1`;
export const PROPOSAL = `${REF_EXPERIMENT}-p1`;

/** Call at the top of a test file, before importing anything that opens the store. */
export function useTempDatabase(prefix: string): { dir: string; dbFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dbFile = path.join(dir, "test.db");
  process.env.HARNESS_LAB_DB = dbFile;
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
  return { dir, dbFile };
}

export async function startJobTestEnv(store: Store, where: { dir: string; dbFile: string }): Promise<JobTestEnv> {
  const events = await import("@/app/api/v1/events/route");
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/api/v1/events") {
      res.writeHead(404).end(JSON.stringify({ error: "not served here" }));
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const response = await events.POST(new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }));
    res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  const { applyEvents } = await import("@/db/apply-events");
  const { h0Files } = await import("@/programs/reference-experiment/harness/h0");
  const { applyComponents, toEventFiles } = await import("@/programs/reference-experiment/harness/compose");
  const { COMPONENTS } = await import("@/programs/reference-experiment/harness/components");
  const { createUser } = await import("@/lib/services/auth/users");
  const { seedReferenceTemplates } = await import("@/lib/services/jobs/reference-templates");
  const h0 = h0Files();
  const seeded = applyEvents(store, [
    { type: "experiment", id: REF_EXPERIMENT, name: "Reference for jobs", method: "harnessadapt-rl", config: { seed: 1, size: "small" } },
    { type: "harness_version", id: H0, experiment: REF_EXPERIMENT, label: "H0", files: toEventFiles(h0) },
    { type: "harness_version", id: H1, experiment: REF_EXPERIMENT, label: "H1", parent: H0, origin: "proposal", files: toEventFiles(applyComponents(h0, [COMPONENTS[0]])) },
    { type: "proposal", id: PROPOSAL, experiment: REF_EXPERIMENT, kind: "tool_hook", title: COMPONENTS[0].id, base: H0, candidate: H1 },
  ]);
  if (!seeded.ok) throw new Error(JSON.stringify(seeded.errors));
  seedReferenceTemplates(store);
  const user = async (username: string, role: "viewer" | "reviewer") => {
    const created = await createUser(store, { username, role });
    if (!created.ok) throw new Error(created.error);
    return { kind: "user" as const, id: created.user.id, name: username, role, scopes: ["read" as const] };
  };
  return {
    ...where,
    url: `http://127.0.0.1:${port}`,
    jobsRoot: path.join(where.dir, "jobs"),
    reviewer: await user("rita", "reviewer"),
    viewer: await user("victor", "viewer"),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Polls the store until the job reaches one of `statuses` (or the timeout, with the last state in the message). The
 * default stays under vitest's 30 s test timeout, so a stuck job fails with its status and reason rather than as a
 * bare "Test timed out" (as one did in a loaded CI run).
 */
export async function waitForJob(store: Store, jobId: string, statuses: string[], timeoutMs = 20_000): Promise<void> {
  const { getJob } = await import("@/db/queries/jobs");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = getJob(store, jobId);
    if (job && statuses.includes(job.status)) return;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach ${statuses.join("/")} within ${timeoutMs} ms: ${JSON.stringify(job && { status: job.status, reason: job.statusReason, progress: job.progress })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function readLog(store: Store, jobId: string): string {
  const row = store.sqlite.prepare("SELECT log_path FROM jobs WHERE id = ?").get(jobId) as { log_path: string };
  return fs.readFileSync(row.log_path, "utf8");
}
