// Downloading an imported original: the exact bytes (base64 sources decoded), as an attachment that
// no browser renders, and only with credentials.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BINARY_BYTES, SOURCE_TEXT, viewerEvents, viewerIds } from "@/test/fixtures/viewer/viewer-events";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-download-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const download = await import("./route");

const ids = viewerIds("dl");
let token = "";
const get = (auth = true) => new Request("http://127.0.0.1:3000/api/v1/source-files/x", { headers: auth ? { authorization: `Bearer ${token}` } : {} });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

beforeAll(() => {
  const outcome = applyEvents(getStore(), viewerEvents("dl"));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  token = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/v1/source-files/{id}", () => {
  it("returns a text source's bytes as an attachment with a safe name", async () => {
    const res = await download.GET(get(), params(ids.source));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(SOURCE_TEXT, "utf8"))).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="repo-101_v1_.traj.json"; filename\*=UTF-8''repo-101%20%22v1%22\.traj\.json$/);
  });

  it("decodes a base64 source back to its bytes", async () => {
    const res = await download.GET(get(), params(ids.binarySource));
    expect(Buffer.from(await res.arrayBuffer()).equals(BINARY_BYTES)).toBe(true);
    expect(res.headers.get("content-length")).toBe(String(BINARY_BYTES.length));
  });

  it("refuses strangers and says 404 for an unknown file", async () => {
    expect((await download.GET(get(false), params(ids.source))).status).toBe(401);
    expect((await download.GET(get(), params("nope"))).status).toBe(404);
  });
});
