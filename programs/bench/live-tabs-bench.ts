// Issue 40, item 1: what live pages cost the server. One producer posts a training run as the Python client
// sends it (a batch every 0.5 s: a GRPO group of 4 rollouts of 6 turns, a metric point every other batch);
// then ten headless-Chromium tabs watch that run's page live (components/live: a question every 1.5 s, a server
// re-render when the run changed). The server's CPU (its whole process tree, /proc) is read over each phase:
// the producer alone, producer + ten tabs, and the ten tabs with the producer stopped but the run still
// running. Target: the ten tabs cost the server less than the producer's batches (ratio < 1).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { openStore, projectHome } from "../../db/client";
import { createSession } from "../../lib/services/auth/sessions";
import { createUser } from "../../lib/services/auth/users";
import { startProductionServer, treeCpuTicks, waitForQuietServer } from "./server-process";
import { CHROMIUM_ARGS, sessionStorageState } from "./viewer-bench";
import { postEvents, benchAgent } from "./post-events";

const EXP = "bench-live";
const RUN = "bench-live.seed1";
const TABS = 10;
const BATCH_MS = 500;
/** /proc's clock ticks: USER_HZ is 100 on Linux. */
const TICK_MS = 10;

const progress = (text: string) => process.stderr.write(`bench: live-tabs: ${text}\n`);
const round1 = (x: number) => Math.round(x * 10) / 10;

function batch(step: number, part: number): Buffer {
  const turns = Array.from({ length: 6 }, (_, t) => ({ role: t % 2 ? "assistant" : "user", content: `step ${step} turn ${t}: ${"the patch changes utils.py and reruns the failing test; ".repeat(6)}` }));
  const events: unknown[] = Array.from({ length: 4 }, (_, i) => ({
    type: "rollout", id: `${RUN}.s${step}.p${part}.${i}`, experiment: EXP, run: RUN, task: `task-${(step * 2 + part) % 16}`, purpose: "train",
    step, group: `g${step}.${part}`, sample_index: i, success: i % 2 === 0, reward: i % 2 === 0 ? 1 : 0, turns,
  }));
  if (part === 0) events.push({ type: "metrics", run: RUN, step, values: { "critic/score/mean": 0.2 + step / 1000, "actor/entropy": 1 - step / 2000 } });
  return Buffer.from(JSON.stringify(events));
}

/** The producer: a batch every BATCH_MS until stopped; returns how many it posted. */
function startProducer(url: string, token: string, firstStep: number) {
  let running = true;
  let posted = 0;
  const done = (async () => {
    for (let n = 0; running; n++) {
      const started = performance.now();
      await postEvents(url, token, batch(firstStep + Math.floor(n / 2), n % 2));
      posted++;
      await new Promise((r) => setTimeout(r, Math.max(0, BATCH_MS - (performance.now() - started))));
    }
  })();
  return {
    posted: () => posted,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Server CPU (ms) over `seconds` of whatever runs meanwhile, with the tabs' requests counted. */
async function phase(pid: number, seconds: number, requests: { count: number }) {
  const before = treeCpuTicks(pid);
  const asked = requests.count;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const wall = (performance.now() - started) / 1000;
  return { cpuMsPerS: ((treeCpuTicks(pid) - before) * TICK_MS) / wall, requestsPerS: (requests.count - asked) / wall };
}

export async function runLiveTabsBench(opts: { quick: boolean }): Promise<Record<string, unknown>> {
  const seconds = opts.quick ? 10 : 30;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hl-live-bench-"));
  const dbFile = path.join(work, "live.db");
  const store = openStore(dbFile);
  let cookie: string;
  try {
    const user = await createUser(store, { username: "bench-live", role: "viewer" });
    if (!user.ok) throw new Error(`live-tabs bench: could not create the bench user (${user.error})`);
    cookie = createSession(store, user.user.id).value;
  } finally {
    store.sqlite.close();
  }
  const token = `hl_bench_${Math.random().toString(36).slice(2)}`;
  const server = await startProductionServer(projectHome(), { HARNESS_LAB_DB: dbFile, HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1" });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    await postEvents(server.url, token, Buffer.from(JSON.stringify([
      { type: "experiment", id: EXP, name: "Bench: live tabs", method: "grpo" },
      { type: "run", id: RUN, experiment: EXP, kind: "train", status: "running", name: "seed1" },
      // Declared once, as the Python client does on a task's first rollout.
      ...Array.from({ length: 16 }, (_, t) => ({ type: "task", id: `task-${t}`, key: `bench-live-task-${t}`, benchmark: "bench" })),
    ])));
    // Some history first (20 steps), so the page has curves and a steps table to redraw.
    for (let step = 0; step < 20; step++) for (const part of [0, 1]) await postEvents(server.url, token, batch(step, part));
    await waitForQuietServer(server.pid);

    progress(`the producer alone, ${seconds} s`);
    let producer = startProducer(server.url, token, 20);
    const idleRequests = { count: 0 };
    const alone = await phase(server.pid, seconds, idleRequests);
    const alonePosted = producer.posted();
    await producer.stop();

    progress(`${TABS} tabs on the run page`);
    const context = await browser.newContext({ baseURL: server.url, storageState: sessionStorageState(server.url, cookie), viewport: { width: 1280, height: 900 } });
    const requests = { count: 0, live: 0, pages: 0, other: 0 };
    const pages: Page[] = [];
    const byPath = new Map<string, number>();
    for (let i = 0; i < TABS; i++) {
      const page = await context.newPage();
      page.on("request", (r) => {
        requests.count++;
        const url = r.url();
        if (url.includes("/live")) requests.live++;
        else if (url.includes("/runs/")) requests.pages++;
        else requests.other++;
        const key = new URL(url).pathname;
        byPath.set(key, (byPath.get(key) ?? 0) + 1);
      });
      await page.goto(`/runs/${encodeURIComponent(RUN)}`);
      await page.getByRole("button", { name: "Pause live updates" }).waitFor();
      pages.push(page);
    }
    await waitForQuietServer(server.pid, { maxMs: 10_000 });

    progress(`the producer and ${TABS} live tabs, ${seconds} s`);
    const counted = { live: requests.live, pages: requests.pages, other: requests.other };
    producer = startProducer(server.url, token, 100_000);
    const both = await phase(server.pid, seconds, requests);
    const bothPosted = producer.posted();
    await producer.stop();
    const during = { live: requests.live - counted.live, pages: requests.pages - counted.pages, other: requests.other - counted.other };

    progress(`${TABS} live tabs, the producer stopped (the run still running), ${seconds} s`);
    await waitForQuietServer(server.pid, { maxMs: 10_000 });
    const quiet = await phase(server.pid, seconds, requests);
    const shown = await pages[0].getByLabel("Training rates of the run").textContent();

    // Ten tabs in one browser window: one shown, nine behind it (document.visibilityState "hidden", as the
    // browser reports a background tab; headless Chromium shows every page).
    progress(`the producer and ${TABS} live tabs of which one is visible, ${seconds} s`);
    for (const page of pages.slice(1)) {
      // A string: tsx's helpers (__name) do not exist in the page.
      await page.evaluate(`Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
        Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
        document.dispatchEvent(new Event("visibilitychange"));`);
    }
    const countedWindow = { live: requests.live, pages: requests.pages };
    producer = startProducer(server.url, token, 200_000);
    const oneWindow = await phase(server.pid, seconds, requests);
    const windowPosted = producer.posted();
    await producer.stop();

    const tabs = Math.max(0, both.cpuMsPerS - alone.cpuMsPerS);
    return {
      live_tabs: TABS,
      live_tabs_poll_ms: 1500,
      live_tabs_producer_batches_per_s: round1(alonePosted / seconds),
      live_tabs_producer_cpu_ms_per_s: round1(alone.cpuMsPerS),
      live_tabs_with_producer_cpu_ms_per_s: round1(both.cpuMsPerS),
      // What the ten tabs add to the server while the run changes twice a second.
      live_tabs_10_tabs_cpu_ms_per_s: round1(tabs),
      // Every tab visible (ten windows side by side): the worst case.
      live_tabs_vs_producer_ratio: Math.round((tabs / alone.cpuMsPerS) * 100) / 100,
      // One browser window: one tab shown, nine behind it.
      live_tabs_one_visible_cpu_ms_per_s: round1(Math.max(0, oneWindow.cpuMsPerS - alone.cpuMsPerS)),
      live_tabs_one_visible_vs_producer_ratio: Math.round((Math.max(0, oneWindow.cpuMsPerS - alone.cpuMsPerS) / alone.cpuMsPerS) * 100) / 100,
      live_tabs_one_visible_questions_per_s: round1((requests.live - countedWindow.live) / seconds),
      live_tabs_one_visible_refreshes_per_s: round1((requests.pages - countedWindow.pages) / seconds),
      live_tabs_one_visible_batches_per_s: round1(windowPosted / seconds),
      live_tabs_target: "< 1 (ten live tabs cost the server less than one producer's batches)",
      live_tabs_target_met: tabs < alone.cpuMsPerS,
      live_tabs_batches_during_tabs_per_s: round1(bothPosted / seconds),
      live_tabs_questions_per_tab_per_s: round1(during.live / seconds / TABS),
      live_tabs_refreshes_per_tab_per_s: round1(during.pages / seconds / TABS),
      live_tabs_other_requests_per_tab_per_s: round1(during.other / seconds / TABS),
      // Nothing changes: each tab's question is answered from memory.
      live_tabs_quiet_10_tabs_cpu_ms_per_s: round1(quiet.cpuMsPerS),
      live_tabs_quiet_requests_per_s: round1(quiet.requestsPerS),
      live_tabs_page_followed: shown ?? "",
      live_tabs_requests_by_path: Object.fromEntries(byPath),
    };
  } finally {
    await browser.close();
    benchAgent.destroy();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
