// First start as a newcomer sees it: `npm start`'s command on an empty store serves the dashboard and runs
// the reference experiment in the background; after the one-time link, its experiments appear — and their
// harness versions, the installation's own demo code, need no review before a launch.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect, SIGNED_OUT } from "./fixtures";
import { freePort } from "../lib/services/server/free-port";

test.use({ storageState: SIGNED_OUT });


let serve: ChildProcess | null = null;
let dir = "";
test.afterAll(() => {
  if (serve?.pid) {
    try {
      process.kill(-serve.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("an empty store gets the reference experiment, which appears in the list as it runs", async ({ page }) => {
  test.setTimeout(240_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-first-start-"));
  const port = await freePort();
  let output = "";
  serve = spawn(process.execPath, ["bin/harness-lab.mjs", "serve"], {
    env: { ...process.env, HARNESS_LAB_DB: path.join(dir, "store.db"), HOST: "127.0.0.1", PORT: String(port), HARNESS_LAB_DEMO_SIZE: "small", HARNESS_LAB_NO_DEMO: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  serve.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  serve.stderr!.on("data", (d: Buffer) => (output += d.toString()));

  await expect.poll(() => /sign-in\/link\?token=\S+/.exec(output)?.[0] ?? "", { timeout: 90_000, message: `no sign-in link; server said:\n${output}` }).not.toBe("");
  await expect.poll(() => output, { timeout: 60_000 }).toContain("running the reference experiment in the background");

  const link = /http:\/\/\S+\/sign-in\/link\?token=\S+/.exec(output)![0];
  await page.goto(link);
  // The link lands on the home page; the experiments list is one click away.
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  await page.goto(new URL("/experiments", link).href);
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  // No reload: the list refetches every 5 s while the experiment's events arrive.
  await expect(page.getByRole("link", { name: "Reference: HarnessAdapt-RL (seed 1, small)" })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("link", { name: "Reference: GRPO baseline (seed 1, small)" })).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => output, { timeout: 120_000, message: "the reference experiment did not finish" }).toContain("the reference experiment finished");

  await page.getByRole("link", { name: "Reference: HarnessAdapt-RL (seed 1, small)" }).click();
  const versions = page.getByRole("region", { name: "Harness versions" });
  // Each version by its label, with "(same files as …)" where the one naming adds it.
  for (const label of ["H0", "H1", "H2"]) await expect(versions.getByRole("rowheader", { name: new RegExp(`^${label}(?: \\(|$)`) })).toBeVisible();

  // Its versions came with the first start (the token `serve` minted for it), so none waits for review (issue 36):
  // no "unreviewed" badge in the harness history, and launching on H0 asks for no confirmation.
  const experimentPage = new URL(page.url()).pathname;
  await page.goto(new URL(`${experimentPage}/harness?expand=all`, link).href);
  await expect(page.getByRole("listitem", { name: "Harness version H0" }).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Harness versions" }).getByText("unreviewed", { exact: true })).toHaveCount(0);
  await page.goto(new URL(`${experimentPage}/launch?template=reference-evaluate`, link).href);
  await expect(page.getByRole("form", { name: "Launch a job" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Unreviewed harness version / })).toHaveCount(0);
});
