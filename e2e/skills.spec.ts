// The skills page: skills by kind and task, each mechanism-level skill beside the paper's rule — one clean skill
// passes, one naming a path, a function and code is flagged with its reasons and the snippets marked in the
// text — and the kind / task / flagged filters in the URL.
import { harnessR1Events, harnessR1Ids, SKILL_TEXTS } from "../test/fixtures/harness-r1/events";
import { test, expect, bearer } from "./fixtures";

const P = "e2e-skills";
const ids = harnessR1Ids(P);
const enc = encodeURIComponent;
const pagePath = `/experiments/${enc(ids.experiment)}/skills`;

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: harnessR1Events(P) });
  expect(res.status(), await res.text()).toBe(200);
});

test("flags the mechanism skill that names a path, a function and code, and passes the clean one", async ({ page }) => {
  await page.goto(pagePath);
  await expect(page.getByRole("heading", { level: 1, name: "Skills" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    /^Mechanism-level skills/,
    /^Near-answer hints/,
    /^Skill bank/,
  ]);
  await expect(page.getByRole("link", { name: "1 of 2 mechanism-level skills flagged" })).toBeVisible();

  const clean = page.getByRole("article", { name: `Skill ${ids.skills.clean}` });
  const cleanCheck = clean.getByRole("complementary", { name: "Mechanism check" });
  await expect(cleanCheck.getByText("passes", { exact: true })).toBeVisible();
  await expect(clean.getByText(SKILL_TEXTS.clean)).toBeVisible();
  await expect(clean.locator("mark")).toHaveCount(0);
  // Its task and its source rollouts (success first), linked by id.
  const mechanism = page.getByRole("region", { name: /^Mechanism-level skills/ });
  await expect(mechanism.getByRole("link", { name: `${P}-search-a` })).toHaveAttribute("href", `/tasks/${enc(ids.taskA)}`);
  const sources = clean.getByRole("list", { name: `Source rollouts of ${ids.skills.clean}` }).getByRole("listitem");
  await expect(sources).toHaveText([`${ids.solved}success`, `${ids.failed[0]}failure`]);
  await expect(sources.first().getByRole("link")).toHaveAttribute("href", `/rollouts/${enc(ids.solved)}`);

  const flagged = page.getByRole("article", { name: `Skill ${ids.skills.flagged}` });
  const check = flagged.getByRole("complementary", { name: "Mechanism check" });
  await expect(check.getByText("flagged", { exact: true })).toBeVisible();
  await expect(check).toContainText("contains repository path, code symbol, literal code");
  await expect(check.getByRole("listitem")).toHaveText([
    "repository path, a path with directories: src/search/query.py",
    "code symbol, a function call: normalize_query()",
    "literal code, inline code in backticks: `if not q: return []`",
  ]);
  // The same snippets are marked inside the text itself.
  await expect(flagged.getByRole("paragraph").first().locator("mark")).toHaveText([
    "src/search/query.py",
    "normalize_query()",
    "`if not q: return []`",
  ]);

  // Hints and skill-bank entries may name code: the rule is not applied to them.
  const hint = page.getByRole("article", { name: `Skill ${ids.skills.hint}` });
  await expect(hint.getByRole("complementary", { name: "Mechanism check" })).toContainText("Not checked");
  await expect(page.getByRole("region", { name: /^Skill bank/ }).getByRole("heading", { level: 3 })).toHaveText("No task");
});

test("filters by kind, by task and to flagged skills through the URL", async ({ page }) => {
  await page.goto(pagePath);
  const filters = page.getByRole("form", { name: "Filter skills" });
  const articles = page.getByRole("article");
  await expect(articles).toHaveCount(4);

  await filters.getByLabel("Kind").selectOption("mechanism");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]kind=mechanism/);
  await expect(articles).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 2, name: /^Near-answer hints/ })).toHaveCount(0);

  await page.getByRole("form", { name: "Filter skills" }).getByLabel("Flagged mechanism skills only").check();
  await page.getByRole("form", { name: "Filter skills" }).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]flagged=1/);
  await expect(articles).toHaveCount(1);
  await expect(page.getByRole("article", { name: `Skill ${ids.skills.flagged}` })).toBeVisible();

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(articles).toHaveCount(4);

  await page.goto(`${pagePath}?task=${enc(ids.taskA)}`);
  await expect(page.getByRole("form", { name: "Filter skills" }).getByLabel("Task")).toHaveValue(ids.taskA);
  await expect(articles).toHaveCount(2);
  await expect(page.getByRole("article", { name: `Skill ${ids.skills.clean}` })).toBeVisible();
  await expect(page.getByRole("article", { name: `Skill ${ids.skills.hint}` })).toBeVisible();
  await expect(page.getByText("Every mechanism-level skill of this task passes the check.")).toBeVisible();
});
