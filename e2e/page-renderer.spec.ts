// The server renders pages in a process of its own (lib/server/page-renderer.mjs) so that the JSON API and the
// producers' batches never wait behind a page being rendered (issue 19). This spec starts its own production server,
// as `npm start` does, because it stops and kills that renderer: a researcher relies on the API answering while a page
// is still being rendered, on a search page finding turns posted a moment before (the renderer has the serving
// process's writer catch the index up), on pages still loading while the renderer restarts after a crash, and on no
// renderer outliving a server that was killed.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exampleEvents } from "../lib/events/examples";
import { freePort } from "../lib/server/free-port";
import { serverCommand } from "../lib/server/server-command";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";
import { PROJECT_ROOT } from "./state";

test.use({ storageState: SIGNED_OUT });

const READY = /page renderer ready \(pid (\d+), nice \d+\)/g;
let server: ChildProcess | null = null;
let dir = "";
let output = "";

/** Process ids of the renderers the server reported ready, in order. */
const rendererPids = () => [...output.matchAll(READY)].map((m) => Number(m[1]));
/** A thread's nice value: field 19 of its stat, counted after the parenthesised name. */
const niceOf = (pid: number, tid: number | string) => {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
};
/** The nice value of each thread of a process (a thread that ended meanwhile is left out). */
const threadNices = (pid: number) =>
  fs.readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return [niceOf(pid, tid)];
    } catch {
      return [];
    }
  });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.afterAll(() => {
  for (const pid of [server?.pid, ...rendererPids()]) {
    if (pid && alive(pid)) process.kill(pid, "SIGKILL");
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("pages come from the renderer: the API answers while one renders, searches see fresh turns, crashes are survived", async ({ page, request }) => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-renderer-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const token = `hl_e2e_${crypto.randomBytes(24).toString("hex")}`;
  server = spawn(process.execPath, serverCommand(PROJECT_ROOT, "127.0.0.1", port), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: "production", HARNESS_LAB_DB: path.join(dir, "store.db"), HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_JOBS: "1", HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await expect.poll(() => rendererPids().length, { timeout: 90_000, message: `no renderer; the server said:\n${output}` }).toBe(1);
  const [first] = rendererPids();

  // Every thread of the renderer runs a little below the server's priority (HARNESS_LAB_RENDERER_NICE, 2 by default),
  // so the JSON API is served first when both are busy.
  const serverNice = niceOf(server.pid!, server.pid!);
  expect(new Set(threadNices(first))).toEqual(new Set([Math.max(serverNice, 2)]));

  // Signed in through the one-time link of the fresh store.
  const link = /http:\/\/\S+\/sign-in\/link\?token=\S+/.exec(output)![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();

  // A turn posted a moment ago is found by a search page the renderer draws.
  const word = `Renderprobe${crypto.randomBytes(4).toString("hex")}`;
  const events = JSON.parse(JSON.stringify(exampleEvents("rnd")).replaceAll("Let me look at the function.", `Let me look at ${word}.`));
  const posted = await request.post(`${base}/api/v1/events`, { headers: bearer(token), data: events });
  expect(posted.status(), await posted.text()).toBe(200);
  await page.goto(`${base}/trajectories?q=${word}`);
  const rows = page.getByRole("grid", { name: "Rollouts" }).locator("tbody").getByRole("row");
  await expect(rows.getByRole("rowheader", { name: "rnd-r-0-1" })).toBeVisible();

  // While the renderer is held mid-page, the page waits and the JSON API still answers.
  process.kill(first, "SIGSTOP");
  const held = page.goto(`${base}/experiments/rnd-exp`);
  try {
    const api = await request.get(`${base}/api/v1/rollouts?experiment=rnd-exp&limit=50`, { headers: bearer(token), timeout: 10_000 });
    expect(api.status()).toBe(200);
    expect(((await api.json()) as { rollouts: unknown[] }).rollouts.length).toBeGreaterThan(0);
  } finally {
    process.kill(first, "SIGCONT");
  }
  await held;
  await expect(page.getByRole("heading", { level: 1, name: "Example rnd: every event type once" })).toBeVisible();

  // A crashed renderer: pages keep loading (the serving process draws them) and a new renderer takes over.
  process.kill(first, "SIGKILL");
  await page.goto(`${base}/experiments/rnd-exp/cost`);
  await expect(page.getByRole("heading", { level: 1, name: "Cost" })).toBeVisible();
  await expect.poll(() => rendererPids().length, { timeout: 60_000, message: `no new renderer; the server said:\n${output}` }).toBe(2);
  const second = rendererPids()[1];
  expect(second).not.toBe(first);
  await page.goto(`${base}/trajectories?q=${word}`);
  await expect(rows.getByRole("rowheader", { name: "rnd-r-0-1" })).toBeVisible();

  // The server killed outright cannot stop its renderer; the renderer notices and leaves.
  server.kill("SIGKILL");
  await expect.poll(() => alive(second), { timeout: 20_000 }).toBe(false);
});
