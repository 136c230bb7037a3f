// End-to-end tests against the production build (`npm run test:e2e` runs `next build` first).
// e2e/global-setup.ts starts the production server (lib/services/server/serve-http.mjs) on a free port with a fresh
// database; the "sign-in" project uses the server's one-time link once and saves the admin session that every
// other spec reuses.
import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { ADMIN_STORAGE_STATE } from "./e2e/state";

// Debian's chromium-headless-shell: the same Chromium (engine and version) without the full browser around it, which
// is what Playwright itself runs for headless tests. Eight specs (55 tests) took 66 s and 97 core-s with it against
// 89 s and 150 core-s with the full browser's headless mode (two runs each, the same figures both times). Where only
// the full browser is installed, the tests run in it.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  // One server, one SQLite writer, a 2-core machine: run serially.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // A hung run must fail well inside the CI budget rather than hang it (the suite itself takes about 20 min).
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // baseURL comes from the server global setup started (see e2e/fixtures.ts).
    browserName: "chromium",
    headless: true,
    // The pages' only animations are endless pulses (a running badge, "Live"), which keep a software-rendering
    // headless Chromium repainting while a page is open; four specs took 165 s with them off, 176 s on (one sample each).
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    // Recording a trace (DOM snapshots at every action, a screencast) costs every test, passed or not: four specs took
    // 110 and 124 s with it, 94 and 109 s without (≈ 13 %). CI keeps only its log, so it records none; locally a
    // failed test keeps its trace (or pass --trace on).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: "sign-in", testMatch: /sign-in\.setup\.ts$/ },
    { name: "chromium", testMatch: /\.spec\.ts$/, dependencies: ["sign-in"], use: { storageState: ADMIN_STORAGE_STATE } },
  ],
});
