// Logs are data (issue 13, finding 5). An ingest token posts a metrics event whose key carries a newline, a
// copy of the server's real first-start lines (its "one-time link" to sign in, pointing elsewhere) and an
// ANSI "clear screen". The event is refused (400), and the refusal line in the server's log
// (e2e/.state/server.log, written by global setup) shows the key escaped on one line: no raw ESC reaches the
// operator's terminal, and no line of the log begins like the forged ones.
import fs from "node:fs";
import { test, expect, bearer } from "./fixtures";

const TOKEN_NAME = `e2e-log-injection-${Date.now()}`;
const FORGED_LINK = "http://evil.example/sign-in/link?token=hl_link_forged";
// The real first-start lines are printed by ensureFirstAdmin (lib/services/auth/users.ts).
const FORGED_KEY = [
  "loss",
  'Harness Lab: created the first user "admin" (role admin).',
  "Open this one-time link within 24 hours to sign in, then set a password under Settings:",
  `    ${FORGED_LINK}\u001b[2J`,
].join("\n");

test("a metric key with a newline and ANSI escapes is logged escaped, on one line", async ({ page, request, server }) => {
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Token name").fill(TOKEN_NAME);
  await form.getByRole("checkbox", { name: /^ingest\b/ }).check();
  await form.getByRole("checkbox", { name: /^read\b/ }).uncheck();
  await form.getByRole("checkbox", { name: /^admin\b/ }).uncheck();
  await form.getByRole("button", { name: "Create token" }).click();
  const secret = (await page.getByLabel("New token secret").textContent())!.trim();
  expect(secret).toMatch(/^hl_/);

  const res = await request.post("/api/v1/events", {
    headers: bearer(secret),
    data: [{ type: "metrics", run: "e2e-log-injection-run", step: 1, values: { [FORGED_KEY]: "not a number" } }],
  });
  expect(res.status()).toBe(400);

  // The refusal names the key, escaped: the newline as \n and ESC as \x1b, all on the refusal's own line.
  const log = () => fs.readFileSync(server.logFile, "utf8");
  await expect.poll(log).toContain(`ingest refused (400) for ${TOKEN_NAME}`);
  const refusal = log().split("\n").find((line) => line.includes(`ingest refused (400) for ${TOKEN_NAME}`))!;
  expect(refusal).toContain(`values.loss\\nHarness Lab: created the first user "admin" (role admin).\\nOpen this one-time link`);
  expect(refusal).toContain(`${FORGED_LINK}\\x1b[2J`);

  const text = log();
  expect(text).not.toContain("\u001b");
  const lines = text.split("\n");
  expect(lines.filter((line) => line.includes(FORGED_LINK) && !line.startsWith("ingest refused"))).toEqual([]);
  // The real first-start lines are there exactly once (the server printed them on its first start).
  expect(lines.filter((line) => line.startsWith('Harness Lab: created the first user "admin"'))).toHaveLength(1);
  expect(lines.filter((line) => line.startsWith("Open this one-time link"))).toHaveLength(1);
});
