// POST /api/v1/imports: an upload of trajectories, logs and evaluation reports (multipart/form-data: the
// files under "files", the filename carrying the relative path; fields experiment, run, harness,
// benchmark). The files go through the same readers and assembly as `harness-lab import` and are applied
// in one transaction by the store's writer thread (queued in order with event batches); the answer is the
// per-file report. Callers: a token with the ingest scope, or a
// signed-in reviewer or admin (the upload form) — cookie writes must come from our own origin.
import { getStore } from "@/db/client";
import { authenticateRequest, authErrorResponse, type AuthResult } from "@/lib/services/auth/request-auth";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { drainingBody } from "@/lib/http/drain-body";
import { readLimited } from "@/lib/http/read-limited";
import { logLine } from "@/lib/log-text";
import { formatBytes, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from "@/lib/services/importers/limits";
import { resolveTarget, storeLookup } from "@/lib/services/importers/resolve-target";
import { memorySource } from "@/lib/services/importers/sources";
import { readOutcomesOffThread } from "@/lib/services/importers/read-off-thread";
import { writeQueueFull, WriterUnavailable, WRITE_QUEUE_LIMIT, WRITE_RETRY_AFTER_SECONDS } from "@/db/writer/store-writer";
import { writeImport } from "@/lib/services/importers/write-import";
import type { InputFile } from "@/lib/services/importers/types";
import type { ImportReport } from "@/lib/services/importers/report";
import { arrivalOf } from "@/lib/harness-trust/arrival";

export const dynamic = "force-dynamic";

const TOO_LARGE = `the upload is larger than ${formatBytes(MAX_UPLOAD_BYTES)}; import larger sets with \`npx harness-lab import\``;

// Refusals reach a client that is still sending: the unread body is drained first (lib/http/drain-body.ts).
export const POST = drainingBody(post);

async function post(request: Request): Promise<Response> {
  const auth = await authenticateUploader(request);
  if (!auth.ok) {
    console.info(logLine`import refused (${auth.status}): ${auth.message}`);
    return authErrorResponse(auth);
  }
  const who = auth.principal.name;
  // Back-pressure, as for event batches: with the writer's queue full an upload waits at the client, not in this
  // process's memory (its files would be held here until the writer reached them).
  if (writeQueueFull()) {
    return errorResponse(429, `the store's writer has ${WRITE_QUEUE_LIMIT} writes waiting; upload again after ${WRITE_RETRY_AFTER_SECONDS} s`, {}, { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) });
  }

  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return errorResponse(415, "send the files as multipart/form-data", { field: "files" });
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES) return errorResponse(413, TOO_LARGE, { field: "files" });
  const body = await readLimited(request.body, MAX_UPLOAD_BYTES, { leaveRest: true });
  if (body === null) return errorResponse(413, TOO_LARGE, { field: "files" });

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return errorResponse(400, "the body is not valid multipart/form-data", { field: "files" });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const uploads = form.getAll("files").filter((value): value is File => typeof value !== "string");
  if (uploads.length === 0) return errorResponse(400, "files: choose at least one file or folder", { field: "files" });
  if (uploads.length > MAX_UPLOAD_FILES) return errorResponse(413, `files: at most ${MAX_UPLOAD_FILES} files per upload`, { field: "files" });
  if (text("experiment") === undefined) return errorResponse(400, "experiment: is required (an experiment's id or name)", { field: "experiment" });
  // A token minted for one experiment (Connect a trainer) imports only into it, named by its id: a name would be
  // resolved against every experiment, and the answer would tell it which others exist.
  const own = auth.principal.experimentId;
  if (own !== undefined && text("experiment")!.trim() !== own) {
    return errorResponse(403, `experiment: this token imports only into its own experiment "${own}"; give its id`, { field: "experiment" });
  }

  const store = getStore();
  const resolved = await resolveTarget(storeLookup(store), {
    experiment: text("experiment")!, run: text("run"), harness: text("harness"), benchmark: text("benchmark"),
  });
  if (!resolved.ok) return errorResponse(400, `${resolved.field}: ${resolved.reason}`, { field: resolved.field });
  if (own !== undefined && resolved.target.experimentId !== own) {
    return errorResponse(403, `experiment: this token imports only into its own experiment "${own}"`, { field: "experiment" });
  }

  const files: InputFile[] = [];
  for (const upload of uploads) files.push({ name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) });
  // Inflating and parsing happen in a worker thread (archives against the budgets of limits.ts), and the
  // store's writer thread writes what was read (db/writer): the request thread neither parses nor holds a
  // write transaction, so other users' pages and reads keep answering meanwhile.
  const outcomes = await readOutcomesOffThread(memorySource(files));
  let result;
  try {
    result = await writeImport(store, { files, target: resolved.target, arrivedVia: arrivalOf(auth.principal), maxTotalBytes: MAX_UPLOAD_BYTES, outcomes });
  } catch (error) {
    if (!(error instanceof WriterUnavailable)) throw error;
    console.warn(logLine`import by ${who} answered 503: ${error.message}`);
    return errorResponse(503, "the store's writer stopped while storing this upload; upload it again (files already stored are reported unchanged)", {}, { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) });
  }
  if (!result.ok) {
    console.info(logLine`import by ${who} refused: ${result.aborted}`);
    return errorResponse(409, `nothing was imported: ${result.aborted}`);
  }
  const report = result.report;
  const t = report.totals;
  console.info(logLine`import by ${who} into ${report.experiment.id}/${report.run.id}: ${t.files} file(s), ${t.failed} failed, ${t.skipped} skipped, ${t.rollouts} rollout(s)`);
  // No file could be read (so nothing was written, not even the experiment): the upload is refused, with
  // the per-file report so the form still shows why each file was not taken.
  if (t.imported === 0) return jsonResponse({ error: nothingImported(report), ...report }, 422);
  return jsonResponse(report);
}

function nothingImported(report: ImportReport): string {
  const first = report.files.find((f) => f.problem);
  if (!first?.problem) {
    const skipped = report.files.find((f) => f.skipped);
    return `files: nothing to import (every file was skipped as not data${skipped ? `; first: ${skipped.file}: ${skipped.skipped}` : ""})`;
  }
  return `files: none of the ${report.files.length} file(s) could be imported; first: ${first.file}: ${first.problem.field}: ${first.problem.reason}`;
}

/** A token needs the ingest scope; a session needs the reviewer role (viewers only read). */
async function authenticateUploader(request: Request): Promise<AuthResult> {
  if (request.headers.get("authorization") !== null) {
    const auth = await authenticateRequest(request, "ingest");
    // A job's token stays inside its job's experiment, which POST /api/v1/events enforces event by event.
    if (auth.ok && auth.principal.jobId) return { ok: false, status: 403, message: "a job's token cannot import; post the job's events to /api/v1/events" };
    return auth;
  }
  // "read" checks the session and, for this POST, that it comes from our own origin; the role is checked here.
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return auth;
  const role = auth.principal.role;
  if (auth.principal.kind !== "user" || !role || !roleAtLeast(role, "reviewer")) {
    return { ok: false, status: 403, message: `role ${role ?? "unknown"} may not import; a reviewer or admin may` };
  }
  return auth;
}
