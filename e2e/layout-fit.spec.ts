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
/** A new template id each time beforeAll runs (a failed test restarts the worker, and with it beforeAll). */
const TEMPLATE = `e2e-layout-quick-${Date.now().toString(36)}`;
const JOB_EXPERIMENT = "e2e-layout:exp";

/** Every page to check, by name; their paths are filled in beforeAll (ids of runs, rollouts, proposals are read from the pages). */
const PAGES = ["home", "experiments", "experiment overview", "experiment cost", "harness history", "matrix", "skills", "launch", "harness-r1", "patches", "run", "evaluation run", "step", "group", "rollout", "rollout compare", "task", "trajectories", "trajectories searched", "trajectory import", "proposals", "proposal", "engineer patch proposal", "harness diff", "compare experiments", "compare cost", "compare curves", "jobs", "job", "settings", "job templates", "audit", "connect", "api"] as const;
const paths = new Map<string, string>();

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
  // An evaluation run (its page lists pass@1 per cell it evaluated): the run of a stored evaluation.
  const records = (await (await request.get(`/api/v1/experiments/${enc(ha)}`, { headers: bearer(server.adminToken) })).json()).records;
  const evalRunId = (records.evalRuns as Array<{ runId: string | null }>).find((e) => e.runId)?.runId;
  expect(evalRunId, "the reference experiment has an evaluation run").toBeTruthy();
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

  paths.set("home", "/");
  paths.set("experiments", "/experiments");
  paths.set("experiment overview", `/experiments/${enc(ha)}`);
  paths.set("experiment cost", `/experiments/${enc(ha)}/cost`);
  paths.set("harness history", `/experiments/${enc(ha)}/harness`);
  paths.set("matrix", `/experiments/${enc(ha)}/compare`);
  paths.set("skills", `/experiments/${enc(ha)}/skills`);
  paths.set("launch", `/experiments/${enc(ha)}/launch`);
  paths.set("harness-r1", `/experiments/${enc(r1)}/harness-r1`);
  paths.set("patches", `/experiments/${enc(r1)}/patches`);
  paths.set("run", run);
  paths.set("evaluation run", `/runs/${enc(evalRunId!)}`);
  paths.set("step", step);
  paths.set("group", group);
  paths.set("rollout", rollout);
  paths.set("rollout compare", `/rollouts/compare?left=${enc(rolloutId)}&right=${enc(decodeURIComponent(other.split("/").pop()!))}`);
  paths.set("task", task);
  paths.set("trajectories", "/trajectories");
  paths.set("trajectories searched", "/trajectories?q=test");
  paths.set("trajectory import", "/trajectories/import");
  paths.set("proposals", "/proposals");
  paths.set("proposal", proposal);
  paths.set("engineer patch proposal", r1Proposal);
  paths.set("harness diff", diff);
  paths.set("compare experiments", `/compare?experiments=${enc(ha)},${enc(REFERENCE.grpo)}&preset=methods`);
  paths.set("compare cost", `/compare/cost?experiments=${enc(ha)},${enc(REFERENCE.grpo)}`);
  paths.set("compare curves", `/compare/curves?experiments=${enc(ha)},${enc(REFERENCE.grpo)}`);
  paths.set("jobs", "/jobs");
  paths.set("job", job);
  paths.set("settings", "/settings");
  paths.set("job templates", "/settings/job-templates");
  paths.set("audit", "/audit");
  paths.set("connect", "/connect");
  paths.set("api", "/api-docs");
});

/** The checks of one page: it answers, shows its heading, and fits once its client parts have settled. */
async function checkPage(page: Page, name: string, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Client parts (charts, the editor, the virtual list) settle after load: the page passes once it fits.
  await expect.poll(() => layoutProblems(page), { message: `${name} (${path})`, timeout: 15_000 }).toEqual([]);
}

// One test per size visits every page in one signed-in browser context (a test per page and size spent most
// of its time starting a context and signing in); a page that does not fit does not stop the others: every
// page's problems are collected and all are reported at the end, one message per page.
for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("every page fits: nothing wider than the window outside a scroller, no cell narrower than its shortest word", async ({ page }) => {
      test.setTimeout(PAGES.length * 30_000);
      const failures: string[] = [];
      for (const name of PAGES) {
        const path = paths.get(name)!;
        await test.step(`${name} (${path})`, async () => {
          try {
            await checkPage(page, name, path);
          } catch (error) {
            failures.push(`${name} (${path}): ${error instanceof Error ? error.message : String(error)}`);
          }
        });
      }
      expect(failures, `${failures.length} of ${PAGES.length} pages do not fit at ${viewport.width}×${viewport.height}:\n${failures.join("\n\n")}`).toEqual([]);
    });
  });
}
