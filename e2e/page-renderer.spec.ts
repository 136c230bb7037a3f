// The server renders pages in a process of its own (lib/services/server/page-renderer.mjs) so that the JSON API and the
// producers' batches never wait behind a page being rendered (issue 19). This spec starts its own production server,
// as `npm start` does, because it stops and kills that renderer: a researcher relies on the API answering while a page
// is still being rendered, on a search page finding turns posted a moment before (the renderer has the serving
// process's writer catch the index up), on pages still loading while the renderer restarts after a crash, and on no
// renderer outliving a server that was killed. Nobody may make the renderer write (it only reads): no request is
// read from the bytes of another (a GET with a body, a request line hidden in a header, issue 36 item 4), and the
// sign-in link, however its address is spelled, is used by the serving process only (issue 36 item 5).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exampleEvents } from "../lib/events/examples";
import { freePort } from "../lib/services/server/free-port";
import { serverCommand } from "../lib/services/server/server-command";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";
import { RawConnection, type RawAnswer } from "./raw-http";
import { PROJECT_ROOT } from "./state";

test.use({ storageState: SIGNED_OUT });

const READY = /page renderer ready \(pid (\d+), nice \d+\)/g;
let server: ChildProcess | null = null;
let dir = "";
let output = "";
let port = 0;
let base = "";
const adminToken = `hl_e2e_${crypto.randomBytes(24).toString("hex")}`;

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

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-renderer-"));
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, serverCommand(PROJECT_ROOT, "127.0.0.1", port), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: "production", HARNESS_LAB_DB: path.join(dir, "store.db"), HARNESS_LAB_ADMIN_TOKEN: adminToken, HARNESS_LAB_NO_JOBS: "1", HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await expect.poll(() => rendererPids().length, { timeout: 90_000, message: `no renderer; the server said:\n${output}` }).toBe(1);
});

test.afterAll(() => {
  for (const pid of [server?.pid, ...rendererPids()]) {
    if (pid && alive(pid)) process.kill(pid, "SIGKILL");
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh one-time sign-in token for "admin", made as a researcher makes one: `harness-lab sign-in-link`. */
function freshLinkToken(): string {
  const made = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "bin", "harness-lab.mjs"), "sign-in-link"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, HARNESS_LAB_DB: path.join(dir, "store.db") },
    encoding: "utf8",
  });
  const token = /\/sign-in\/link\?token=(hl_link_[A-Za-z0-9_-]+)/.exec(made.stdout)?.[1];
  if (!token) throw new Error(`harness-lab sign-in-link made no link: ${made.stdout}${made.stderr}`);
  return token;
}

/** A request as raw HTTP/1.1: the request line, `headers` in this order, the Host header last, then `body`. */
const rawRequest = (target: string, headers: string[] = [], body = "") =>
  [`GET ${target} HTTP/1.1`, ...headers, `host: 127.0.0.1:${port}`, "", body].join("\r\n");

/** Whether `token` still signs in, i.e. nothing used it up before (answered by the serving process, as always). */
async function stillSignsIn(token: string): Promise<boolean> {
  const connection = await RawConnection.open(port);
  try {
    const answer = await connection.send(rawRequest(`/sign-in/link?token=${token}`));
    expect(answer.status).toBe(303);
    return answer.headers.location === "/";
  } finally {
    connection.close();
  }
}

/** The sign-in page, as a stranger gets it. */
const expectSignInPage = (answer: RawAnswer) => {
  expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  expect(answer.body).toContain("Sign in to Harness Lab");
};

test("a GET with a body is answered as itself: the next request on its connection and another visitor's get their own pages", async () => {
  const connection = await RawConnection.open(port);
  try {
    expectSignInPage(await connection.send(rawRequest("/sign-in", ["content-length: 5"], "hello")));
    // Before, the renderer was told of a 5-byte body it never got, and took the first 5 bytes of the next request
    // on its connection from the serving process ("GET /") as that body: the rest was answered 400.
    expectSignInPage(await connection.send(rawRequest("/sign-in")));
  } finally {
    connection.close();
  }
  const visitor = await RawConnection.open(port);
  try {
    expectSignInPage(await visitor.send(rawRequest("/sign-in")));
  } finally {
    visitor.close();
  }
});

test("a request for * (as in OPTIONS *) is refused with a 400 naming why, not a 500", async () => {
  const connection = await RawConnection.open(port);
  try {
    const answer = await connection.send(`OPTIONS * HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("The request target * names no page.\n");
  } finally {
    connection.close();
  }
});

test("a request line hidden in a header is never run: the smuggling pair of requests gets two sign-in pages", async () => {
  const token = freshLinkToken();
  // Request A declares as its body exactly the bytes the renderer would see of B up to B's header value; B's header
  // value is a request line using the sign-in link. A renderer that read A's body from B's bytes ran that line.
  const swallowed = "GET /sign-in HTTP/1.1\r\nx-a: ";
  const connection = await RawConnection.open(port);
  try {
    expectSignInPage(await connection.send(rawRequest("/sign-in", [`content-length: ${swallowed.length}`], swallowed)));
    const b = await connection.send(rawRequest("/sign-in", [`x-a: GET /sign-in/link?token=${token} HTTP/1.1`]));
    expect(b.headers.location).toBeUndefined();
    expectSignInPage(b);
  } finally {
    connection.close();
  }
  expect(await stillSignsIn(token), "the link was used by the hidden request line").toBe(true);
  const visitor = await RawConnection.open(port);
  try {
    expectSignInPage(await visitor.send(rawRequest("/sign-in")));
  } finally {
    visitor.close();
  }
});

test("a sign-in link behind dot segments is used by the serving process, never by the renderer", async () => {
  // The renderer is held: whatever it was handed would never be answered. Each address below names /sign-in/link
  // once Next resolves it; each must be answered, and the link used, with the renderer stopped.
  const renderer = rendererPids().at(-1)!;
  process.kill(renderer, "SIGSTOP");
  try {
    for (const address of ["/./sign-in/link", "/%2e/sign-in/link", "/sign-in/x/../link", "/sign-in/%2E%2e/sign-in/link"]) {
      const connection = await RawConnection.open(port);
      try {
        const answer = await connection.send(rawRequest(`${address}?token=${freshLinkToken()}`), 10_000);
        expect(answer.status, address).toBe(303);
        expect(answer.headers.location, address).toBe("/");
        expect(answer.headers["set-cookie"], address).toMatch(/^harness_lab_session=/);
      } finally {
        connection.close();
      }
    }
  } finally {
    process.kill(renderer, "SIGCONT");
  }
});

test("the renderer itself refuses what is not a page: a writing GET or a body reaching it gets a 400, the link unused", async () => {
  // Reached directly on its socket (its address is in its environment), as bytes smuggled past the proxy would.
  const renderer = rendererPids().at(-1)!;
  const environment = fs.readFileSync(`/proc/${renderer}/environ`, "utf8").split("\0");
  const socketPath = environment.find((entry) => entry.startsWith("HARNESS_LAB_RENDER_SOCKET="))!.split("=")[1];
  const token = freshLinkToken();
  for (const request of [rawRequest(`/sign-in/link?token=${token}`), rawRequest("/sign-in", ["content-length: 5"], "hello")]) {
    const connection = await RawConnection.open(socketPath);
    try {
      const answer = await connection.send(request);
      expect(answer.status, request).toBe(400);
      expect(answer.body).toMatch(/^The page renderer answers only page requests: /);
    } finally {
      connection.close();
    }
  }
  expect(await stillSignsIn(token)).toBe(true);
});

test("pages come from the renderer: the API answers while one renders, searches see fresh turns, crashes are survived", async ({ page, request }) => {
  test.setTimeout(180_000);
  const serving = server!;
  const [first] = rendererPids();

  // Every thread of the renderer runs a little below the server's priority (HARNESS_LAB_RENDERER_NICE, 2 by default),
  // so the JSON API is served first when both are busy.
  const serverNice = niceOf(serving.pid!, serving.pid!);
  expect(new Set(threadNices(first))).toEqual(new Set([Math.max(serverNice, 2)]));

  // Signed in through the one-time link of the fresh store.
  const link = /http:\/\/\S+\/sign-in\/link\?token=\S+/.exec(output)![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();

  // A turn posted a moment ago is found by a search page the renderer draws.
  const word = `Renderprobe${crypto.randomBytes(4).toString("hex")}`;
  const events = JSON.parse(JSON.stringify(exampleEvents("rnd")).replaceAll("Let me look at the function.", `Let me look at ${word}.`));
  const posted = await request.post(`${base}/api/v1/events`, { headers: bearer(adminToken), data: events });
  expect(posted.status(), await posted.text()).toBe(200);
  await page.goto(`${base}/trajectories?q=${word}`);
  const rows = page.getByRole("grid", { name: "Rollouts" }).locator("tbody").getByRole("row");
  await expect(rows.getByRole("rowheader", { name: "rnd-r-0-1" })).toBeVisible();

  // While the renderer is held mid-page, the page waits and the JSON API still answers.
  process.kill(first, "SIGSTOP");
  const held = page.goto(`${base}/experiments/rnd-exp`);
  try {
    const api = await request.get(`${base}/api/v1/rollouts?experiment=rnd-exp&limit=50`, { headers: bearer(adminToken), timeout: 10_000 });
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
  serving.kill("SIGKILL");
  await expect.poll(() => alive(second), { timeout: 20_000 }).toBe(false);
});
