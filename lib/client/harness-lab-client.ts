// The producer-side client of the ingestion API (POST /api/v1/events) and the read API (GET /api/v1/...).
// It runs in any Node process (trainers, evaluators, jobs): no db, no Next, only types from the contract.
//
// Idempotency is what makes the retries safe: every event carries its producer id (metrics are keyed by
// run + key + step), and the server applies a batch all-or-nothing and reports an event it already holds
// as "unchanged". So a batch whose response was lost (timeout, dropped connection, 5xx after commit) can be
// sent again without duplicating anything; the only cost is the repeated upload.
import type { EventProblem, HarnessLabEventInput } from "../events/contract";

export type Counts = Record<string, number>;

export interface SendSummary {
  batches: number;
  events: number;
  applied: Counts;
  unchanged: Counts;
}

export interface HarnessLabClientOptions {
  /** Base URL of the dashboard, e.g. "http://localhost:3000". */
  url: string;
  /** An API token with the ingest (and, for getJson, read) scope. */
  token: string;
  batchSize?: number;
  /** Upper bound of one request body; an event larger than this still goes, alone. */
  maxBatchBytes?: number;
  /** Extra attempts after the first one, for network errors, 5xx and 429. */
  retries?: number;
  fetch?: typeof fetch;
  /** Per attempt; an attempt that times out is retried like a network error. */
  timeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Injected by tests so retry schedules run instantly. */
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 200;
export const DEFAULT_MAX_BATCH_BYTES = 8 * 1024 * 1024;
// A server asking for more than this is treated as misconfigured rather than obeyed for hours.
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** A refused request. `errors` are the server's problems; their `index` refers to `events` (the batch sent). */
export class HarnessLabError extends Error {
  readonly status: number;
  readonly errors: EventProblem[];
  readonly retryable: boolean;
  readonly events?: unknown[];
  /** The message without the problem list. */
  headline: string;
  /** Just the server's `error` text (or the network failure), without method, path and status. */
  readonly reason: string;

  constructor(message: string, init: { status: number; errors?: EventProblem[]; retryable?: boolean; events?: unknown[]; reason?: string }) {
    super(message);
    this.name = "HarnessLabError";
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.retryable = init.retryable ?? false;
    this.events = init.events;
    this.headline = message;
    this.reason = init.reason ?? message;
  }
}

export function emptySummary(): SendSummary {
  return { batches: 0, events: 0, applied: {}, unchanged: {} };
}

export function addSummary(into: SendSummary, from: SendSummary): SendSummary {
  into.batches += from.batches;
  into.events += from.events;
  addCounts(into.applied, from.applied);
  addCounts(into.unchanged, from.unchanged);
  return into;
}

function addCounts(into: Counts, from: Counts): void {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
}

interface Queued {
  json: string;
  bytes: number;
}

export class HarnessLabClient {
  /** The base URL without trailing slash; also the identity under which `sync` records its offsets. */
  readonly url: string;
  private readonly token: string;
  private readonly batchSize: number;
  private readonly maxBatchBytes: number;
  private readonly retries: number;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  private queue: Queued[] = [];
  private queueBytes = 0;
  // Batches go out strictly one after another: a run event must reach the server before its rollouts.
  private chain: Promise<unknown> = Promise.resolve();
  private sentSinceFlush = emptySummary();
  private closed = false;

  constructor(options: HarnessLabClientOptions) {
    if (!options.url) throw new Error("HarnessLabClient: url is required");
    if (!options.token) throw new Error("HarnessLabClient: token is required");
    this.url = options.url.replace(/\/+$/, "");
    this.token = options.token;
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
    this.maxBatchBytes = Math.max(1, options.maxBatchBytes ?? DEFAULT_MAX_BATCH_BYTES);
    this.retries = Math.max(0, options.retries ?? 6);
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
    this.backoffMaxMs = options.backoffMaxMs ?? 30_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Queues one event; when a batch is full it is sent before the promise resolves. Await it: that is the
   * back-pressure, and a refused batch rejects here. The event is serialized now, so mutating it later is harmless.
   */
  async send(event: HarnessLabEventInput): Promise<void> {
    this.enqueue(event);
    if (this.hasFullBatch()) await this.serialize(() => this.drain(false));
  }

  async sendMany(events: Iterable<HarnessLabEventInput>): Promise<void> {
    for (const event of events) this.enqueue(event);
    if (this.hasFullBatch()) await this.serialize(() => this.drain(false));
  }

  /** Sends everything queued; returns what the server did since the previous flush (auto-sent batches included). */
  async flush(): Promise<SendSummary> {
    return this.serialize(async () => {
      await this.drain(true);
      const summary = this.sentSinceFlush;
      this.sentSinceFlush = emptySummary();
      return summary;
    });
  }

  async close(): Promise<SendSummary> {
    const summary = await this.flush();
    this.closed = true;
    return summary;
  }

  /** Events queued and not yet accepted by the server. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Sends exactly these events as one batch (split only if the server answers 413), bypassing the queue.
   * Used by `sync`, which does its own batching and maps error indexes back to file lines.
   */
  async postEvents(events: readonly unknown[]): Promise<SendSummary> {
    return this.postJsonTexts(events.map((event) => JSON.stringify(event)));
  }

  /** Like postEvents, for events that are already JSON texts (one complete JSON value each). */
  async postJsonTexts(texts: readonly string[]): Promise<SendSummary> {
    if (texts.length === 0) return emptySummary();
    const parseAll = () => texts.map((t) => JSON.parse(t) as unknown);
    const body = `[${texts.join(",")}]`;
    const response = await this.request("POST", "/api/v1/events", body);
    if (response.ok) return parseSendResponse(response.body, texts.length);
    if (response.status === 413 && texts.length > 1) {
      // The server's body limit is lower than ours: halve until it fits, keeping error indexes batch-relative.
      const half = Math.ceil(texts.length / 2);
      const first = await this.postJsonTexts(texts.slice(0, half));
      try {
        return addSummary(first, await this.postJsonTexts(texts.slice(half)));
      } catch (error) {
        throw error instanceof HarnessLabError ? shiftIndexes(error, half, parseAll) : error;
      }
    }
    throw errorFromResponse("POST /api/v1/events", response, parseAll);
  }

  /**
   * GET from the read API. `path` is relative to /api/v1 ("experiments/exp-1/runs") or absolute ("/api/v1/...").
   * Same token, same retries; any non-2xx answer throws a HarnessLabError.
   */
  async getJson<T = unknown>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T> {
    let target = path.startsWith("/") ? path : `/api/v1/${path}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
    if ([...params].length > 0) target += (target.includes("?") ? "&" : "?") + params.toString();
    const response = await this.request("GET", target);
    if (response.ok) return response.body as T;
    throw errorFromResponse(`GET ${target}`, response);
  }

  /**
   * Uploads files to POST /api/v1/imports (multipart, as the upload form sends them; `fields`: experiment, run,
   * harness, benchmark) and returns the server's import report. Any non-2xx answer throws a HarnessLabError.
   */
  async postImport<T = unknown>(files: ReadonlyArray<{ name: string; bytes: Uint8Array }>, fields: Record<string, string | undefined>): Promise<T> {
    const form = () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
      for (const file of files) body.append("files", new Blob([new Uint8Array(file.bytes)]), file.name);
      return body;
    };
    const response = await this.request("POST", "/api/v1/imports", form);
    if (response.ok) return response.body as T;
    throw errorFromResponse("POST /api/v1/imports", response);
  }

  private enqueue(event: HarnessLabEventInput): void {
    if (this.closed) throw new Error("HarnessLabClient: send after close");
    const json = JSON.stringify(event);
    if (json === undefined) throw new TypeError("HarnessLabClient: an event must be a JSON object");
    // +1 for the comma between array elements.
    const item = { json, bytes: Buffer.byteLength(json) + 1 };
    this.queue.push(item);
    this.queueBytes += item.bytes;
  }

  private hasFullBatch(): boolean {
    return this.queue.length >= this.batchSize || this.queueBytes >= this.maxBatchBytes;
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async drain(all: boolean): Promise<void> {
    while (this.queue.length > 0 && (all || this.hasFullBatch())) {
      const batch = this.takeBatch();
      try {
        addSummary(this.sentSinceFlush, await this.postJsonTexts(batch.map((q) => q.json)));
      } catch (error) {
        if (error instanceof HarnessLabError && !error.retryable) throw error;
        // The server may be down for longer than our retries: keep the batch so a later flush resends it.
        this.queue.unshift(...batch);
        this.queueBytes += batch.reduce((n, q) => n + q.bytes, 0);
        throw error;
      }
    }
  }

  private takeBatch(): Queued[] {
    let count = 0;
    let bytes = 2;
    while (count < this.queue.length && count < this.batchSize) {
      const next = this.queue[count]!.bytes;
      if (count > 0 && bytes + next > this.maxBatchBytes) break;
      bytes += next;
      count += 1;
    }
    const batch = this.queue.splice(0, count);
    this.queueBytes -= batch.reduce((n, q) => n + q.bytes, 0);
    return batch;
  }

  /** `body`: JSON text, or a multipart form made afresh for each attempt (a sent FormData is not reused). */
  private async request(method: "GET" | "POST", target: string, body?: string | (() => FormData)): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      let answer: HttpAnswer;
      try {
        const response = await this.fetchImpl(this.url + target, {
          method,
          headers: {
            authorization: `Bearer ${this.token}`,
            accept: "application/json",
            // A form's content type (with its boundary) is set by fetch itself.
            ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
          },
          body: typeof body === "function" ? body() : body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        answer = { ok: response.ok, status: response.status, body: await readBody(response), retryAfterMs: parseRetryAfter(response.headers.get("retry-after")) };
      } catch (error) {
        if (attempt >= this.retries) {
          // undici hides the useful part ("connect ECONNREFUSED …") in the cause.
          const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
          const reason = (error instanceof Error ? error.message : String(error)) + cause;
          const tries = `after ${attempt + 1} attempt${attempt === 0 ? "" : "s"}`;
          throw new HarnessLabError(`${method} ${target}: ${reason} (${tries})`, { status: 0, retryable: true, reason: `${reason} (${tries})` });
        }
        await this.sleep(this.backoff(attempt));
        continue;
      }
      const retryable = answer.status === 429 || answer.status >= 500;
      if (!retryable || attempt >= this.retries) return { ...answer, attempts: attempt + 1 };
      await this.sleep(answer.retryAfterMs ?? this.backoff(attempt));
    }
  }

  /** Exponential with "equal jitter": producers that failed together do not all come back at the same instant. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** attempt);
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }
}

interface HttpAnswer {
  ok: boolean;
  status: number;
  body: unknown;
  retryAfterMs?: number;
  attempts?: number;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page: keep a little of it for the message.
    return { error: text.slice(0, 200) };
  }
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}

function parseSendResponse(body: unknown, events: number): SendSummary {
  const record = (typeof body === "object" && body !== null ? body : {}) as { applied?: unknown; unchanged?: unknown };
  return { batches: 1, events, applied: asCounts(record.applied), unchanged: asCounts(record.unchanged) };
}

function asCounts(value: unknown): Counts {
  const counts: Counts = {};
  if (typeof value !== "object" || value === null) return counts;
  for (const [key, n] of Object.entries(value)) if (typeof n === "number") counts[key] = n;
  return counts;
}

function errorFromResponse(what: string, answer: HttpAnswer, events?: () => unknown[]): HarnessLabError {
  const body = (typeof answer.body === "object" && answer.body !== null ? answer.body : {}) as { error?: unknown; errors?: unknown };
  const errors = Array.isArray(body.errors) ? body.errors.filter(isProblem).map((p) => ({ index: p.index, path: p.path ?? "", message: p.message })) : [];
  const reason = typeof body.error === "string" ? body.error : `HTTP ${answer.status}`;
  const retryable = answer.status === 429 || answer.status >= 500;
  const tries = retryable && answer.attempts ? ` (after ${answer.attempts} attempts)` : "";
  return problemError(`${what} → ${answer.status}: ${reason}${tries}`, `${reason}${tries}`, answer.status, retryable, errors, errors.length > 0 && events ? events() : undefined);
}

function problemError(headline: string, reason: string, status: number, retryable: boolean, errors: EventProblem[], events?: unknown[]): HarnessLabError {
  const shown = errors.slice(0, 5).map((p) => `\n  [${p.index}] ${p.path ? `${p.path}: ` : ""}${p.message}`).join("");
  const more = errors.length > 5 ? `\n  … and ${errors.length - 5} more` : "";
  const error = new HarnessLabError(`${headline}${shown}${more}`, { status, errors, retryable, events, reason });
  error.headline = headline;
  return error;
}

function isProblem(value: unknown): value is EventProblem {
  const p = value as EventProblem;
  return typeof value === "object" && value !== null && typeof p.index === "number" && typeof p.message === "string";
}

/** An error of the second half of a split batch, re-expressed against the whole batch. */
function shiftIndexes(error: HarnessLabError, by: number, events: () => unknown[]): HarnessLabError {
  const errors = error.errors.map((p) => ({ ...p, index: p.index + by }));
  return problemError(error.headline, error.reason, error.status, error.retryable, errors, errors.length > 0 ? events() : undefined);
}
