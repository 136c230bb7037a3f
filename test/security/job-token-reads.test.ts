// A job's own token reads its job's experiment and its own job, nothing else (issue 13, finding 4); a token
// minted for one experiment on Connect a trainer (issue 40: ingest + read of its experiment, for the review
// gate) reads that experiment and its jobs, nothing else. The test
// finds every GET route under app/ by itself and calls each through its real handler with a real job token:
// its own experiment's record answers 200, another experiment's answers exactly like an id that does not
// exist (404, same message), and lists leave other experiments out. A new GET route without an entry in
// READS fails here, so it cannot ship without deciding what a job may read through it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleEvents } from "@/lib/events/examples";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-job-reads-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");
delete process.env.HARNESS_LAB_ADMIN_TOKEN;

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { insertJob } = await import("@/db/mutations/jobs");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { mintJobToken } = await import("@/lib/services/jobs/job-token");

const ROOT = path.resolve(__dirname, "../..");
/** Every experiment-owned id starts with its prefix ("mine-…", "other-…"), jobs included. */
type Side = "mine" | "other";

/** GET routes that hold no lab data (the same list as test/every-mutation-is-guarded.test.ts's public reads). */
const NO_LAB_DATA: Record<string, string> = {
  "app/sign-in/link/route.ts": "a one-time sign-in link; it reads no experiment",
  "app/api/v1/openapi.json/route.ts": "the API's description, the same for everyone",
};

interface Target {
  params?: Record<string, string>;
  query?: string;
}
/** A record route: one id of each side. A list route: the query that asks for a side (or for everything). */
type Read = { kind: "record"; of: (side: Side | "missing") => Target } | { kind: "list"; asking: Record<string, (side: Side) => Target> };

const record = (of: (side: Side | "missing") => Target): Read => ({ kind: "record", of });
const READS: Record<string, Read> = {
  "app/api/v1/experiments/route.ts": { kind: "list", asking: { everything: () => ({}) } },
  "app/api/v1/experiments/[id]/route.ts": record((s) => ({ params: { id: `${s}-exp` } })),
  "app/api/v1/harness-versions/[id]/route.ts": record((s) => ({ params: { id: `${s}-h1` } })),
  "app/api/v1/runs/[id]/metrics/route.ts": record((s) => ({ params: { id: `${s}-run` } })),
  "app/api/v1/curves/route.ts": record((s) => ({ query: `runs=${s}-run` })),
  "app/api/v1/runs/[id]/live/route.ts": record((s) => ({ params: { id: `${s}-run` }, query: "since=0" })),
  "app/api/v1/experiments/[id]/live/route.ts": record((s) => ({ params: { id: `${s}-exp` } })),
  // The lab's live state names the live experiments: a confined token is told of its own only.
  "app/api/v1/live/route.ts": { kind: "list", asking: { everything: () => ({}) } },
  "app/api/v1/source-files/[id]/route.ts": record((s) => ({ params: { id: `${s}-src` } })),
  "app/api/v1/rollouts/[id]/route.ts": record((s) => ({ params: { id: `${s}-r-0-0` } })),
  "app/api/v1/rollouts/[id]/find/route.ts": record((s) => ({ params: { id: `${s}-r-0-0` }, query: "q=function" })),
  "app/api/v1/rollouts/[id]/submission/route.ts": record((s) => ({ params: { id: `${s}-r-0-0` } })),
  "app/api/v1/rollouts/[id]/turns/[idx]/route.ts": record((s) => ({ params: { id: `${s}-r-0-0`, idx: "1" } })),
  "app/api/v1/rollouts/[id]/turns/[idx]/raw/route.ts": record((s) => ({ params: { id: `${s}-r-0-0`, idx: "1" } })),
  "app/api/v1/jobs/[id]/route.ts": record((s) => ({ params: { id: `${s}-job` } })),
  "app/api/v1/jobs/[id]/log/route.ts": record((s) => ({ params: { id: `${s}-job` } })),
  "app/api/v1/rollouts/route.ts": {
    kind: "list",
    asking: {
      everything: () => ({}),
      "an experiment": (s) => ({ query: `experiment=${s}-exp` }),
      "a run": (s) => ({ query: `run=${s}-run` }),
      "a search": () => ({ query: "q=function" }),
      counts: (s) => ({ query: `experiment=${s}-exp&counts=true` }),
    },
  },
  "app/api/v1/proposals/route.ts": { kind: "list", asking: { everything: () => ({}), "an experiment": (s) => ({ query: `experiment=${s}-exp` }) } },
  "app/api/v1/jobs/route.ts": { kind: "list", asking: { everything: () => ({}), "an experiment": (s) => ({ query: `experiment=${s}-exp` }) } },
};

function getRouteFiles(): string[] {
  return (fs.readdirSync(path.join(ROOT, "app"), { recursive: true }) as string[])
    .map((relative) => `app/${relative.split(path.sep).join("/")}`)
    .filter((file) => /\/route\.(ts|js|mjs)$/.test(file))
    .filter((file) => /export\s+(async\s+)?function\s+GET\b|export\s+const\s+GET\b/.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

async function get(file: string, target: Target, secret: string): Promise<{ status: number; text: string }> {
  const { GET } = (await import(/* @vite-ignore */ path.join(ROOT, file))) as { GET: Handler };
  const params = target.params ?? {};
  const pathname = file.replace(/^app/, "").replace(/\/route\.\w+$/, "").replace(/\[(\w+)\]/g, (_m, name: string) => encodeURIComponent(params[name]));
  const request = new Request(`http://127.0.0.1:3000${pathname}${target.query ? `?${target.query}` : ""}`, { headers: { authorization: `Bearer ${secret}` } });
  const response = await GET(request, { params: Promise.resolve(params) });
  return { status: response.status, text: await response.text() };
}

let jobSecret = "";
let readSecret = "";
let experimentSecret = "";

beforeAll(() => {
  const store = getStore();
  for (const side of ["mine", "other"] as const) {
    const applied = applyEvents(store, exampleEvents(side));
    expect(applied.ok).toBe(true);
    const logPath = path.join(dir, `${side}.log`);
    fs.writeFileSync(logPath, `${side}-job log line\n`);
    insertJob(store, { id: `${side}-job`, experimentId: `${side}-exp`, templateId: null, kind: "custom", params: {}, command: ["x"], executor: "local", logPath, createdBy: null, createdAt: Date.now() });
  }
  jobSecret = mintJobToken(store, "mine-job", { createdBy: null, expiresAt: Date.now() + 60_000, now: Date.now() });
  readSecret = createApiToken(store, { name: "reader", scopes: ["read"], createdBy: null }).secret;
  experimentSecret = createApiToken(store, { name: "trainer", scopes: ["ingest", "read"], experimentId: "mine-exp", createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

const routeFiles = getRouteFiles();

describe("discovery", () => {
  it("finds the GET routes (so a broken glob cannot pass silently), and every one is in READS or NO_LAB_DATA", () => {
    expect(routeFiles).toContain("app/api/v1/rollouts/[id]/route.ts");
    expect(routeFiles.length).toBeGreaterThanOrEqual(17);
    const undecided = routeFiles.filter((file) => !READS[file] && !NO_LAB_DATA[file]);
    expect(undecided, "GET routes with no decision on what a job's token may read through them").toEqual([]);
    for (const file of [...Object.keys(READS), ...Object.keys(NO_LAB_DATA)]) expect(routeFiles, file).toContain(file);
  });
});

// The two kinds of confined token: each reads its own experiment's records and lists, and nothing of the other.
const CONFINED: Array<[string, () => string]> = [
  ["a job's token", () => jobSecret],
  ["a token for one experiment (Connect a trainer)", () => experimentSecret],
];

describe.each(CONFINED)("with %s", (_kind, secret) => {
  describe.each(Object.entries(READS).filter(([, read]) => read.kind === "record"))("GET %s", (file, read) => {
    const of = (read as Extract<Read, { kind: "record" }>).of;

    it("reads its own experiment's record", async () => {
      const own = await get(file, of("mine"), secret());
      expect(own.status, own.text).toBe(200);
    });

    it("gets another experiment's record as 404, the same answer as an id that does not exist", async () => {
      // The fixture holds the record: an unscoped read token gets it.
      expect((await get(file, of("other"), readSecret)).status).toBe(200);
      const foreign = await get(file, of("other"), secret());
      const missing = await get(file, of("missing"), secret());
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(foreign.text.replaceAll("other-", "missing-")).toBe(missing.text);
    });
  });

  describe.each(Object.entries(READS).filter(([, read]) => read.kind === "list"))("GET %s", (file, read) => {
    const asking = Object.entries((read as Extract<Read, { kind: "list" }>).asking);

    it.each(asking)("asking for %s lists its own experiment and leaves the other out", async (_what, target) => {
      const own = await get(file, target("mine"), secret());
      expect(own.status, own.text).toBe(200);
      expect(own.text).toContain("mine-");
      const foreign = await get(file, target("other"), secret());
      expect(foreign.status, foreign.text).toBe(200);
      expect(foreign.text).not.toContain("other-");
      // The fixture holds other records an unscoped read token does list.
      expect((await get(file, target("other"), readSecret)).text).toContain("other-");
    });
  });
});

describe("a job without an experiment", () => {
  it("reads no experiment at all", async () => {
    // The column allows no experiment (launches always name one today): such a job's token reads none.
    insertJob(getStore(), { id: "lone-job", experimentId: "mine-exp", templateId: null, kind: "custom", params: {}, command: ["x"], executor: "local", logPath: path.join(dir, "lone.log"), createdBy: null, createdAt: Date.now() });
    getStore().sqlite.prepare("UPDATE jobs SET experiment_id = NULL WHERE id = 'lone-job'").run();
    const lone = mintJobToken(getStore(), "lone-job", { createdBy: null, expiresAt: Date.now() + 60_000, now: Date.now() });
    const list = await get("app/api/v1/experiments/route.ts", {}, lone);
    expect(JSON.parse(list.text)).toEqual({ experiments: [] });
    expect((await get("app/api/v1/rollouts/[id]/route.ts", { params: { id: "mine-r-0-0" } }, lone)).status).toBe(404);
    expect((await get("app/api/v1/jobs/[id]/route.ts", { params: { id: "lone-job" } }, lone)).status).toBe(200);
  });
});

describe("GET /api/v1/curves?pass1= with a job's token", () => {
  const file = "app/api/v1/curves/route.ts";
  it.each([["run", "run"], ["experiment", "exp"]])("reads its own %s's pass@1 curves; another's answer as a missing one", async (kind, suffix) => {
    const of = (side: Side | "missing") => ({ query: `pass1=${kind}:${side}-${suffix}` });
    const own = await get(file, of("mine"), jobSecret);
    expect(own.status, own.text).toBe(200);
    expect(own.text).toContain(`"pass1"`);
    expect((await get(file, of("other"), readSecret)).status).toBe(200);
    const foreign = await get(file, of("other"), jobSecret);
    const missing = await get(file, of("missing"), jobSecret);
    expect(foreign.status).toBe(404);
    expect(foreign.text.replaceAll("other-", "missing-")).toBe(missing.text);
  });
});
