// POST /api/v1/imports through the real route handler: who may upload, fields named in 4xx answers, the size
// cap, and an upload that imports (with the test readers standing in for the format readers).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-imports-route-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

vi.mock("@/lib/services/importers/formats", async () => ({ ALL_READERS: (await import("@/test/fixtures/importers/test-readers")).TEST_READERS }));

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { createUser } = await import("@/lib/services/auth/users");
const { createSession, SESSION_COOKIE } = await import("@/lib/services/auth/sessions");
const { MAX_UPLOAD_BYTES } = await import("@/lib/services/importers/limits");
const route = await import("./route");
const { trajectory, report } = await import("@/test/fixtures/importers/test-readers");

const base = "http://127.0.0.1:3000";
const tokens = { ingest: "", read: "" };
const cookies = { viewer: "", reviewer: "" };

beforeAll(async () => {
  const store = getStore();
  tokens.ingest = createApiToken(store, { name: "ingest", scopes: ["ingest"], createdBy: null }).secret;
  tokens.read = createApiToken(store, { name: "read", scopes: ["read"], createdBy: null }).secret;
  for (const role of ["viewer", "reviewer"] as const) {
    const created = await createUser(store, { username: `u-${role}`, role });
    if (!created.ok) throw new Error(created.error);
    cookies[role] = `${SESSION_COOKIE}=${createSession(store, created.user.id).value}`;
  }
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

function form(fields: Record<string, string>, files: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  for (const [name, content] of Object.entries(files)) data.append("files", new Blob([content]), name);
  return data;
}

function upload(body: FormData | string, headers: Record<string, string> = {}) {
  return route.POST(new Request(`${base}/api/v1/imports`, { method: "POST", body, headers }));
}

const FILES = {
  "run1/trajs/a-1.json": trajectory("a-1"),
  "run1/trajs/b-2.json": trajectory("b-2"),
  "run1/report.json": report({ "a-1": "resolved", "b-2": "unresolved" }),
  "run1/notes.md": "# not a trajectory",
  "../../etc/passwd": "root:x:0:0",
};
const count = (table: string) => (getStore().sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("POST /api/v1/imports", () => {
  it("refuses strangers (401), read-only tokens and viewers (403), and cross-origin cookie posts (403)", async () => {
    const body = () => form({ experiment: "x" }, FILES);
    expect((await upload(body())).status).toBe(401);
    expect((await upload(body(), { authorization: `Bearer ${tokens.read}` })).status).toBe(403);
    const viewer = await upload(body(), { cookie: cookies.viewer });
    expect(viewer.status).toBe(403);
    expect((await viewer.json()).error).toMatch(/role viewer/);
    const crossOrigin = await upload(body(), { cookie: cookies.reviewer, origin: "http://evil.test" });
    expect(crossOrigin.status).toBe(403);
    expect(count("experiments")).toBe(0);
  });

  it("names the field of bad input", async () => {
    const auth = { authorization: `Bearer ${tokens.ingest}` };
    const noExperiment = await upload(form({}, FILES), auth);
    expect(noExperiment.status).toBe(400);
    expect(await noExperiment.json()).toMatchObject({ field: "experiment" });
    const noFiles = await upload(form({ experiment: "x" }, {}), auth);
    expect(await noFiles.json()).toMatchObject({ field: "files" });
    const longRun = await upload(form({ experiment: "x", run: "r".repeat(1001) }, FILES), auth);
    expect(longRun.status).toBe(400);
    expect(await longRun.json()).toMatchObject({ field: "run", error: expect.stringContaining("1000") });
    const json = await upload(JSON.stringify({ experiment: "x" }), { ...auth, "content-type": "application/json" });
    expect(json.status).toBe(415);
    const huge = await upload("x", { ...auth, "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_UPLOAD_BYTES + 1) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toMatch(/harness-lab import/);
    expect(count("experiments")).toBe(0);
  });

  it("refuses an upload of which no file could be read with a 422, the report, and nothing written", async () => {
    const before = count("experiments");
    const response = await upload(form({ experiment: "Nothing readable" }, { "../../etc/passwd": "{}", "notes.json": "# no" }), { authorization: `Bearer ${tokens.ingest}` });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error).toMatch(/^files: none of the 2 file\(s\) could be imported; first: /);
    expect(body.totals).toMatchObject({ files: 2, imported: 0, failed: 2 });
    expect(count("experiments")).toBe(before);
  });

  it("imports an upload from a reviewer's session, answers the per-file report, and changes nothing the second time", async () => {
    const response = await upload(form({ experiment: "Uploaded", run: "web", harness: "H1" }, FILES), { cookie: cookies.reviewer, origin: base });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({ experiment: { id: "uploaded", created: true }, run: { name: "web" }, harnessVersion: { label: "H1", created: true }, ok: false });
    const byFile = Object.fromEntries((result.files as Array<{ file: string }>).map((f) => [f.file, f]));
    // The browser's relative path survives as the name.
    expect(byFile["run1/trajs/a-1.json"]).toMatchObject({ format: "test-traj", rollouts: 1, rolloutIds: [expect.stringMatching(/^rollout-/)] });
    expect(byFile["run1/report.json"]).toMatchObject({ format: "test-report", verdicts: 2 });
    // A file that is not data is listed as skipped, with why, and fails nothing.
    expect(byFile["run1/notes.md"]).toMatchObject({ skipped: "documentation, not data", rollouts: 0 });
    expect(byFile["run1/notes.md"]).not.toHaveProperty("problem");
    expect(Object.values(byFile).some((f) => (f as { problem?: { field: string } }).problem?.field === "name")).toBe(true);
    expect(count("rollouts")).toBe(2);

    const again = await (await upload(form({ experiment: "uploaded", run: "web", harness: "H1" }, FILES), { authorization: `Bearer ${tokens.ingest}` })).json();
    expect(again.totals.applied).toEqual({});
    expect(again.totals.unchanged).toMatchObject({ rollout: 2, eval_result: 1 });
  });
});
