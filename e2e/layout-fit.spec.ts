// Issue 18 "layouts that fit": every page of the lab, at a laptop's 1440×900 and a phone's 390×844, has no
// element wider than the window outside a scroll container and no table cell narrower than its shortest word
// (e2e/layout-checks.ts measures both). The pages are those of the reference experiment (runs, steps, groups,
// rollouts, proposals, patches, matrix, Harness-R1, cost), the lists, a job, settings and the API page.
import type { Page } from "@playwright/test";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";
import { layoutProblems } from "./layout-checks";
import { ADMIN_STORAGE_STATE } from "./state";

const enc = encodeURIComponent;
const TEMPLATE = "e2e-layout-quick";
const JOB_EXPERIMENT = "e2e-layout:exp";

/** Every page to check, filled in beforeAll (the ids of runs, rollouts and proposals are read from the pages). */
const pages: { name: string; path: string }[] = [];

async function firstHref(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(path);
  const link = page.locator(selector).first();
  await expect(link, `a link ${selector} on ${path}`).toBeAttached();
  return (await link.getAttribute("href"))!;
}

/** The first of the links `selector` finds on `path` whose page has a link `inner` (a run that has steps). */
async function hrefWith(page: Page, path: string, selector: string, inner: string): Promise<string> {
  await page.goto(path);
  await expect(page.locator(selector).first()).toBeAttached();
  const hrefs = await page.locator(selector).evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!))]);
  for (const href of hrefs) {
    await page.goto(href);
    if ((await page.locator(inner).count()) > 0) return href;
  }
  throw new Error(`no link ${selector} on ${path} leads to a page with ${inner}`);
}

test.beforeAll(async ({ browser, server, request }) => {
  test.setTimeout(240_000);
  await ensureReferenceExperiment(server, REFERENCE);
  const res = await request.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [{ type: "experiment", id: JOB_EXPERIMENT, name: "Layout check jobs", method: "grpo" }],
  });
  expect(res.status(), await res.text()).toBe(200);

  const context = await browser.newContext({ baseURL: server.baseURL, storageState: ADMIN_STORAGE_STATE });
  const page = await context.newPage();
  const ha = REFERENCE.harnessAdapt;
  const r1 = REFERENCE.harnessR1;
  const run = await hrefWith(page, `/experiments/${enc(ha)}`, 'main a[href^="/runs/"]', 'main a[href*="/steps/"]');
  const step = await firstHref(page, run, 'main a[href*="/steps/"]');
  const group = await firstHref(page, step, 'main a[href*="/groups/"]');
  const rollout = await firstHref(page, group, 'main a[href^="/rollouts/"]:not([href^="/rollouts/compare"])');
  const task = await firstHref(page, rollout, 'main a[href^="/tasks/"]');
  const proposal = await firstHref(page, `/proposals?experiment=${enc(ha)}&status=all`, 'main a[href^="/proposals/"]');
  const diff = await firstHref(page, `/experiments/${enc(r1)}/patches`, 'main a[href^="/harness-versions/compare"]');
  const r1Proposal = await firstHref(page, `/experiments/${enc(r1)}/patches`, 'main a[href^="/proposals/"]');
  const rolloutId = decodeURIComponent(rollout.split("/").pop()!);
  const other = await firstHref(page, task, `main a[href^="/rollouts/"]:not([href="${rollout}"]):not([href^="/rollouts/compare"])`);

  // A job: a quick template (it prints a line and ends) launched on an experiment of its own.
  await page.goto("/settings/job-templates");
  const editor = page.getByRole("form", { name: "New template" });
  await editor.getByLabel("Template id").fill(TEMPLATE);
  await editor.getByLabel("Experiment id (empty: every experiment)").fill(JOB_EXPERIMENT);
  await editor.getByLabel("Specification (JSON)").fill(JSON.stringify({ name: "E2E layout quick job", kind: "custom", command: ["{node}", "-e", "console.log('done')"] }));
  await editor.getByRole("button", { name: "Save template" }).click();
  await expect(editor.getByRole("status")).toHaveText(`Template “${TEMPLATE}” saved.`);
  await page.goto(`/experiments/${enc(JOB_EXPERIMENT)}/launch?template=${TEMPLATE}`);
  await page.getByRole("form", { name: "Launch a job" }).getByRole("button", { name: "Launch" }).click();
  await expect(page).toHaveURL(/\/jobs\/[^/]+$/);
  const job = new URL(page.url()).pathname;
  await context.close();

  pages.push(
    { name: "home", path: "/" },
    { name: "experiments", path: "/experiments" },
    { name: "experiment overview", path: `/experiments/${enc(ha)}` },
    { name: "experiment cost", path: `/experiments/${enc(ha)}/cost` },
    { name: "harness history", path: `/experiments/${enc(ha)}/harness` },
    { name: "matrix", path: `/experiments/${enc(ha)}/compare` },
    { name: "skills", path: `/experiments/${enc(ha)}/skills` },
    { name: "launch", path: `/experiments/${enc(ha)}/launch` },
    { name: "harness-r1", path: `/experiments/${enc(r1)}/harness-r1` },
    { name: "patches", path: `/experiments/${enc(r1)}/patches` },
    { name: "run", path: run },
    { name: "step", path: step },
    { name: "group", path: group },
    { name: "rollout", path: rollout },
    { name: "rollout compare", path: `/rollouts/compare?left=${enc(rolloutId)}&right=${enc(decodeURIComponent(other.split("/").pop()!))}` },
    { name: "task", path: task },
    { name: "trajectories", path: "/trajectories" },
    { name: "trajectories searched", path: "/trajectories?q=test" },
    { name: "trajectory import", path: "/trajectories/import" },
    { name: "proposals", path: "/proposals" },
    { name: "proposal", path: proposal },
    { name: "engineer patch proposal", path: r1Proposal },
    { name: "harness diff", path: diff },
    { name: "compare experiments", path: `/compare?experiments=${enc(ha)},${enc(REFERENCE.grpo)}&preset=methods` },
    { name: "compare cost", path: `/compare/cost?experiments=${enc(ha)},${enc(REFERENCE.grpo)}` },
    { name: "compare curves", path: `/compare/curves?experiments=${enc(ha)},${enc(REFERENCE.grpo)}` },
    { name: "jobs", path: "/jobs" },
    { name: "job", path: job },
    { name: "settings", path: "/settings" },
    { name: "job templates", path: "/settings/job-templates" },
    { name: "audit", path: "/audit" },
    { name: "connect", path: "/connect" },
    { name: "api", path: "/api-docs" },
  );
});

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("every page fits: nothing wider than the window outside a scroller, no cell narrower than its shortest word", async ({ page }) => {
      test.setTimeout(300_000);
      expect(pages.length).toBeGreaterThan(30);
      const failures: string[] = [];
      for (const { name, path } of pages) {
        const response = await page.goto(path);
        expect(response?.status(), `${name} (${path})`).toBeLessThan(400);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        // Client parts (charts, the editor, the virtual list) settle after load: the page passes once it fits.
        let problems: string[] = [];
        try {
          await expect.poll(async () => (problems = await layoutProblems(page)), { timeout: 15_000 }).toEqual([]);
        } catch {
          failures.push(`${name} (${path}):\n    ${problems.slice(0, 6).join("\n    ")}${problems.length > 6 ? `\n    … and ${problems.length - 6} more` : ""}`);
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  });
}
