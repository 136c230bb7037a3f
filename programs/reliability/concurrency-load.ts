// The two sides of the concurrency run: producers that ingest without pause, and the UI's heaviest pages
// requested in a loop. Both count every answer that is a 5xx or mentions a busy database.
import { benchRollout, benchSetupEvents } from "../bench/synthetic-rollouts";
import { postUntilAnswered } from "./retrying-post";

export interface LoadCounters {
  requests: number;
  serverErrors: number;
  busyAnswers: number;
  refused: string[];
  latenciesMs: number[];
  /** 429 answers (the writer's queue was full), each followed by a wait of Retry-After and a re-send. */
  backPressured: number;
  /**
   * Batches sent again because the kept-alive connection they went out on was closed before any answer (the
   * server closes idle connections after 5 s; a producer thread starved of CPU can reuse one just then).
   * The real clients retry these too (idempotent on producer ids); the run also checks the server stayed up.
   */
  resentAfterClosedConnection: number;
}

export const BUSY_PATTERN = /SQLITE_BUSY|database is locked/i;

export function newCounters(): LoadCounters {
  return { requests: 0, serverErrors: 0, busyAnswers: 0, refused: [], latenciesMs: [], backPressured: 0, resentAfterClosedConnection: 0 };
}

export function countAnswer(counters: LoadCounters, status: number, body: string, ms: number, what: string): void {
  counters.requests++;
  counters.latenciesMs.push(ms);
  if (status >= 500 || status === 0) counters.serverErrors++;
  if (BUSY_PATTERN.test(body)) counters.busyAnswers++;
  if (status !== 200 && counters.refused.length < 5) counters.refused.push(`${what}: ${status} ${body.slice(0, 160)}`);
}

/** A request that went out on a kept-alive connection the server had closed, and got no answer. */
function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code === "UND_ERR_SOCKET" && /other side closed/.test(cause.message ?? "");
}

/** A failed fetch with its cause ("fetch failed" alone does not say whether the server reset or closed). */
export function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause ? `${String(error)} (${cause.code ?? ""} ${cause.message ?? String(cause)})` : String(error);
}

export async function setUpProducerExperiment(url: string, token: string, prefix: string): Promise<void> {
  const outcome = await postUntilAnswered(`${url}/api/v1/events`, token, JSON.stringify(benchSetupEvents(prefix)), { deadlineMs: 10_000 });
  if (outcome.status !== 200) throw new Error(`setting up the producers' experiment failed: ${outcome.status} ${outcome.body.slice(0, 300)}`);
}

/**
 * One producer: batches of `batch` rollouts (10 turns of ~500 bytes) until `running()` turns false. No
 * retries on errors: a producer here must never see one. A 429 (back-pressure) is honoured as the clients
 * do: wait Retry-After, send the same batch again; a batch sent on a kept-alive connection the server had
 * closed is sent again (at most 3 times), as the clients do, and counted.
 */
export async function produce(url: string, token: string, prefix: string, producer: number, batch: number, running: () => boolean, counters: LoadCounters): Promise<number> {
  let sent = 0;
  let again: string | null = null;
  let resends = 0;
  for (let b = 0; running(); b++) {
    const body429: string | null = again;
    again = null;
    const payload: string = body429 ?? JSON.stringify(Array.from({ length: batch }, (_, i) => benchRollout(prefix, producer * 1_000_000 + b * batch + i, 10, 500)));
    const started = performance.now();
    let status = 0;
    let body = "";
    try {
      const response = await fetch(`${url}/api/v1/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: payload,
        signal: AbortSignal.timeout(60_000),
      });
      status = response.status;
      body = await response.text();
      if (status === 429) {
        counters.backPressured++;
        again = payload;
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get("retry-after") ?? 1)));
        continue;
      }
    } catch (error) {
      if (closedBeforeAnswer(error) && resends < 3) {
        resends++;
        counters.resentAfterClosedConnection++;
        again = payload;
        continue;
      }
      body = describeFailure(error);
    }
    resends = 0;
    countAnswer(counters, status, body, performance.now() - started, `producer ${producer}`);
    if (status === 200) sent += batch;
  }
  return sent;
}

/** GETs `paths` in turn with the session cookie until `running()` turns false. */
export async function readPages(url: string, cookie: string, paths: string[], running: () => boolean, counters: LoadCounters): Promise<void> {
  for (let i = 0; running(); i++) {
    const path = paths[i % paths.length];
    const started = performance.now();
    let status = 0;
    let body = "";
    try {
      const response = await fetch(`${url}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(60_000) });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = describeFailure(error);
    }
    countAnswer(counters, status, body, performance.now() - started, path);
  }
}
