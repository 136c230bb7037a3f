// Hostile input against the production build: a ~1 MB `.eval` zip bomb (inflating to 1 GB) is refused by
// entry name with nothing written while other users' reads keep answering, a real `.eval` still imports
// through the reading worker, and control characters in search text are a 400 naming q (an error message
// on the page), not an SQLite error.
import fs from "node:fs";
import path from "node:path";
import { evalZipBomb } from "../programs/reliability/hostile-zip-bomb";
import { realTrajectoriesDir } from "../test/shared-data";
import { test, expect, bearer } from "./fixtures";

/** Far above what a read takes, far below the tens of seconds the bomb held the server for before. */
const READ_BOUND_MS = 5_000;

test("a .eval zip bomb is refused by entry name, writes nothing, and reads keep answering meanwhile", async ({ request, server }) => {
  const auth = bearer(server.adminToken);
  const bomb = Buffer.from(evalZipBomb());
  expect(bomb.byteLength).toBeLessThan(1.5 * 1024 * 1024);

  let answered = false;
  const upload = request.post("/api/v1/imports", {
    headers: auth,
    multipart: { experiment: "e2e-zip-bomb", files: { name: "bomb.eval", mimeType: "application/octet-stream", buffer: bomb } },
    timeout: 120_000,
  }).then((response) => {
    answered = true;
    return response;
  });

  // Read after read while the upload is in flight: every one must answer promptly.
  const reads: number[] = [];
  do {
    const started = Date.now();
    const read = await request.get("/api/v1/rollouts?limit=1", { headers: auth, timeout: 120_000 });
    expect(read.status()).toBe(200);
    reads.push(Date.now() - started);
  } while (!answered);
  expect(reads.length).toBeGreaterThan(0);
  expect(Math.max(...reads)).toBeLessThan(READ_BOUND_MS);

  const response = await upload;
  expect([413, 422]).toContain(response.status());
  const body = await response.json();
  expect(body.error).toContain("samples/1_epoch_1.json");
  expect(body.files).toEqual([expect.objectContaining({ file: "bomb.eval", problem: expect.objectContaining({ field: "samples/1_epoch_1.json" }) })]);
  expect(body.files[0].problem.reason).toMatch(/allowed per entry/);

  const experiments = await (await request.get("/api/v1/experiments", { headers: auth })).json();
  expect(experiments.experiments.map((e: { name: string }) => e.name)).not.toContain("e2e-zip-bomb");
});

test("a real Inspect .eval still imports through the reading worker", async ({ request, server }) => {
  const bytes = fs.readFileSync(path.join(realTrajectoriesDir, "inspect-ai", "log_formats.eval"));
  const response = await request.post("/api/v1/imports", {
    headers: bearer(server.adminToken),
    multipart: { experiment: "e2e-eval-import", files: { name: "log_formats.eval", mimeType: "application/octet-stream", buffer: bytes } },
  });
  expect(response.status()).toBe(200);
  const report = await response.json();
  expect(report.files).toEqual([expect.objectContaining({ file: "log_formats.eval", format: "inspect-eval", rollouts: 1 })]);
  expect(report.totals).toMatchObject({ failed: 0, rollouts: 1 });
});

test("control characters in search text are a 400 naming q, and the page says so", async ({ request, page, server }) => {
  for (const q of ["Value%00Error", "red%1B%5B31m", "two%0Alines"]) {
    const response = await request.get(`/api/v1/rollouts?q=${q}`, { headers: bearer(server.adminToken) });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ field: "q", error: expect.stringMatching(/"q": must not contain control characters/) });
  }

  const visit = await page.goto("/trajectories?q=Value%00Error");
  expect(visit?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: "“q” must not contain control characters" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Trajectories" })).toBeVisible();
});
