// Figures of the trajectory viewer (issue 4): in headless Chromium, the time from navigation start until
// the first turns are visible and until the viewer is interactive, the time a scroll takes to bring
// the last turn into view, and the number of DOM elements (which must stay bounded whatever the
// trajectory's length). The caller runs the server and has imported the rollout; this only measures.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "@playwright/test";
import { median } from "./percentile";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export interface MeasureViewerOptions {
  baseURL: string;
  rolloutId: string;
  /** A signed-in browser state: a Playwright storage-state file or object (see signInStorageState). */
  storageState: BrowserContextOptions["storageState"];
  /** Measured page loads after one warm-up load; each in a fresh browser context (cold HTTP cache). */
  runs?: number;
  executablePath?: string;
}

export interface ViewerSample {
  firstTurnsVisibleMs: number;
  interactiveMs: number;
  scrollToLastTurnMs: number;
  domElements: number;
  listElements: number;
  domElementsAfterScroll: number;
  listElementsAfterScroll: number;
}

export interface ViewerFigures extends ViewerSample {
  rolloutId: string;
  runs: number;
  samples: ViewerSample[];
}


// Runs in the page before any of its scripts: notes when the first turn is in the document and painted.
const FIRST_TURN_PROBE = `(() => {
  const seen = () => {
    if (!document.querySelector("article[data-turn]")) return false;
    requestAnimationFrame(() => { window.__hlFirstTurnAt = performance.now(); });
    return true;
  };
  if (!seen()) new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); }).observe(document, { childList: true, subtree: true });
})();`;

// Page-side code is passed as text: the bench runs under tsx, whose helpers (__name) do not exist in
// the page, so a serialized TypeScript function would fail there.
const LOADED_FIGURES = `({
  firstTurnsVisibleMs: window.__hlFirstTurnAt,
  interactiveMs: performance.getEntriesByName("harness-lab:viewer-ready")[0]?.startTime ?? NaN,
  domElements: document.getElementsByTagName("*").length,
  listElements: document.querySelector('[aria-label="Turn list"]')?.getElementsByTagName("*").length ?? 0,
})`;

// Scrolls the page to its end frame by frame (rows are measured as they appear, so the end moves)
// until the last turn is rendered inside the window; resolves with the milliseconds that took.
const SCROLL_TO_LAST_TURN = `new Promise((resolve, reject) => {
  const last = document.querySelector("[data-last-turn]")?.getAttribute("data-last-turn");
  if (last === null || last === undefined) return reject(new Error("no turn list on the page"));
  const start = performance.now();
  const tick = () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const box = document.getElementById("turn-" + last)?.getBoundingClientRect();
    if (box && box.top < window.innerHeight && box.bottom > 0) resolve(performance.now() - start);
    else if (performance.now() - start > 30000) reject(new Error("the last turn never came into view"));
    else requestAnimationFrame(tick);
  };
  tick();
})`;

const AFTER_SCROLL_FIGURES = `({
  domElementsAfterScroll: document.getElementsByTagName("*").length,
  listElementsAfterScroll: document.querySelector('[aria-label="Turn list"]')?.getElementsByTagName("*").length ?? 0,
})`;

async function sample(browser: Browser, options: MeasureViewerOptions): Promise<ViewerSample> {
  // bypassCSP: waitForFunction compiles its predicate with new Function, which the page's CSP forbids.
  const context = await browser.newContext({ bypassCSP: true, baseURL: options.baseURL, storageState: options.storageState, viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: FIRST_TURN_PROBE });
    const page = await context.newPage();
    const response = await page.goto(`/rollouts/${encodeURIComponent(options.rolloutId)}`, { waitUntil: "commit" });
    if (!response || response.status() !== 200) throw new Error(`the viewer answered ${response?.status()} for rollout "${options.rolloutId}"`);
    if (new URL(page.url()).pathname.startsWith("/sign-in")) throw new Error("the storage state is not signed in");
    await page.waitForSelector("[data-viewer-ready=true]", { timeout: 60_000 });
    await page.waitForFunction("window.__hlFirstTurnAt !== undefined");
    const loaded = (await page.evaluate(LOADED_FIGURES)) as Omit<ViewerSample, "scrollToLastTurnMs" | "domElementsAfterScroll" | "listElementsAfterScroll">;
    const scrollToLastTurnMs = (await page.evaluate(SCROLL_TO_LAST_TURN)) as number;
    const after = (await page.evaluate(AFTER_SCROLL_FIGURES)) as Pick<ViewerSample, "domElementsAfterScroll" | "listElementsAfterScroll">;
    return { ...loaded, scrollToLastTurnMs, ...after };
  } finally {
    await context.close();
  }
}

export async function measureViewer(options: MeasureViewerOptions): Promise<ViewerFigures> {
  const runs = options.runs ?? 3;
  const browser = await chromium.launch({ executablePath: options.executablePath ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    await sample(browser, options); // warm-up: the server's first render of a route compiles and caches
    const samples: ViewerSample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await sample(browser, options));
    const pick = (key: keyof ViewerSample) => Math.round(median(samples.map((s) => s[key])) * 10) / 10;
    return {
      rolloutId: options.rolloutId,
      runs,
      firstTurnsVisibleMs: pick("firstTurnsVisibleMs"),
      interactiveMs: pick("interactiveMs"),
      scrollToLastTurnMs: pick("scrollToLastTurnMs"),
      domElements: Math.max(...samples.map((s) => s.domElements)),
      listElements: Math.max(...samples.map((s) => s.listElements)),
      domElementsAfterScroll: Math.max(...samples.map((s) => s.domElementsAfterScroll)),
      listElementsAfterScroll: Math.max(...samples.map((s) => s.listElementsAfterScroll)),
      samples,
    };
  } finally {
    await browser.close();
  }
}

/**
 * A signed-in storage state from a one-time sign-in link (printed by the server on first start, or
 * made with createSignInLink + signInLinkUrl in lib/services/auth/users on the server's store).
 */
export async function signInStorageState(link: string, executablePath = "/usr/bin/chromium"): Promise<StorageState> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    if (new URL(page.url()).pathname.startsWith("/sign-in")) throw new Error(`the sign-in link was refused (${page.url()})`);
    return await context.storageState();
  } finally {
    await browser.close();
  }
}

/** A storage state holding a session cookie value made with createSession (lib/services/auth/sessions) on the server's store. */
export function sessionStorageState(baseURL: string, sessionCookieValue: string): StorageState {
  const { hostname } = new URL(baseURL);
  return {
    cookies: [{ name: "harness_lab_session", value: sessionCookieValue, domain: hostname, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }],
    origins: [],
  };
}
