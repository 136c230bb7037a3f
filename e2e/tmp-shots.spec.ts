import { test } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";
import { crossCostPath, experimentCostPath, harnessHistoryPath } from "../lib/http/page-links";

test("shots", async ({ page, server }) => {
  test.setTimeout(180_000);
  await ensureReferenceExperiment(server);
  await page.setViewportSize({ width: 1280, height: 900 });
  const shots: Array<[string, string]> = [
    ["hist-ref", harnessHistoryPath(REFERENCE.harnessAdapt)],
    ["hist-r1", harnessHistoryPath(REFERENCE.harnessR1)],
    ["cost-ref", experimentCostPath(REFERENCE.harnessAdapt)],
    ["cost-r1", experimentCostPath(REFERENCE.harnessR1)],
    ["cross", crossCostPath([REFERENCE.harnessAdapt, REFERENCE.grpo, REFERENCE.harnessR1])],
  ];
  for (const [name, url] of shots) {
    await page.goto(url);
    await page.getByRole("heading", { level: 1 }).waitFor(); await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/hist/${name}.png`, fullPage: true });
  }
});
