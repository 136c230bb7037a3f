// Item 7 of issue 18: the evaluation matrix's "baseline row" says what it means on hover and keyboard focus
// (an accessible description and a tooltip), like "cannot judge" and "usable" (e2e/proposal-inbox.spec.ts).
import { test, expect } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";

test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server);
});

test("“baseline row” in the evaluation matrix explains itself", async ({ page }) => {
  await page.goto(`/experiments/${encodeURIComponent(REFERENCE.harnessAdapt)}/compare`);
  const term = page.getByText("baseline row", { exact: true }).first();
  await expect(term).toHaveAccessibleDescription(/The row of the chosen baseline cell/);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await term.focus();
  await expect(page.getByRole("tooltip")).toContainText("other rows' Δ there is measured against it");
});
