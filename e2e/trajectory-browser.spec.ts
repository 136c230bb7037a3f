// The trajectory browser against the production server: rollouts posted as events, filtered by outcome
// (the chips) and by where a hook fired, searched, sorted by reward, the URL reproducing the view, and
// the keyboard moving through rows and opening the viewer.
import { test, expect, bearer, keysReady } from "./fixtures";
import type { Page } from "@playwright/test";

const EXP = "tbx:exp 1";
const BROWSER = `/trajectories?experiment=${encodeURIComponent(EXP)}`;

type Hook = "pre_action" | "post_feedback";
// id, reward, success, hook position (if any), an observation word
const ROLLOUTS: [string, number | null, boolean, Hook | null][] = [
  ["tbx-r-01", 1, true, "pre_action"],
  ["tbx-r-02", 0, false, "pre_action"],
  ["tbx-r-03", null, false, null],
  ["tbx-r-04", 0.5, false, "post_feedback"],
  ["tbx-r-05", 0, false, "pre_action"],
  ["tbx-r-06", 1, true, null],
  ["tbx-r-07", -1, false, "post_feedback"],
  ["tbx-r-08", null, false, "pre_action"],
  ["tbx-r-09", 0, false, null],
];

function events() {
  return [
    { type: "experiment", id: EXP, name: "Browser spec experiment", method: "grpo" },
    { type: "run", id: "tbx-run", experiment: EXP, kind: "train", status: "finished" },
    { type: "task", id: "tbx:astropy/astropy 1", key: "astropy__astropy-1", benchmark: "tbx-bench" },
    ...ROLLOUTS.map(([id, reward, success, hook], i) => ({
      type: "rollout", id, experiment: EXP, run: "tbx-run", task: "tbx:astropy/astropy 1", purpose: "train", step: i,
      reward, success, truncated: false,
      turns: [
        { role: "assistant", content: "look at the failing test" },
        {
          role: "tool", content: "run tests",
          observation: id === "tbx-r-07" ? "ImportError: quetzalcoatl is <b>not</b> installed" : "1 failed",
          hooks: hook ? [{ position: hook, hook: "spec_hook", message: "hook ran" }] : [],
        },
      ],
    })),
  ];
}

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

const grid = (page: Page) => page.getByRole("grid", { name: "Rollouts" });
/** The rollout ids of the rows, in order (the first cell of each body row is its link). */
async function rowIds(page: Page): Promise<string[]> {
  await expect(page.getByText(/shown, all that match/)).toBeVisible();
  return grid(page).locator("tbody").getByRole("row").getByRole("rowheader").allInnerTexts();
}
const chip = (page: Page, name: string) => page.getByRole("navigation", { name: "Counts by outcome" }).getByRole("link", { name: new RegExp(`^${name} `) });

test("the outcome chips count and filter, and follow a hook-position filter", async ({ page }) => {
  await page.goto(BROWSER);
  await expect(chip(page, "all")).toHaveText("all 9");
  await expect(chip(page, "success")).toHaveText("success 2");
  await expect(chip(page, "failure")).toHaveText("failure 5");
  await expect(chip(page, "unknown")).toHaveText("unknown 2");

  await chip(page, "failure").click();
  await expect(page).toHaveURL(/outcome=failure/);
  expect((await rowIds(page)).sort()).toEqual(["tbx-r-02", "tbx-r-04", "tbx-r-05", "tbx-r-07", "tbx-r-09"]);
  await expect(chip(page, "failure")).toHaveAttribute("aria-current", "true");

  await page.getByLabel("Hook fired at").selectOption("pre_action");
  await expect(page).toHaveURL(/hook=pre_action/);
  expect((await rowIds(page)).sort()).toEqual(["tbx-r-02", "tbx-r-05"]);
  // The counts follow every filter but the outcome itself.
  await expect(chip(page, "success")).toHaveText("success 1");
  await expect(chip(page, "failure")).toHaveText("failure 2");
  await expect(chip(page, "unknown")).toHaveText("unknown 1");
});

test("a word seen only in an observation is found, with the turn and the word marked", async ({ page }) => {
  await page.goto(BROWSER);
  await page.getByLabel("Search turns").fill("Quetzalcoatl");
  await page.getByLabel("Search turns").press("Enter");
  await expect(page).toHaveURL(/q=Quetzalcoatl/);
  expect(await rowIds(page)).toEqual(["tbx-r-07"]);
  const row = grid(page).locator("tbody").getByRole("row");
  await expect(row.getByRole("link", { name: "turn 1" })).toHaveAttribute("href", "/rollouts/tbx-r-07#turn-1");
  await expect(row.locator("mark")).toHaveText("quetzalcoatl");
  // Markup in model output stays text.
  await expect(row.getByText("ImportError: quetzalcoatl is <b>not</b> installed")).toBeVisible();
});

test("sorting by reward puts unknown rewards last in both directions, and the URL reproduces the view", async ({ page, context }) => {
  await page.goto(BROWSER);
  const reward = grid(page).getByRole("columnheader", { name: /Reward/ });
  await expect(reward).toHaveAttribute("aria-sort", "none");
  await reward.getByRole("link").click();
  await expect(page).toHaveURL(/sort=reward&dir=desc/);
  await expect(reward).toHaveAttribute("aria-sort", "descending");
  expect(await rowIds(page)).toEqual(["tbx-r-06", "tbx-r-01", "tbx-r-04", "tbx-r-09", "tbx-r-05", "tbx-r-02", "tbx-r-07", "tbx-r-08", "tbx-r-03"]);

  await reward.getByRole("link").click();
  await expect(page).toHaveURL(/sort=reward&dir=asc/);
  await expect(reward).toHaveAttribute("aria-sort", "ascending");
  const ascending = await rowIds(page);
  expect(ascending).toEqual(["tbx-r-07", "tbx-r-02", "tbx-r-05", "tbx-r-09", "tbx-r-04", "tbx-r-01", "tbx-r-06", "tbx-r-03", "tbx-r-08"]);

  await page.getByLabel("Outcome", { exact: true }).selectOption("failure");
  await expect(page).toHaveURL(/outcome=failure/);
  const filtered = await rowIds(page);
  const copied = page.url();

  const again = await context.newPage();
  await again.goto(copied);
  expect(await rowIds(again)).toEqual(filtered);
  await expect(again.getByLabel("Outcome", { exact: true })).toHaveValue("failure");
  await expect(again.getByLabel("Experiment", { exact: true })).toHaveValue(EXP);
  await expect(grid(again).getByRole("columnheader", { name: /Reward/ })).toHaveAttribute("aria-sort", "ascending");
  await again.close();
});

test("j and k move the selection, Enter opens the viewer, / goes to the search box", async ({ page }) => {
  await page.goto(`${BROWSER}&sort=reward&dir=desc`);
  const ids = await rowIds(page);
  const selected = grid(page).locator("tbody").getByRole("row", { selected: true });
  await expect(selected).toHaveCount(0);
  await keysReady(page);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(selected.getByRole("rowheader")).toHaveText(ids[1]);
  await page.keyboard.press("k");
  await expect(selected.getByRole("rowheader")).toHaveText(ids[0]);

  await page.keyboard.press("/");
  await expect(page.getByLabel("Search turns")).toBeFocused();
  // Typing in the search box is text, not navigation.
  await page.keyboard.type("jk");
  await expect(page.getByLabel("Search turns")).toHaveValue("jk");
  await expect(selected.getByRole("rowheader")).toHaveText(ids[0]);
  await page.getByLabel("Search turns").blur();

  await page.keyboard.press("j");
  await expect(selected.getByRole("rowheader")).toHaveText(ids[1]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/rollouts/${ids[1]}$`));
});

test("the experiment's own address opens the browser scoped to it", async ({ page }) => {
  await page.goto(`/experiments/${encodeURIComponent(EXP)}/trajectories`);
  await expect(page).toHaveURL(/\/trajectories\?experiment=tbx%3Aexp(\+|%20)1$/);
  await expect(page.getByLabel("Experiment", { exact: true })).toHaveValue(EXP);
  expect(await rowIds(page)).toHaveLength(ROLLOUTS.length);
});

test("an empty result names the filter that emptied it, and a bad parameter is reported", async ({ page }) => {
  await page.goto(`${BROWSER}&outcome=success&hook=post_feedback`);
  await expect(page.getByRole("region", { name: "No rollouts match these filters" })).toContainText(
    `Rollouts with experiment: ${EXP}, outcome: success exist, but none of them has hook fired at: post_feedback.`,
  );
  await page.getByRole("link", { name: "Remove “hook fired at: post_feedback”" }).click();
  expect((await rowIds(page)).sort()).toEqual(["tbx-r-01", "tbx-r-06"]);

  await page.goto(`${BROWSER}&outcome=maybe`);
  await expect(page.getByRole("alert").filter({ hasText: "outcome" })).toContainText("must be one of success, failure, unknown");
  expect(await rowIds(page)).toHaveLength(ROLLOUTS.length);
});

test("further pages load as the list scrolls while the DOM keeps only the rows in view", async ({ page, request, server }) => {
  const exp = "tbx-many";
  const many = [
    { type: "experiment", id: exp, name: "Browser spec: many rollouts", method: "grpo" },
    { type: "run", id: "tbx-many-run", experiment: exp, kind: "train", status: "finished" },
    ...Array.from({ length: 130 }, (_, i) => ({
      type: "rollout", id: `tbx-many-${String(i).padStart(3, "0")}`, experiment: exp, run: "tbx-many-run", task: "tbx:astropy/astropy 1",
      purpose: "train", reward: i % 2, success: i % 2 === 1, turns: [{ role: "assistant", content: "step" }],
    })),
  ];
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: many });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto(`/trajectories?experiment=${exp}`);
  await expect(page.getByText("50 shown; scroll for more.")).toBeVisible();
  const body = grid(page).locator("tbody");
  const scrollToEnd = () => grid(page).evaluate((table) => table.parentElement?.scrollTo(0, table.parentElement.scrollHeight));
  await scrollToEnd();
  await expect(page.getByText("100 shown; scroll for more.")).toBeVisible();
  await scrollToEnd();
  await expect(page.getByText("130 shown, all that match.")).toBeVisible();
  await scrollToEnd();
  // The last rollout (the oldest id of one batch, newest first) is in view; far fewer rows than loaded are in the DOM.
  await expect(body.getByRole("rowheader", { name: "tbx-many-000" })).toBeVisible();
  expect(await body.getByRole("row").count()).toBeLessThan(50);
});

test("a list scrolled before the page's scripts have run stays where the reader scrolled and loads the next page", async ({ page, request, server }) => {
  const exp = "tbx-early";
  const many = [
    { type: "experiment", id: exp, name: "Browser spec: scrolled early", method: "grpo" },
    { type: "run", id: "tbx-early-run", experiment: exp, kind: "train", status: "finished" },
    ...Array.from({ length: 130 }, (_, i) => ({
      type: "rollout", id: `tbx-early-${String(i).padStart(3, "0")}`, experiment: exp, run: "tbx-early-run", task: "tbx:astropy/astropy 1",
      purpose: "train", reward: i % 2, success: i % 2 === 1, turns: [{ role: "assistant", content: "step" }],
    })),
  ];
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: many });
  expect(res.status(), await res.text()).toBe(200);

  // The page's scripts (not its styles) are held until the reader has scrolled the rows the server drew, as on a
  // slow network or CPU.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?.*)?$/, async (route) => { await held; await route.continue(); });
  await page.goto(`/trajectories?experiment=${exp}`, { waitUntil: "commit" });
  await expect(page.getByText("50 shown; scroll for more.")).toBeVisible();
  await grid(page).evaluate((table) => table.parentElement?.scrollTo(0, table.parentElement.scrollHeight));
  release();
  // Hydrated, the list neither jumps back to the top nor forgets to load what follows the rows in view.
  await expect(page.getByText("100 shown; scroll for more.")).toBeVisible();
  // The list draws only the rows near its view: the row the reader scrolled to is drawn, the first one is not.
  const body = grid(page).locator("tbody");
  await expect(body.getByRole("rowheader", { name: "tbx-early-080" })).toBeAttached();
  await expect(body.getByRole("rowheader", { name: "tbx-early-129" })).not.toBeAttached();
});
