// Hostile input (issue 8, part 2): ≥ 1,000 generated malformed and hostile inputs (quick: ≥ 250) against
// the ingestion API, the read API, the importer and the sign-in of a production server. Each must be
// answered with a 4xx and a message — 0 × 5xx, 0 hangs — and the store must be byte-for-byte unchanged.
// The fingerprint is shown able to fail: one valid write after the run must change it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProductionServer, type RunningServer } from "../bench/server-process";
import { percentile } from "../bench/percentile";
import { randomToken } from "../../lib/services/auth/secrets";
import type { ReliabilityPart } from "./part";
import type { HostileCase, HostileContext } from "./hostile-case";
import { countCases, FULL_MINIMUM, generateHostileCases, QUICK_MINIMUM } from "./hostile-generate";
import { fileFingerprint, logicalFingerprint, noCommitBetween, type FileFingerprint } from "./hostile-fingerprint";
import { judge, sendCase, type Answer } from "./hostile-send";
import { createCredentials, seedThroughApi, SEED_PREFIX, signInActionId } from "./hostile-setup";
import { measureReadsDuringBombs } from "./hostile-bomb-load";
import { headerCsvProblems, logInjectionProblems } from "./hostile-output-checks";

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const CONCURRENCY = 8;

export const runHostileInputs: ReliabilityPart = async ({ home, quick, seed, log }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-hostile-"));
  const dbFile = path.join(dir, "store.db");
  const adminToken = randomToken("hl_env_");
  let server: RunningServer | null = null;
  const failures: string[] = [];
  try {
    server = await startProductionServer(home, {
      HARNESS_LAB_DB: dbFile, HARNESS_LAB_ADMIN_TOKEN: adminToken, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1",
      HARNESS_LAB_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    });
    await seedThroughApi(server.url, adminToken);
    const credentials = await createCredentials(dbFile);
    const ctx: HostileContext = {
      ...credentials, adminToken, seedPrefix: SEED_PREFIX, maxBodyBytes: MAX_BODY_BYTES, host: `127.0.0.1:${server.port}`, signInActionId: signInActionId(home),
    };
    // A search indexes the seeded turns now rather than in the background during the run; then wait until
    // the store is quiet (the background indexer writes once nothing has been ingested for 2 s).
    await fetch(`${server.url}/api/v1/rollouts?q=look`, { headers: { authorization: `Bearer ${adminToken}` } });
    const before = await quietFingerprint(dbFile);
    const logicalBefore = logicalFingerprint(dbFile);

    const cases = generateHostileCases(ctx, { seed, quick });
    log(`hostile_input: ${cases.length} inputs (seed ${seed}) against ${server.url}`);
    const started = Date.now();
    const results = await sendAll(server.url, cases);
    const seconds = (Date.now() - started) / 1000;
    // Before the store is compared: the bombs must write nothing either.
    log("hostile_input: read latency idle and during zip-bomb uploads");
    const bombLoad = await measureReadsDuringBombs(server.url, adminToken, `${SEED_PREFIX}-exp`);
    failures.push(...bombLoad.failures);

    const after = fileFingerprint(dbFile);
    const logicalAfter = logicalFingerprint(dbFile);
    const control = await controlWrite(server.url, adminToken, dbFile, after);

    const figures = summarize(cases, results);
    const fileUnchanged = noCommitBetween(before, after);
    const logicalUnchanged = logicalBefore.hash === logicalAfter.hash;
    const minimum = quick ? QUICK_MINIMUM : FULL_MINIMUM;
    if (cases.length < minimum) failures.push(`${cases.length} inputs, fewer than ${minimum}`);
    for (const { c, problem } of results) if (problem) failures.push(`${c.id}: ${problem}`);
    if (!fileUnchanged) failures.push(`something was committed: the -wal file changed (${before.wal?.slice(0, 12)}→${after.wal?.slice(0, 12)}, ${before.walBytes}→${after.walBytes} bytes)`);
    if (!logicalUnchanged) failures.push(`the store's rows changed (${logicalBefore.rows}→${logicalAfter.rows} rows)`);
    if (figures.rate_limited_429 === 0) failures.push("no wrong-password attempt met the sign-in rate limit (429)");
    if (figures.rate_limited_with_retry_after !== figures.rate_limited_429) failures.push("a 429 came without Retry-After");
    if (!control.changed) failures.push("the control write did not change the fingerprint: the fingerprint cannot see a write");
    const serverErrors = (server.log().match(/⨯|Unhandled|uncaught/gi) ?? []).length;
    // Another change (issue 13, "logs are data") escapes request values in log lines; until it is in, this fails.
    const logProblems = logInjectionProblems(server.log());
    const csvProblems = headerCsvProblems();
    failures.push(...logProblems, ...csvProblems);
    return {
      figures: {
        inputs: cases.length, ...figures, seconds_sending: Math.round(seconds * 10) / 10, server_errors_logged: serverErrors,
        fingerprint_unchanged: fileUnchanged, logical_fingerprint_unchanged: logicalUnchanged, rows: logicalBefore.rows,
        control_write_changed_fingerprint: control.changed,
        ...bombLoad.figures,
        log_injection_clean: logProblems.length === 0,
        header_csv_defused: csvProblems.length === 0,
      },
      failures: failures.length > 40 ? [...failures.slice(0, 40), `… and ${failures.length - 40} more`] : failures,
    };
  } catch (error) {
    return { figures: {}, failures: [...failures, `the run could not complete: ${(error as Error).message}`] };
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/** The file fingerprint once two readings a second apart agree (at most 20 s). */
async function quietFingerprint(dbFile: string): Promise<FileFingerprint> {
  let previous = fileFingerprint(dbFile);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    const current = fileFingerprint(dbFile);
    if (i >= 2 && noCommitBetween(previous, current)) return current;
    previous = current;
  }
  throw new Error("the store kept changing without any request; no fingerprint to compare against");
}

interface Result {
  c: HostileCase;
  answer: Answer;
  problem: string | null;
}

async function sendAll(baseUrl: string, cases: HostileCase[]): Promise<Result[]> {
  const results: Result[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) {
      // Sent once: a refused body is drained before the answer (lib/http/drain-body.ts), so a client still
      // writing reads the refusal; a lost answer is the server's failure, not the connection's luck.
      const answer = await sendCase(baseUrl, cases[i], TIMEOUT_MS);
      results[i] = { c: cases[i], answer, problem: judge(cases[i], answer) };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

/** One valid write (a new experiment) after the run: the fingerprint must see it. */
async function controlWrite(baseUrl: string, adminToken: string, dbFile: string, before: FileFingerprint): Promise<{ changed: boolean }> {
  const response = await fetch(`${baseUrl}/api/v1/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify([{ type: "experiment", id: "hostile-control", name: "control write", method: "custom" }]),
  });
  return { changed: response.ok && !noCommitBetween(before, fileFingerprint(dbFile)) };
}

function summarize(cases: HostileCase[], results: Result[]) {
  const statuses: Record<string, number> = {};
  const mismatches: string[] = [];
  let fiveXX = 0, hangs = 0, withoutMessage = 0, rateLimited = 0, rateLimitedWithRetryAfter = 0, parserAnswers = 0;
  for (const { c, answer, problem } of results) {
    const key = answer.status === null ? "none" : String(answer.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (answer.status !== null && answer.status >= 500) fiveXX++;
    if (answer.status === null) hangs++;
    if (problem && answer.status !== null && answer.status >= 400 && answer.status < 500) withoutMessage++;
    if (c.parserAnswer && answer.status !== null && answer.status < 500 && !answer.body) parserAnswers++;
    if (answer.status === 429) {
      rateLimited++;
      if (Number(answer.retryAfter) > 0) rateLimitedWithRetryAfter++;
    }
    if (c.status && answer.status !== c.status && !(c.category === "wrong_password")) mismatches.push(`${c.id}: expected ${c.status}, got ${answer.status}`);
  }
  const latencies = results.map((r) => r.answer.latencyMs);
  const { byTarget, byCategory } = countCases(cases);
  const expected = (kind: HostileCase["expect"]) => results.filter((r) => r.c.expect === kind);
  return {
    /** Malformed or hostile inputs that must be refused, and how many were answered with a 4xx. */
    refusals_expected: expected("refuse").length,
    refused_with_4xx: expected("refuse").filter((r) => r.answer.status !== null && r.answer.status >= 400 && r.answer.status < 500).length,
    /** Well-formed but hostile-looking (FTS syntax, searched as words) or a stale link a person meets: not refusals. */
    safe_answers_expected: expected("safe").length,
    redirects_expected: expected("redirect").length,
    by_target: byTarget,
    by_category: byCategory,
    statuses,
    status_5xx: fiveXX,
    hangs,
    refusals_without_message: withoutMessage,
    /** Content-Length lies answered by Node's HTTP parser (a bare 400 before the app sees the request). */
    answered_by_http_parser_without_body: parserAnswers,
    rate_limited_429: rateLimited,
    rate_limited_with_retry_after: rateLimitedWithRetryAfter,
    p95_latency_ms: Math.round(percentile(latencies, 95)),
    max_latency_ms: Math.round(Math.max(0, ...latencies)),
    other_4xx_than_documented: mismatches.length,
    other_4xx_examples: mismatches.slice(0, 15),
  };
}
