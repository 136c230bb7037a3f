// Issue 39: a Claude Code session as 2.1 writes it, imported through the form with its folder, shows in the viewer
// with its sub-agents and its compaction linked from the session, the tool call the user rejected marked as refused
// by the user at the permission prompt, the user's interrupt, the compaction's summary marked as Claude Code's (not the
// user's), and the compaction boundary saying what it compacted. Turn numbers come from
// the reader itself (the code the server runs), so the spec goes straight to them.
import path from "node:path";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { realTrajectoriesNewFormatsDir } from "../test/shared-data";
import { readImportFile } from "../lib/services/importers/registry";
import { ALL_READERS } from "../lib/services/importers/formats";
import { test, expect } from "./fixtures";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "importers", "claude-code", "-home-ana-proj");
const SESSION = "7f3c9a10-2b4d-4e8f-9a1c-5d6e7f809a1b";
const REAL = path.join(realTrajectoriesNewFormatsDir, "claude-code/real_projects/-src-experiments-claude_p");

const turn = (page: Page, idx: number) => page.getByRole("article", { name: new RegExp(`^Turn ${idx} · `) });
async function openTurn(page: Page, href: string, idx: number) {
  await page.goto(`${href}#turn-${idx}`);
  await expect(page.locator("[data-viewer-ready=true]")).toBeVisible();
  await expect(turn(page, idx)).toBeVisible();
  return turn(page, idx);
}

/** The session's turns as the server's reader makes them. */
function sessionTurns() {
  const outcome = readImportFile({ name: `${SESSION}.jsonl`, bytes: new Uint8Array(readFileSync(path.join(FIXTURE, `${SESSION}.jsonl`))) }, ALL_READERS);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.parsed.rollouts[0]!.turns;
}

test("a Claude Code session opens with its sub-agents, its rejected tool call and its compaction", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/trajectories/import");
  const folder = page.getByLabel("Add a folder");
  await folder.setInputFiles(FIXTURE);
  await folder.setInputFiles(REAL);
  await page.getByLabel("Experiment").fill("e2e-claude-code-sessions");
  await page.getByRole("button", { name: "Upload and import" }).click();
  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("files imported", { timeout: 60_000 });
  await expect(report.getByRole("status")).not.toContainText("could not be");
  const rowOf = (name: RegExp) => report.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  const hrefOf = async (name: RegExp) => (await rowOf(name).getByRole("link", { name: /^Open rollout 1 of / }).getAttribute("href"))!;
  const session = await hrefOf(new RegExp(`${SESSION}\\.jsonl$`));
  const realSession = await hrefOf(/29ccd257-68b1-427f-ae5f-6524b7cb6f20\.jsonl$/);

  // The session lists its compaction sub-agent; the compaction links back to the session.
  await page.goto(session);
  const subagents = page.getByRole("list", { name: "Sub-agents of this session" });
  await expect(subagents.getByRole("listitem")).toHaveCount(1);
  await expect(subagents.getByRole("listitem")).toContainText("acompact-5e1d2c compaction 2 turns");
  await subagents.getByRole("link", { name: "acompact-5e1d2c" }).click();
  await expect(page.getByText(/^Part of the session/)).toBeVisible();

  const turns = sessionTurns();
  const rejected = turns.findIndex((t) => t.role === "tool" && t.content.startsWith("The user doesn't want to proceed"));
  const card = await openTurn(page, session, rejected);
  const hook = card.getByRole("complementary", { name: "Hook message at pre_action: permission prompt (user)" });
  await expect(hook).toContainText("refuse");
  await expect(hook).toContainText("Rejected by the user at Claude Code's permission prompt: the tool did not run.");

  // The user's interrupt and Claude Code's compaction summary (a user message the user did not type) say so.
  const interrupted = turns.findIndex((t) => t.role === "user" && t.content === "[Request interrupted by user]");
  const stop = await openTurn(page, session, interrupted);
  await expect(stop.getByRole("complementary", { name: "Hook message at post_feedback: interrupt (user)" }))
    .toContainText("Interrupted by the user: Claude Code stopped the model's turn here.");
  const summarised = turns.findIndex((t) => t.role === "user" && t.content.startsWith("This session is being continued"));
  const summary = await openTurn(page, session, summarised);
  await expect(summary.getByRole("complementary", { name: "Hook message at pre_decision: compaction (Claude Code)" }))
    .toContainText("Compaction summary written by Claude Code, not the user");

  const compacted = turns.findIndex((t) => t.role === "system" && t.content.startsWith("Conversation compacted"));
  const boundary = await openTurn(page, session, compacted);
  await boundary.getByRole("button", { name: "Show" }).click();
  await expect(boundary).toContainText("Conversation compacted (trigger: manual, 155,210 tokens before)");

  // The real 2.1 session with its subagents/ folder: its Explore sub-agent is linked from it.
  await page.goto(realSession);
  await expect(page.getByRole("list", { name: "Sub-agents of this session" }).getByRole("link", { name: "a2271d1" })).toBeVisible();
});
