// Hostile inputs for POST /api/v1/events. Every body that could be applied if the server failed to refuse
// it carries NEW ids (a fresh experiment, new rollouts), so a wrongful accept shows as a changed store.
import { exampleEvents } from "../../lib/events/examples";
import { validateEvent } from "../../lib/events/contract";
import type { Random } from "../../lib/stats/prng";
import { bytesBody, concatBytes, utf8, type HostileCase, type HostileContext } from "./hostile-case";
import { refusedMutations } from "./hostile-mutate";

const EVENTS = "/api/v1/events";

type Ev = Record<string, unknown>;

const json = (ctx: HostileContext, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${ctx.adminToken}`, "content-type": "application/json", ...extra });

function post(ctx: HostileContext, id: string, category: string, body: string | Uint8Array, status?: number, headers: Record<string, string> = json(ctx)): HostileCase {
  return { id: `ingest/${category}/${id}`, target: "ingest", category, method: "POST", path: EVENTS, headers, body: bytesBody(body), expect: "refuse", ...(status ? { status } : {}) };
}

/** A fresh, valid batch (every event type) whose ids exist nowhere yet. */
const freshBatch = (tag: string): Ev[] => exampleEvents(`hostile-${tag}`) as Ev[];
/** One fresh, valid experiment event. */
const freshExperiment = (tag: string, fields: Ev = {}): Ev => ({ type: "experiment", id: `hostile-exp-${tag}`, name: `hostile ${tag}`, method: "grpo", ...fields });

/** The first seeded event of each type (the server holds these), to mutate field by field. */
function seededByType(ctx: HostileContext): Ev[] {
  const byType = new Map<string, Ev>();
  for (const event of exampleEvents(ctx.seedPrefix) as Ev[]) if (!byType.has(event.type as string)) byType.set(event.type as string, event);
  return [...byType.values()];
}

function wrongTypes(ctx: HostileContext): HostileCase[] {
  return seededByType(ctx).flatMap((event) =>
    refusedMutations(event).map((m) => post(ctx, `${event.type}:${m.name}`, "wrong_type", JSON.stringify([m.event]), 400)),
  );
}

const MUTABLE = new Set(["experiment", "run", "task"]);
const FIXED_FIELDS: Record<string, string[]> = { experiment: ["method"], run: ["experiment", "kind"], task: ["key", "benchmark"] };

/** Each field of a seeded immutable record changed to another valid value: 409 (or 400 for a broken reference). */
function duplicateIds(ctx: HostileContext): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const event of seededByType(ctx)) {
    const type = event.type as string;
    for (const [key, value] of Object.entries(event)) {
      if (key === "type" || key === "id") continue;
      if (MUTABLE.has(type) && !FIXED_FIELDS[type].includes(key)) continue;
      // A metrics point is (run, key, step): another step is another point, and the epoch is not part of it.
      if (type === "metrics") continue;
      let changed: unknown;
      if (typeof value === "string") changed = key === "method" ? "custom" : key === "kind" ? "eval" : `${value} (changed)`;
      else if (typeof value === "number") changed = value + 1;
      else if (typeof value === "boolean") changed = !value;
      else continue;
      const mutated = { ...event, [key]: changed };
      if (!validateEvent(mutated, 0).ok) continue;
      cases.push(post(ctx, `${type}:${key}`, "duplicate_id", JSON.stringify([mutated])));
    }
  }
  // A metrics point with another value (the point is immutable).
  const metrics = seededByType(ctx).find((e) => e.type === "metrics")!;
  for (const key of Object.keys(metrics.values as object)) {
    cases.push(post(ctx, `metrics:values.${key}`, "duplicate_id", JSON.stringify([{ ...metrics, values: { [key]: 0.123 } }]), 409));
  }
  // The same new id twice in one request with different content.
  const a = freshExperiment("dup");
  const r = freshBatch("dup-in-request");
  const rollout = r.find((e) => e.type === "rollout")!;
  cases.push(post(ctx, "same-request:rollout", "duplicate_id", JSON.stringify([...r, { ...rollout, reward: 0.5 }])));
  cases.push(post(ctx, "same-request:experiment-method", "duplicate_id", JSON.stringify([a, { ...a, method: "custom" }])));
  return cases;
}

/**
 * Fields whose value looks like a seeded id but is no reference the store checks: a task's key and a
 * rollout's GRPO group are labels, and a harness version's origin_proposal may name a proposal sent later
 * (the proposal names the version as its candidate, so one of the two has to come first).
 */
const NOT_REFERENCES = new Set(["key", "group", "origin_proposal"]);

/** A new record whose one reference names something that exists nowhere: 400 naming it. */
function missingParents(ctx: HostileContext): HostileCase[] {
  const cases: HostileCase[] = [];
  let n = 0;
  for (const event of exampleEvents(ctx.seedPrefix) as Ev[]) {
    for (const [key, value] of Object.entries(event)) {
      if (key === "id" || key === "type" || NOT_REFERENCES.has(key)) continue;
      const isRef = (v: unknown) => typeof v === "string" && v.startsWith(`${ctx.seedPrefix}-`);
      let replaced: unknown;
      if (isRef(value)) replaced = `hostile-missing-${n}`;
      else if (Array.isArray(value) && value.some(isRef)) replaced = value.map((v) => (isRef(v) ? `hostile-missing-${n}` : v));
      else continue;
      const fresh: Ev = { ...event, [key]: replaced };
      if (typeof fresh.id === "string") fresh.id = `${fresh.id}-hostile-${n}`;
      if (fresh.type === "metrics") fresh.step = 1000 + n;
      n++;
      if (!validateEvent(fresh, 0).ok) continue;
      cases.push(post(ctx, `${event.type}:${key}:${n}`, "missing_parent", JSON.stringify([fresh]), 400));
    }
  }
  return cases;
}

function hugeStrings(ctx: HostileContext, random: Random): HostileCase[] {
  const long = (n: number) => "x".repeat(n);
  const cases: HostileCase[] = [];
  for (const size of [1_001, 10_000, 500_000]) {
    cases.push(post(ctx, `experiment.name:${size}`, "huge_string", JSON.stringify([freshExperiment(`huge-name-${size}`, { name: long(size) })]), 400));
    cases.push(post(ctx, `task.key:${size}`, "huge_string", JSON.stringify([{ type: "task", id: `hostile-task-${size}`, key: long(size), benchmark: "b" }]), 400));
  }
  for (const size of [257, 4_000, 100_000]) cases.push(post(ctx, `experiment.id:${size}`, "huge_string", JSON.stringify([freshExperiment(long(size))]), 400));
  cases.push(post(ctx, "checkpoint.uri:4097", "huge_string", JSON.stringify([{ type: "checkpoint", id: "hostile-ckpt-uri", experiment: `${ctx.seedPrefix}-exp`, role: "policy", uri: long(4097) }]), 400));
  cases.push(post(ctx, "metrics.key:257", "huge_string", JSON.stringify([{ type: "metrics", run: `${ctx.seedPrefix}-run`, step: 77, values: { [long(257)]: 1 } }]), 400));
  // A text field over the body limit: refused by size before anything is parsed.
  const over = ctx.maxBodyBytes + 1024 + Math.floor(random() * 1024);
  cases.push(post(ctx, "description:over-body-limit", "huge_string", JSON.stringify([freshExperiment("huge-desc", { description: long(over) })]), 413));
  return cases;
}

function nested(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

function deepNesting(ctx: HostileContext): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const depth of [200, 1_000, 10_000, 100_000]) {
    for (const kind of ["array", "object"] as const) {
      const deep = nested(depth, kind);
      cases.push(post(ctx, `body:${kind}:${depth}`, "deep_nesting", `[${deep}]`, 400));
      cases.push(post(ctx, `experiment.config:${kind}:${depth}`, "deep_nesting", `[{"type":"experiment","id":"hostile-deep-${kind}-${depth}","name":"deep","method":"grpo","config":{"a":${deep}}}]`, 400));
      cases.push(post(ctx, `task.metadata:${kind}:${depth}`, "deep_nesting", `{"type":"task","id":"hostile-deep-task-${kind}-${depth}","key":"k","benchmark":"b","metadata":{"m":${deep}}}\n`, 400));
    }
  }
  const rollout = (exampleEvents("hostile-deep-rollout") as Ev[]);
  const deepAction = JSON.stringify(rollout).replace('"action":{"tool":"view","path":"src/range.js"}', `"action":${nested(50_000, "object")}`);
  cases.push(post(ctx, "rollout.turns.action:object:50000", "deep_nesting", deepAction, 400));
  return cases;
}

const BAD_UTF8: Array<[string, number[]]> = [
  ["ff", [0xff]], ["c3-28", [0xc3, 0x28]], ["overlong-slash", [0xc0, 0xaf]], ["surrogate-ed-a0-80", [0xed, 0xa0, 0x80]],
  ["five-byte", [0xf8, 0x88, 0x80, 0x80, 0x80]], ["truncated-e2-82", [0xe2, 0x82]], ["lone-continuation", [0x80]], ["above-max-f4-90", [0xf4, 0x90, 0x80, 0x80]],
];

function invalidUtf8(ctx: HostileContext): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const [name, bytes] of BAD_UTF8) {
    const b = Uint8Array.from(bytes);
    cases.push(post(ctx, `in-name:${name}`, "invalid_utf8", concatBytes(`[{"type":"experiment","id":"hostile-utf8-${name}","name":"a`, b, `b","method":"grpo"}]`), 400));
    cases.push(post(ctx, `in-id:ndjson:${name}`, "invalid_utf8", concatBytes(`{"type":"experiment","id":"hostile-utf8-id-`, b, `","name":"n","method":"grpo"}\n`), 400));
    cases.push(post(ctx, `between-tokens:${name}`, "invalid_utf8", concatBytes(`[`, b, JSON.stringify(freshExperiment(`utf8-tok-${name}`)), `]`), 400));
    cases.push({ ...post(ctx, `streamed:${name}`, "invalid_utf8", ""), body: { kind: "stream", chunk: concatBytes(JSON.stringify(freshExperiment(`utf8-stream-${name}`)).slice(0, -2), b, `"}\n`), repeat: 1 }, status: 400 });
  }
  return cases;
}

function nulBytes(ctx: HostileContext): HostileCase[] {
  const nul = Uint8Array.of(0);
  return [
    post(ctx, "raw-in-string", "nul_bytes", concatBytes(`[{"type":"experiment","id":"hostile-nul-1","name":"a`, nul, `b","method":"grpo"}]`), 400),
    post(ctx, "raw-between-tokens", "nul_bytes", concatBytes(`[`, nul, JSON.stringify(freshExperiment("nul-2")), `]`), 400),
    post(ctx, "raw-leading", "nul_bytes", concatBytes(nul, JSON.stringify([freshExperiment("nul-3")])), 400),
    post(ctx, "escaped-in-id", "nul_bytes", JSON.stringify([freshExperiment("nul-4\u0000")]), 400),
    post(ctx, "escaped-in-method", "nul_bytes", JSON.stringify([freshExperiment("nul-5", { method: "grpo\u0000" })]), 400),
    post(ctx, "escaped-in-type", "nul_bytes", JSON.stringify([{ ...freshExperiment("nul-6"), type: "experiment\u0000" }]), 400),
    post(ctx, "escaped-in-reference", "nul_bytes", JSON.stringify([{ type: "run", id: "hostile-nul-run", experiment: `${ctx.seedPrefix}-exp\u0000`, kind: "train", status: "running" }]), 400),
    post(ctx, "ndjson-nul-line", "nul_bytes", concatBytes(JSON.stringify(freshExperiment("nul-8")), "\n", nul, "\n"), 400),
  ];
}

/** JSON escapes that decode to half a UTF-16 pair: valid JSON, but not text; stored they would be corrupted. */
function loneSurrogates(ctx: HostileContext): HostileCase[] {
  const halves = ["\\ud800", "\\udbff", "\\udc00", "\\udfff", "\\udc00\\ud800", "x\\ud800", "\\ud800\\ud800"];
  const cases: HostileCase[] = [];
  halves.forEach((half, i) => {
    cases.push(post(ctx, `experiment.name:${i}`, "lone_surrogate", `[{"type":"experiment","id":"hostile-sur-${i}","name":"a${half}b","method":"grpo"}]`, 400));
    cases.push(post(ctx, `experiment.config-key:${i}`, "lone_surrogate", `[{"type":"experiment","id":"hostile-sur-key-${i}","name":"n","method":"grpo","config":{"k${half}":1}}]`, 400));
    cases.push(post(ctx, `task.title:ndjson:${i}`, "lone_surrogate", `{"type":"task","id":"hostile-sur-task-${i}","key":"k${i}","benchmark":"b","title":"${half}"}\n`, 400));
  });
  const batch = JSON.stringify(freshBatch("sur-turn")).replace("Let me look at the function.", "Let me look \\ud83d at it.");
  cases.push(post(ctx, "rollout.turns.content", "lone_surrogate", batch, 400));
  return cases;
}

function invalidJson(ctx: HostileContext): HostileCase[] {
  const valid = JSON.stringify(freshExperiment("json"));
  const bodies: Array<[string, string]> = [
    ["truncated", `[${valid.slice(0, -5)}`], ["trailing-comma", `[${valid},]`], ["single-quotes", `[{'type':'experiment'}]`],
    ["nan", `[{"type":"metrics","run":"${ctx.seedPrefix}-run","step":90,"values":{"k":NaN}}]`],
    ["infinity-literal", `[{"type":"metrics","run":"${ctx.seedPrefix}-run","step":91,"values":{"k":Infinity}}]`],
    ["number-overflow-1e999", `[{"type":"metrics","run":"${ctx.seedPrefix}-run","step":92,"values":{"k":1e999}}]`],
    ["step-overflow", `[{"type":"metrics","run":"${ctx.seedPrefix}-run","step":1e999,"values":{"k":1}}]`],
    ["comment", `[/* c */${valid}]`], ["unquoted-keys", `[{type:"experiment"}]`], ["garbage-after", `[${valid}]garbage`],
    ["two-arrays", `[${valid}][${valid}]`], ["close-only", `]`], ["open-only", `[`], ["unclosed-object", `{"type":"experiment"`],
    ["null", `null`], ["true", `true`], ["string", `"events"`], ["number", `42`], ["empty-array", `[]`], ["array-of-null", `[null]`],
    ["array-of-number", `[1,2,3]`], ["array-of-array", `[[]]`], ["empty-object", `{}`], ["object-wrapper", `{"events":[${valid}]}`],
    ["bare-word", `events`], ["xml", `<events/>`], ["bom-then-garbage", `\ufeffgarbage`], ["many-empty-objects", `[${"{},".repeat(200_000)}{}]`],
    ["ndjson-array-line", `${valid}\n[1]\n`], ["escaped-garbage", `["\\x41"]`], ["control-char-in-string", `[{"type":"exp\u0001eriment"}]`],
  ];
  return bodies.map(([name, body]) => post(ctx, name, "invalid_json", body, 400));
}

/** A valid, fresh batch with one bad line or item: all-or-nothing means none of the valid ones is written. */
function badLine(ctx: HostileContext, random: Random): HostileCase[] {
  const bad = ["{not json", `{"type":"nope"}`, `{"type":"experiment","id":"x"}`, "[1]", `"string"`, `{"type":"rollout","id":"r"}`];
  const cases: HostileCase[] = [];
  bad.forEach((line, i) => {
    const batch = freshBatch(`bad-line-${i}`).map((e) => JSON.stringify(e));
    const at = 1 + Math.floor(random() * (batch.length - 1));
    const ndjson = [...batch.slice(0, at), line, ...batch.slice(at)].join("\n");
    cases.push(post(ctx, `ndjson:${i}@${at}`, "bad_line", `${ndjson}\n`, 400, json(ctx, { "content-type": "application/x-ndjson" })));
    cases.push(post(ctx, `ndjson-last:${i}`, "bad_line", [...batch, line].join("\n"), 400, json(ctx, { "content-type": "application/x-ndjson" })));
    if (line.startsWith("{")) cases.push(post(ctx, `array:${i}@${at}`, "bad_line", `[${[...batch.slice(0, at), line, ...batch.slice(at)].join(",")}]`, 400));
    // The same over the streaming path (no Content-Length), where valid events are spooled before the bad one.
    cases.push({ ...post(ctx, `streamed-ndjson:${i}`, "bad_line", ""), body: { kind: "stream", chunk: utf8(`${ndjson}\n`), repeat: 1 }, status: 400 });
  });
  return cases;
}

function emptyBodies(ctx: HostileContext): HostileCase[] {
  const cases = ["", " ", "\n\n", "\r\n", "\t"].map((body, i) => post(ctx, `blank-${i}`, "empty_body", body, 400));
  cases.push({ ...post(ctx, "no-body", "empty_body", ""), body: undefined, status: 400 });
  cases.push({ ...post(ctx, "streamed-empty", "empty_body", ""), body: { kind: "stream", chunk: new Uint8Array(0), repeat: 1 }, status: 400 });
  return cases;
}

function wrongContentTypes(ctx: HostileContext): HostileCase[] {
  const types = ["text/html", "application/xml", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "image/png", "application/json-patch+json", "text/csv", "application/javascript", "video/mp4", "x/x"];
  return types.map((type) => post(ctx, type, "wrong_content_type", JSON.stringify(freshBatch(`ctype-${type.replace(/\W/g, "")}`)), 415, json(ctx, { "content-type": type })));
}

function oversize(ctx: HostileContext): HostileCase[] {
  const over = ctx.maxBodyBytes + 1;
  const spaces = (n: number) => `[${" ".repeat(n - 2)}]`;
  const events = (n: number) => {
    const one = JSON.stringify(freshExperiment("big-x"));
    const parts: string[] = [];
    let size = 2;
    for (let i = 0; size < n; i++) {
      const e = one.replace("hostile-exp-big-x", `hostile-exp-big-${i}`);
      parts.push(e);
      size += e.length + 1;
    }
    return `[${parts.join(",")}]`;
  };
  const ndjsonChunk = utf8(`${JSON.stringify(freshExperiment("big-stream"))}\n`);
  return [
    post(ctx, "declared:spaces", "oversize_body", spaces(over), 413),
    post(ctx, "declared:valid-events", "oversize_body", events(over), 413),
    post(ctx, "declared:2x", "oversize_body", spaces(over * 2), 413),
    { ...post(ctx, "streamed:valid-ndjson", "oversize_body", ""), body: { kind: "stream", chunk: ndjsonChunk, repeat: Math.ceil(over / ndjsonChunk.length) + 1 }, status: 413 },
    { ...post(ctx, "streamed:spaces", "oversize_body", ""), body: { kind: "stream", chunk: utf8(" ".repeat(64 * 1024)), repeat: Math.ceil(over / (64 * 1024)) + 1 }, status: 413 },
  ];
}

/** Content-Length that does not match the body: sent on a raw socket, since fetch will not lie. */
function lengthLies(ctx: HostileContext): HostileCase[] {
  const body = JSON.stringify([freshExperiment("lie")]);
  const raw = (name: string, declared: number, sent: string, status?: number): HostileCase => ({
    ...post(ctx, name, "length_lie", ""),
    body: { kind: "raw", bytes: utf8(`POST ${EVENTS} HTTP/1.1\r\nHost: ${ctx.host}\r\nAuthorization: Bearer ${ctx.adminToken}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n${sent}`) },
    ...(status ? { status } : {}),
  });
  // Declaring less than is sent makes the rest a second request, which Node's HTTP parser refuses with a
  // bare 400 (and closes the connection, often before the app's answer to the first part is written).
  const less = (name: string, declared: number): HostileCase => ({ ...raw(name, declared, body, 400), parserAnswer: true });
  return [
    raw("declares-1TB", 10 ** 12, body, 413),
    raw("declares-limit+1", ctx.maxBodyBytes + 1, body, 413),
    less("declares-less:10", 10),
    less("declares-less:half", Math.floor(body.length / 2)),
    less("declares-1", 1),
  ];
}

function credentials(ctx: HostileContext): HostileCase[] {
  const body = JSON.stringify(freshBatch("auth"));
  const with_ = (name: string, headers: Record<string, string>, status: number) => post(ctx, name, "bad_credentials", body, status, { "content-type": "application/json", ...headers });
  const cookie = (value: string) => `harness_lab_session=${value}`;
  return [
    with_("none", {}, 401),
    with_("bearer-empty", { authorization: "Bearer" }, 401),
    with_("bearer-space", { authorization: "Bearer  " }, 401),
    with_("basic", { authorization: "Basic YWRtaW46YWRtaW4=" }, 401),
    with_("garbage", { authorization: "Bearer hl_not-a-real-token" }, 401),
    with_("two-tokens", { authorization: `Bearer ${ctx.adminToken} ${ctx.adminToken}` }, 401),
    with_("admin-token-prefix", { authorization: `Bearer ${ctx.adminToken.slice(0, -1)}` }, 401),
    with_("long-8k", { authorization: `Bearer ${"a".repeat(8_000)}` }, 401),
    with_("latin1", { authorization: "Bearer \u00e9\u00e8" }, 401),
    with_("sql-quote", { authorization: "Bearer ' OR '1'='1" }, 401),
    with_("expired", { authorization: `Bearer ${ctx.expiredToken}` }, 401),
    with_("revoked", { authorization: `Bearer ${ctx.revokedToken}` }, 401),
    with_("read-scope", { authorization: `Bearer ${ctx.readToken}` }, 403),
    with_("garbage-cookie", { cookie: cookie("hl_sess_nope") }, 401),
    with_("viewer-session", { cookie: cookie(ctx.viewerSession) }, 403),
    with_("admin-session-cross-origin", { cookie: cookie(ctx.adminSession), origin: "http://evil.example" }, 403),
    with_("admin-session-null-origin", { cookie: cookie(ctx.adminSession), origin: "null" }, 403),
  ];
}

/** The line a forged metric key tries to slip into the server's log as a line of its own. */
export const FORGED_LINK = "http://evil.example/sign-in/link?token=FORGED-hostile";
/** A metric key that, echoed raw, would end the log line, forge the first-start link and move the operator's cursor. */
export const LOG_INJECTION_KEY = `loss\nOpen this one-time link within 24 hours to sign in, then set a password under Settings:\n    ${FORGED_LINK}\n\u001b[2K\u001b[1A\u001b[31mred`;

/**
 * Log injection: the key is refused (its value is not a number), and the refusal is logged with the key's
 * path. The run then checks the server's log for a raw ESC and for the forged link at the start of a line.
 */
function logInjection(ctx: HostileContext): HostileCase[] {
  const metrics = { type: "metrics", run: `${ctx.seedPrefix}-run`, step: 999_999, values: { [LOG_INJECTION_KEY]: "not a number" } };
  return [post(ctx, "metrics-key", "log_injection", JSON.stringify([metrics]), 400)];
}

export function ingestCases(ctx: HostileContext, random: Random): HostileCase[] {
  return [
    ...wrongTypes(ctx), ...duplicateIds(ctx), ...missingParents(ctx), ...hugeStrings(ctx, random), ...deepNesting(ctx),
    ...invalidUtf8(ctx), ...nulBytes(ctx), ...loneSurrogates(ctx), ...invalidJson(ctx), ...badLine(ctx, random),
    ...emptyBodies(ctx), ...wrongContentTypes(ctx), ...oversize(ctx), ...lengthLies(ctx), ...credentials(ctx),
    ...logInjection(ctx),
  ];
}
