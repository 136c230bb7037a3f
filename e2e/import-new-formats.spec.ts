// Issue 17: one file (or conversation folder) per new format, uploaded through the import form, opens in the
// trajectory viewer with its turns: tool calls, observations, return codes and tokens, as the format has them.
// Turn numbers come from the readers themselves (the same code the server runs), so the spec scrolls straight to them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { realTrajectoriesNewFormatsDir } from "../test/shared-data";
import { test, expect } from "./fixtures";

const NEW = realTrajectoriesNewFormatsDir;
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "importers");
const CLAUDE = path.join(NEW, "claude-code/real_projects/-Users-dain-workspace-danieldemmel-me-next/5ed31c36-bca8-40fd-8d24-f1a1f0af7901.jsonl");
const CODEX = path.join(NEW, "codex-cli/sessions/2026/01/02/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl");
const OPENHANDS_V1 = path.join(NEW, "openhands-v1-sdk/cli447_hi_followup_iterative_case_a");
const HARBOR_JOB = path.join(FIXTURES, "harbor-job");
const RETRY = path.join(FIXTURES, "swe-agent-retry.traj");
const MINI_V2 = path.join(FIXTURES, "mini-swe-agent-2-responses.traj.json");
const MINI_LEGACY = path.join(FIXTURES, "mini-swe-agent-legacy-mswea.traj.json");

const turn = (page: Page, idx: number) => page.getByRole("article", { name: new RegExp(`^Turn ${idx} · `) });

async function openTurn(page: Page, href: string, idx: number) {
  await page.goto(`${href}#turn-${idx}`);
  await expect(page.locator("[data-viewer-ready=true]")).toBeVisible();
  await expect(turn(page, idx)).toBeVisible();
  return turn(page, idx);
}

test("every new format imports through the form and shows its turns in the viewer", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/trajectories/import");
  await page.getByLabel("Add files").setInputFiles([CLAUDE, CODEX, RETRY, MINI_V2, MINI_LEGACY]);
  const folder = page.getByLabel("Add a folder");
  await folder.setInputFiles(OPENHANDS_V1);
  await folder.setInputFiles(HARBOR_JOB);
  await page.getByLabel("Experiment").fill("e2e-import-new-formats");
  await page.getByRole("button", { name: "Upload and import" }).click();

  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("files imported", { timeout: 60_000 });
  await expect(report.getByRole("status")).not.toContainText("could not be");
  const rowOf = (name: string | RegExp) => report.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  const hrefOf = async (name: string | RegExp) => (await rowOf(name).getByRole("link", { name: /^Open rollout 1 of / }).getAttribute("href"))!;

  await expect(rowOf(path.basename(CLAUDE))).toContainText("claude-code");
  await expect(rowOf(path.basename(CODEX))).toContainText("codex-cli");
  await expect(rowOf("cli447_hi_followup_iterative_case_a/event-*.json")).toContainText("openhands-v1");
  await expect(rowOf("harbor-job/hello-world__Xk3pQ2w/agent/trajectory.json")).toContainText("atif");
  await expect(rowOf("harbor-job/hello-world__Xk3pQ2w/result.json")).toContainText("harbor-result");
  // A RetryAgent file: one rollout per attempt.
  await expect(rowOf("swe-agent-retry.traj").getByRole("link", { name: /^Open rollout 2 of / })).toBeVisible();
  const claude = await hrefOf(path.basename(CLAUDE));
  const codex = await hrefOf(path.basename(CODEX));
  const openhands = await hrefOf("cli447_hi_followup_iterative_case_a/event-*.json");
  const atif = await hrefOf("harbor-job/hello-world__Xk3pQ2w/agent/trajectory.json");
  await expect(rowOf(path.basename(MINI_V2))).toContainText("mini-swe-agent-1.1");
  const miniV2 = await hrefOf(path.basename(MINI_V2));
  await expect(rowOf(path.basename(MINI_LEGACY))).toContainText("mini-swe-agent-legacy");
  const miniLegacy = await hrefOf(path.basename(MINI_LEGACY));

  // Claude Code: one API message streamed over four lines (its text and three parallel Globs) is one turn with the
  // three calls; the first tool_result as the observation; output tokens of the model turn.
  const glob = await openTurn(page, claude, 1);
  await expect(glob.getByText(/"name": "Glob"/).first()).toBeVisible();
  expect((await glob.textContent())!.match(/"name": "Glob"/g)).toHaveLength(3);
  await expect(glob.getByText(/\d+ tokens/)).toBeVisible();
  const globResult = await openTurn(page, claude, 2);
  await expect(globResult.getByText("No files found")).toBeVisible();

  // Codex CLI: the exec_command call shown as a command with its reasoning summary, then its output.
  const exec = await openTurn(page, codex, 1);
  await expect(exec.getByText("Action · command")).toBeVisible();
  await expect(exec.getByText("find . -maxdepth 1 -type f", { exact: true })).toBeVisible();
  await expect(exec.getByText("I will inspect the synthetic directory.")).toBeVisible();
  await expect((await openTurn(page, codex, 2)).getByText(/alpha\.txt/).first()).toBeVisible();
  await expect(page.getByText("SYNTHETIC_ENCRYPTED_CONTENT_MUST_NOT_RENDER")).toHaveCount(0);

  // OpenHands V1: the terminal action as a command, its observation with return code 0.
  const ls = await openTurn(page, openhands, 8);
  await expect(ls.getByText("ls -la /home/xingyaow", { exact: true })).toBeVisible();
  const listing = await openTurn(page, openhands, 9);
  await expect(listing.getByText("rc 0").first()).toBeVisible();
  await expect(listing.getByText(/total 88/)).toBeVisible();

  // ATIF (Harbor trial): the keystrokes as a command, tokens, the terminal output, and the trial's verdict.
  const step = await openTurn(page, atif, 1);
  await expect(step.getByText("Action · command")).toBeVisible();
  await expect(step.getByText("55 tokens")).toBeVisible();
  await expect(step.getByText("The file does not exist yet.")).toBeVisible();
  await expect((await openTurn(page, atif, 4)).getByText(/Hello, world!/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Evaluation" }).getByText("resolved", { exact: true }).first()).toBeVisible();

  // mini-swe-agent v2 with a Responses API model: a response's two function calls, their outputs with return
  // codes, the next answer's command, its failing output (rc 1) and the tokens of the answer.
  const twoCalls = await openTurn(page, miniV2, 5);
  await expect(twoCalls.getByText("Reading the constructor and the tests.")).toBeVisible();
  await expect(twoCalls.getByText(/empty_name/).first()).toBeVisible();
  // Each call carries the call_id its output answers (not the response item's own fc_ id).
  await expect(twoCalls.getByText(/"id": "call_Qm3"/)).toBeVisible();
  await expect((await openTurn(page, miniV2, 7)).getByText("rc 1").first()).toBeVisible();
  const edit = await openTurn(page, miniV2, 8);
  await expect(edit.getByText("Action · command")).toBeVisible();
  await expect(edit.getByText("310 tokens")).toBeVisible();
  const failed = await openTurn(page, miniV2, 9);
  await expect(failed.getByText("rc 1").first()).toBeVisible();
  await expect(failed.getByText(/ValueError: 'name' may not be empty\./).first()).toBeVisible();

  // mini-swe-agent's legacy bare list with ```mswea_bash_command blocks: the block as a command, its return code.
  const missing = await openTurn(page, miniLegacy, 4);
  await expect(missing.getByText("Action · command")).toBeVisible();
  await expect(missing.getByText("ls missing.txt", { exact: true })).toBeVisible();
  await expect((await openTurn(page, miniLegacy, 5)).getByText("rc 2").first()).toBeVisible();
});
