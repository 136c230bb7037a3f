// Hostile parameters for the read API (every GET route under app/api/v1) and the job routes' writes:
// ids with traversal, NUL, SQL and malformed escapes, garbage numbers and cursors, unknown parameters,
// and credentials that must not read. Full-text syntax in a search is "safe": searched as words, never a 5xx.
import type { HostileCase, HostileContext } from "./hostile-case";
import { bytesBody } from "./hostile-case";

const auth = (ctx: HostileContext) => ({ authorization: `Bearer ${ctx.adminToken}` });

function get(ctx: HostileContext, id: string, category: string, path: string, status?: number, headers: Record<string, string> = auth(ctx)): HostileCase {
  return { id: `read/${category}/${id}`, target: "read", category, method: "GET", path, headers, expect: "refuse", ...(status ? { status } : {}) };
}

/** Ids as they appear in a path segment (already escaped, or deliberately malformed). */
const HOSTILE_IDS: Array<[string, string]> = [
  ["traversal-encoded", "..%2F..%2F..%2Fetc%2Fpasswd"], ["traversal-dots", "%2E%2E"], ["backslash", "..%5C..%5Cwindows%5Cwin.ini"],
  ["absolute", "%2Fetc%2Fpasswd"], ["nul", "%00"], ["nul-inside", "x%00y"], ["sql-quote", "'%20OR%20'1'%3D'1"],
  ["sql-drop", "x'%3B%20DROP%20TABLE%20rollouts%3B--"], ["fts", "%22NEAR(a%20b)%22*"], ["malformed-escape-3", "%E0%A4%A"],
  ["malformed-escape-zz", "%ZZ"], ["lone-percent", "%"], ["overlong-utf8", "%C0%AF"], ["lone-surrogate-utf8", "%ED%A0%80"],
  ["long-4k", "x".repeat(4_000)], ["emoji", "%F0%9F%92%A9"], ["newline", "a%0Ab"], ["unknown", "hostile-does-not-exist"],
];

const ID_ROUTES = [
  "/api/v1/experiments/{id}", "/api/v1/rollouts/{id}", "/api/v1/rollouts/{id}/submission", "/api/v1/rollouts/{id}/find?q=x",
  "/api/v1/rollouts/{id}/turns/0", "/api/v1/rollouts/{id}/turns/0/raw", "/api/v1/runs/{id}/metrics", "/api/v1/harness-versions/{id}",
  "/api/v1/source-files/{id}", "/api/v1/jobs/{id}", "/api/v1/jobs/{id}/log",
];

function hostileIds(ctx: HostileContext): HostileCase[] {
  return ID_ROUTES.flatMap((route) =>
    HOSTILE_IDS.map(([name, id]) => {
      const c = get(ctx, `${route}:${name}`, "hostile_id", route.replace("{id}", id));
      // The URL standard resolves "%2E%2E" as ".." before any code of ours runs: /api/v1/jobs/%2E%2E IS
      // /api/v1, which Next redirects or answers 404. No id reaches a route, so: no 5xx, nothing written.
      return name === "traversal-dots" ? { ...c, expect: "safe" as const } : c;
    }),
  );
}

function turnIndexes(ctx: HostileContext): HostileCase[] {
  const rollout = `${ctx.seedPrefix}-r-0-0`;
  const bad: Array<[string, string, number]> = [
    ["negative", "-1", 400], ["fraction", "1.5", 400], ["word", "abc", 400], ["exponent", "1e3", 400], ["huge", "99999999999999999999999", 400],
    ["nul", "%00", 400], ["space", "%201", 400], ["hex", "0x1", 400], ["beyond", "999", 404], ["sql", "1%20OR%201%3D1", 400],
  ];
  return bad.flatMap(([name, idx, status]) => [
    get(ctx, `turn:${name}`, "bad_index", `/api/v1/rollouts/${rollout}/turns/${idx}`, status),
    get(ctx, `raw:${name}`, "bad_index", `/api/v1/rollouts/${rollout}/turns/${idx}/raw`, status),
  ]);
}

function badQueries(ctx: HostileContext): HostileCase[] {
  const rollout = `${ctx.seedPrefix}-r-0-0`;
  const run = `${ctx.seedPrefix}-run`;
  const long = (n: number) => "x".repeat(n);
  const cases: Array<[string, string, number?]> = [
    // The trajectory browser's list.
    ...["-1", "0", "abc", "1.5", "501", "1e3", "99999999999999999999", "", "%00", "1%200"].map((v): [string, string] => [`rollouts:limit=${v}`, `/api/v1/rollouts?limit=${v}`]),
    ...["garbage", "'", "eyJ4IjoxfQ", long(2_000), "%00", "%E0%A4%A", "..%2F..%2F"].map((v, i): [string, string] => [`rollouts:cursor:${i}`, `/api/v1/rollouts?cursor=${v}`]),
    ["rollouts:counts=yes", "/api/v1/rollouts?counts=yes"], ["rollouts:unknown-param", "/api/v1/rollouts?hostile=1"],
    ["rollouts:limit-twice", "/api/v1/rollouts?limit=1&limit=2"], ["rollouts:sort=garbage", "/api/v1/rollouts?sort=%27%3B--"],
    ["rollouts:step=-1", "/api/v1/rollouts?step=-1"], ["rollouts:step=abc", "/api/v1/rollouts?step=abc"],
    ["rollouts:purpose=bogus", "/api/v1/rollouts?purpose=bogus"], ["rollouts:success=maybe", "/api/v1/rollouts?success=maybe"],
    ["rollouts:reward-range", "/api/v1/rollouts?rewardMin=abc"], ["rollouts:malformed-escape-key", "/api/v1/rollouts?%E0%A4%A=1"],
    // Find inside a rollout.
    ["find:empty", `/api/v1/rollouts/${rollout}/find?q=`], ["find:missing", `/api/v1/rollouts/${rollout}/find`],
    ["find:too-long", `/api/v1/rollouts/${rollout}/find?q=${long(12_000)}`], ["find:unknown-param", `/api/v1/rollouts/${rollout}/find?q=a&x=1`],
    // Proposals, metrics, curves.
    ["proposals:empty-experiment", "/api/v1/proposals?experiment="], ["proposals:long-experiment", `/api/v1/proposals?experiment=${long(257)}`],
    ["proposals:unknown-param", "/api/v1/proposals?hostile=%27"],
    ["metrics:keys-too-long", `/api/v1/runs/${run}/metrics?keys=${long(10_001)}`], ["metrics:unknown-param", `/api/v1/runs/${run}/metrics?x=1`],
    ["curves:no-runs", "/api/v1/curves"], ["curves:empty-runs", "/api/v1/curves?runs="], ["curves:unknown-run", "/api/v1/curves?runs=hostile-missing", 404],
    ["curves:x=garbage", `/api/v1/curves?runs=${run}&x=%27`], ["curves:points=-1", `/api/v1/curves?runs=${run}&points=-1`],
    ["curves:points=abc", `/api/v1/curves?runs=${run}&points=abc`], ["curves:points=huge", `/api/v1/curves?runs=${run}&points=99999999999999999999`],
    ["curves:smoothing=2", `/api/v1/curves?runs=${run}&smoothing=2`], ["curves:smoothing=nan", `/api/v1/curves?runs=${run}&smoothing=NaN`],
    ["curves:unknown-param", `/api/v1/curves?runs=${run}&hostile=1`], ["curves:keys-long", `/api/v1/curves?runs=${run}&keys=${long(12_000)}`],
    // Jobs.
    ["jobs:status=bogus", "/api/v1/jobs?status=bogus"], ["jobs:limit=0", "/api/v1/jobs?limit=0"], ["jobs:limit=abc", "/api/v1/jobs?limit=abc"],
    ["jobs:before=-1", "/api/v1/jobs?before=-1"], ["jobs:before=huge", "/api/v1/jobs?before=99999999999999999999"], ["jobs:unknown-param", "/api/v1/jobs?x=1"],
    ["job-log:offset=-1", "/api/v1/jobs/hostile-missing/log?offset=-1"], ["job-log:follow=2", "/api/v1/jobs/hostile-missing/log?follow=2"],
  ];
  return cases.map(([id, path, status]) => get(ctx, id, "bad_query", path, status));
}

/** Search syntax in the trajectory browser's full-text filter: searched as plain words, so a 200 (or a 400 naming it). */
function searchSyntax(ctx: HostileContext): HostileCase[] {
  const queries = ['"', "*", "NEAR(", "a OR b", '"unterminated', "col:val", "^x", "-x", "AND", "(", "'", "%", "_", "a NOT b", "turns_fts MATCH 'x'", "\\", "\u0000"];
  return queries.map((q, i) => ({ ...get(ctx, `q:${i}`, "search_syntax", `/api/v1/rollouts?q=${encodeURIComponent(q)}`), expect: "safe" as const }));
}

/**
 * Control characters in search text (NUL once ended SQLite's FTS5 string: a 500): the API refuses them
 * with a 400 naming q, the trajectory browser shows the refusal and the page still answers.
 */
function controlInSearch(ctx: HostileContext): HostileCase[] {
  const texts: Array<[string, string]> = [
    ["nul", "Value%00Error"], ["nul-only", "%00"], ["nul-trailing", "word%00"], ["soh", "a%01b"], ["ansi-escape", "red%1B%5B31m+alert"],
    ["newline", "two%0Alines"], ["carriage-return", "a%0Db"], ["del", "del%7F"], ["c1-next-line", "a%C2%85b"],
  ];
  const api = texts.map(([name, q]) => get(ctx, `api:${name}`, "control_in_search", `/api/v1/rollouts?q=${q}`, 400));
  const pages = texts.slice(0, 5).map(([name, q]): HostileCase => ({
    ...get(ctx, `page:${name}`, "control_in_search", `/trajectories?q=${q}`, undefined, { cookie: `harness_lab_session=${ctx.adminSession}` }),
    expect: "safe", page: true, mustContain: "must not contain control characters",
  }));
  return [...api, ...pages];
}

function readCredentials(ctx: HostileContext): HostileCase[] {
  const routes = ["/api/v1/experiments", "/api/v1/rollouts", `/api/v1/experiments/${ctx.seedPrefix}-exp`, "/api/v1/proposals", "/api/v1/jobs"];
  const creds: Array<[string, Record<string, string>, number]> = [
    ["none", {}, 401], ["garbage", { authorization: "Bearer nope" }, 401], ["expired", { authorization: `Bearer ${ctx.expiredToken}` }, 401],
    ["revoked", { authorization: `Bearer ${ctx.revokedToken}` }, 401], ["ingest-only", { authorization: `Bearer ${ctx.ingestToken}` }, 403],
    ["garbage-cookie", { cookie: "harness_lab_session=%ZZ" }, 401],
  ];
  return routes.flatMap((route) => creds.map(([name, headers, status]) => get(ctx, `${route}:${name}`, "bad_credentials", route, status, headers)));
}

/** The job API's two writes with bodies and ids that must be refused (the server runs no job supervisor). */
function jobWrites(ctx: HostileContext): HostileCase[] {
  const post = (id: string, path: string, body: string, headers: Record<string, string> = { ...auth(ctx), "content-type": "application/json" }): HostileCase => ({
    id: `read/job_write/${id}`, target: "read", category: "job_write", method: "POST", path, headers, body: bytesBody(body), expect: "refuse",
  });
  return [
    post("launch:not-json", "/api/v1/jobs", "{"), post("launch:array", "/api/v1/jobs", "[]"), post("launch:empty", "/api/v1/jobs", ""),
    post("launch:unknown-template", "/api/v1/jobs", JSON.stringify({ template: "hostile-missing", experiment: `${ctx.seedPrefix}-exp` })),
    post("launch:template-number", "/api/v1/jobs", JSON.stringify({ template: 1 })), post("launch:extra-field", "/api/v1/jobs", JSON.stringify({ template: "x", hostile: 1 })),
    post("launch:params-array", "/api/v1/jobs", JSON.stringify({ template: "reference-train-epoch", params: [] })),
    post("launch:traversal-template", "/api/v1/jobs", JSON.stringify({ template: "../../etc/passwd" })),
    post("launch:huge", "/api/v1/jobs", JSON.stringify({ template: "x".repeat(70_000) })),
    post("launch:read-token", "/api/v1/jobs", JSON.stringify({ template: "reference-train-epoch" }), { authorization: `Bearer ${ctx.readToken}`, "content-type": "application/json" }),
    post("launch:no-auth", "/api/v1/jobs", JSON.stringify({ template: "reference-train-epoch" }), { "content-type": "application/json" }),
    post("cancel:unknown", "/api/v1/jobs/hostile-missing/cancel", ""), post("cancel:traversal", "/api/v1/jobs/..%2F..%2Fx/cancel", ""),
    post("cancel:malformed-escape", "/api/v1/jobs/%E0%A4%A/cancel", ""),
  ];
}

export function readCases(ctx: HostileContext): HostileCase[] {
  return [...hostileIds(ctx), ...turnIndexes(ctx), ...badQueries(ctx), ...searchSyntax(ctx), ...controlInSearch(ctx), ...readCredentials(ctx), ...jobWrites(ctx)];
}
