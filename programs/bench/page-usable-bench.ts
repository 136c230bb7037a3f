// Time to usable content of the main pages (issue 18): the reference experiment (seed 2, small: its rule
// accepts a proposal in each epoch, so there are promotions and diffs) written into a fresh store, served by the
// production server, and each page opened in headless Chromium (fresh context, cold HTTP cache; one warm-up load,
// then the median of 5). "Usable" is the page's main content on screen — the home page's sections, the overview's
// training-curve lines drawn in their SVG, the trajectories table's rows, the proposal's diff lines, the matrix's
// rows — measured from navigation start (the first frame it is on screen, seen by a script the bench puts in the page). A static page (the not-found page: no data, no client work) is measured
// in the same run, so each figure is also given as a ratio to it on this shared, noisy machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { openStore } from "../../db/client";
import { createSession } from "../../lib/services/auth/sessions";
import { createUser } from "../../lib/services/auth/users";
import { storeSink } from "../reference-experiment/run/event-sink";
import { runReferenceExperiment } from "../reference-experiment/run/reference-experiment";
import { experimentComparePath, experimentPath, proposalPath } from "../../lib/http/page-links";
import { startProductionServer } from "./server-process";
import { median } from "./percentile";
import { CHROMIUM_ARGS, sessionStorageState } from "./viewer-bench";

export interface UsablePage {
  name: string;
  path: string;
  /** A CSS selector that matches once the page's main content is on screen. */
  usable: string;
  target_ms: number;
}

const SEED = 2;
const EXPERIMENT = `ref-s${SEED}-small-harnessadapt-rl`;

const progress = (text: string) => process.stderr.write(`bench: pages: ${text}\n`);

/** The pages and what "usable" means on each; `proposal` is an accepted proposal of the experiment. */
export function usablePages(proposal: string): UsablePage[] {
  return [
    { name: "home", path: "/", usable: '[aria-labelledby="home-experiments-heading"] li a', target_ms: 1000 },
    // The training-curve lines in an SVG: the server draws them (components/charts/first-paint-plot.tsx, the data's
    // own points on the chart's scales) until recharts, which renders nothing on the server, has drawn its own.
    { name: "overview", path: experimentPath(EXPERIMENT), usable: "[data-curve-chart] svg :is(path.recharts-line-curve, path[data-first-paint-line])", target_ms: 1000 },
    { name: "trajectories", path: `/trajectories?experiment=${encodeURIComponent(EXPERIMENT)}`, usable: 'table[aria-label="Rollouts"] tbody tr:not([aria-hidden]) td', target_ms: 1000 },
    // Monaco's lines in a frame that says its editor is up: a changed file is a diff editor, an added file (as in
    // seed 2's first proposal) one editor with every line added, so the selector names neither kind.
    { name: "proposal_diff", path: proposalPath(proposal), usable: '[data-editor-ready="true"] .monaco-editor .view-lines .view-line', target_ms: 1500 },
    // The same diff as the page's first render draws it (plain text rows) before Monaco is up: when a reader can read it.
    { name: "proposal_diff_text", path: proposalPath(proposal), usable: 'div[role="group"] pre :is(ins, del)', target_ms: 1000 },
    { name: "matrix", path: experimentComparePath(EXPERIMENT), usable: "main table tbody tr td", target_ms: 1000 },
  ];
}

/** Not found: the same layout and header, no data read and no client component of its own. */
export const STATIC_PAGE: UsablePage = { name: "static", path: "/bench-no-such-page", usable: "main h1, h1", target_ms: 0 };

export async function fillStore(dbFile: string): Promise<{ cookie: string; proposal: string }> {
  const store = openStore(dbFile);
  try {
    await runReferenceExperiment({ seed: SEED, size: "small", sink: storeSink(store), review: "rule", log: () => {} });
    const proposal = store.sqlite
      .prepare("SELECT id FROM proposals WHERE experiment_id = ? AND status = 'accepted' ORDER BY created_at LIMIT 1")
      .pluck()
      .get(EXPERIMENT) as string | undefined;
    if (!proposal) throw new Error(`pages bench: seed ${SEED} accepted no proposal in ${EXPERIMENT}`);
    const user = await createUser(store, { username: "bench-pages", role: "viewer" });
    if (!user.ok) throw new Error(`pages bench: could not create the bench user (${user.error})`);
    return { cookie: createSession(store, user.user.id).value, proposal };
  } finally {
    store.sqlite.close();
  }
}

/**
 * Run in the page before any of its own scripts (an init script): on every animation frame from the document's
 * start, look for an element matching `selector` with a box and not hidden (Playwright's "visible"), and keep the
 * page's clock (ms since its navigation start) of the first frame that has one in `window.__usableAt`; that frame
 * is then painted. A string, not a function, so the bench's TypeScript transform cannot add helpers the page lacks.
 */
function usableClockScript(selector: string): string {
  return `(() => {
    const visible = () => {
      for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden") return true;
      }
      return false;
    };
    const frame = () => {
      if (visible()) window.__usableAt = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`;
}

/**
 * Milliseconds from navigation start until `page.usable` matches a visible element, read by the page itself on
 * the frame it first matches. Two earlier ways read late: timing Playwright's own waitFor (it re-checks after 0,
 * 20, 50, 100, 100 ms and then every 500 ms: up to half a second more), and Playwright's waitForFunction polling
 * on animation frames, which only starts once Playwright has been able to evaluate its script in the page: while
 * the page's own scripts run (hydration), the first check came 200–500 ms after the content was on screen (the
 * static page's heading, painted at ~350 ms, was read at ~700 ms). The init script checks from the first frame.
 */
export async function timeToUsable(browser: Browser, baseURL: string, storageState: ReturnType<typeof sessionStorageState>, page: UsablePage): Promise<number> {
  // bypassCSP: the page's CSP would refuse the evaluated expression that reads the clock back.
  const context = await browser.newContext({ bypassCSP: true, baseURL, storageState, viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(usableClockScript(page.usable));
    const tab = await context.newPage();
    const response = await tab.goto(page.path, { waitUntil: "commit" });
    if (!response) throw new Error(`pages bench: no answer for ${page.path}`);
    if (new URL(tab.url()).pathname.startsWith("/sign-in")) throw new Error("pages bench: the session is not signed in");
    // How often this polls does not matter: the page kept the time of the frame itself.
    const usableAt = await tab.waitForFunction("window.__usableAt ?? false", undefined, { polling: 100, timeout: 60_000 });
    return Math.round((await usableAt.jsonValue()) as number);
  } finally {
    await context.close();
  }
}

export async function runPageUsableBench(options: { home: string; runs?: number }): Promise<Record<string, unknown>> {
  const runs = options.runs ?? 5;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hl-pages-bench-"));
  try {
    const dbFile = path.join(work, "pages.db");
    progress(`the reference experiment (seed ${SEED}, small) into a fresh store…`);
    const { cookie, proposal } = await fillStore(dbFile);
    const server = await startProductionServer(options.home, { HARNESS_LAB_DB: dbFile });
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    try {
      const storageState = sessionStorageState(server.url, cookie);
      const pages = [STATIC_PAGE, ...usablePages(proposal)];
      const figures: Record<string, number> = {};
      for (const page of pages) {
        await timeToUsable(browser, server.url, storageState, page); // warm-up: the server's first render of a route
        const samples: number[] = [];
        for (let i = 0; i < runs; i++) samples.push(await timeToUsable(browser, server.url, storageState, page));
        figures[page.name] = median(samples);
        progress(`${page.name}: ${figures[page.name]} ms (${samples.join(", ")})`);
      }
      const result: Record<string, unknown> = { pages_usable_runs: runs, pages_usable_static_ms: figures.static };
      for (const page of usablePages(proposal)) {
        result[`pages_usable_${page.name}_ms`] = figures[page.name];
        result[`pages_usable_${page.name}_vs_static_ratio`] = Math.round((figures[page.name] / Math.max(1, figures.static)) * 100) / 100;
      }
      return result;
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
