// Ingestion over HTTP with the admin token, and what the dashboard makes of it.
import fs from "node:fs";
import { exampleEvents } from "../lib/events/examples";
import { test, expect, bearer } from "./fixtures";

const PREFIX = "e2e";
const EXPERIMENT_NAME = `Example ${PREFIX}: every event type once`;

test("events posted with the admin token show up in the experiments list and the overview", async ({ page, request, server }) => {
  // Open the list first: the new experiment must appear through the table's 5 s refetch, without a reload.
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  const experimentLink = page.getByRole("link", { name: EXPERIMENT_NAME, exact: true });
  await expect(experimentLink).toHaveCount(0);

  const events = exampleEvents(PREFIX);
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { events: number; applied: Record<string, number>; unchanged: Record<string, number> };
  expect(body.events).toBe(events.length);
  expect(body.applied).toMatchObject({ experiment: 1, harness_version: 2, task: 2, rollout: 4, proposal: 1, decision: 1 });
  const appliedTotal = Object.values(body.applied).reduce((a, b) => a + b, 0);
  expect(appliedTotal).toBeGreaterThan(0);

  await expect(experimentLink).toBeVisible({ timeout: 20_000 });
  const row = page.getByRole("row").filter({ has: experimentLink });
  await expect(row.getByRole("cell").nth(0)).toHaveText("harnessadapt-rl");

  await experimentLink.click();
  await expect(page).toHaveURL(new RegExp(`/experiments/${PREFIX}-exp$`));
  await expect(page.getByRole("heading", { level: 1, name: EXPERIMENT_NAME })).toBeVisible();

  const runs = page.getByRole("region", { name: "Runs" });
  const run = runs.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `${PREFIX}-run` }) });
  await expect(run).toHaveCount(1);
  await expect(run.getByRole("cell").nth(0)).toHaveText("train");
  await expect(run.getByRole("cell").nth(1)).toHaveText("finished");
  await expect(run.getByRole("cell").last()).toHaveText("4");

  const versions = page.getByRole("region", { name: "Harness versions" });
  await expect(versions.getByRole("rowheader", { name: "H0", exact: true })).toBeVisible();
  await expect(versions.getByRole("rowheader", { name: "H1", exact: true })).toBeVisible();
  const h1 = versions.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "H1", exact: true }) });
  await expect(h1.getByRole("cell").nth(1)).toHaveText("H0"); // parent

  const purposes = page.getByRole("region", { name: "Rollouts by purpose" });
  const expected: Record<string, string> = { train: "4", preparation: "0", comparison: "0", eval: "0", rerun: "0", all: "4" };
  for (const [purpose, count] of Object.entries(expected)) {
    const purposeRow = purposes.getByRole("row").filter({ has: page.getByRole("rowheader", { name: purpose, exact: true }) });
    await expect(purposeRow.getByRole("cell").first(), `rollouts with purpose ${purpose}`).toHaveText(count);
  }

  // Sending the same batch again changes nothing.
  const again = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events });
  expect(again.status()).toBe(200);
  const againBody = (await again.json()) as { applied: Record<string, number>; unchanged: Record<string, number> };
  expect(againBody.unchanged).toMatchObject({ experiment: 1, rollout: 4 });
});

test("a batch with an unknown event type is refused with 400 naming the problem", async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: [{ type: "nope" }] });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: string; errors?: { index: number; path: string; message: string }[] };
  expect(body.error).toEqual(expect.any(String));
  expect(body.errors?.[0]).toMatchObject({ index: 0, path: "type" });
  expect(body.errors?.[0].message).toContain("unknown event type");
  expect(body.errors?.[0].message).toContain("nope");
});

test("a batch with an invalid field is refused with 400 and nothing is written", async ({ request, server }) => {
  const events = exampleEvents("e2e-bad");
  const rollout = events.findIndex((e) => e.type === "rollout");
  (events[rollout] as Record<string, unknown>).purpose = "holiday";
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { errors: { index: number; path: string; message: string }[] };
  expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ index: rollout, path: "purpose" })]));

  const experiment = await request.get("/api/v1/experiments/e2e-bad-exp", { headers: bearer(server.adminToken) });
  expect(experiment.status()).toBe(404);
});

test("a request without a token gets 401", async ({ anonymousRequest }) => {
  const res = await anonymousRequest.post("/api/v1/events", { data: exampleEvents("e2e-anon") });
  expect(res.status()).toBe(401);
  expect(res.headers()["www-authenticate"]).toContain("Bearer");
  const body = (await res.json()) as { error: string };
  expect(body.error).toContain("API token");
});

test("a request with an unknown token gets 401 invalid token", async ({ anonymousRequest }) => {
  const res = await anonymousRequest.post("/api/v1/events", { headers: bearer("hl_not-a-real-token"), data: exampleEvents("e2e-anon") });
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: "invalid token" });
});

test("a large body goes through the ingestion worker: applied when valid, refused with the problem when not", async ({ request, server }) => {
  // Over 16 KiB, the production server parses, validates and hashes in a worker thread (lib/services/ingest/parse-off-thread.ts).
  const events = exampleEvents("e2e-large").map((e) =>
    e.type === "rollout" ? { ...e, turns: e.turns.map((t) => ({ ...t, observation: `${t.observation ?? ""}\n${"log line ✓\n".repeat(8_000)}` })) } : e,
  );
  const body = JSON.stringify(events);
  expect(body.length).toBeGreaterThan(256 * 1024);
  const res = await request.post("/api/v1/events", { headers: { ...bearer(server.adminToken), "content-type": "application/json" }, data: body });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).applied).toMatchObject({ rollout: 4, experiment: 1 });

  const rollout = await request.get("/api/v1/rollouts/e2e-large-r-0-0", { headers: bearer(server.adminToken) });
  expect(rollout.status()).toBe(200);
  const turns = ((await rollout.json()) as { turns: { observation: string | null }[] }).turns;
  expect(turns[1].observation?.endsWith("log line ✓\n")).toBe(true);

  // Re-sent through the worker, the hashes it computed match what is stored: nothing changes.
  const again = await request.post("/api/v1/events", { headers: { ...bearer(server.adminToken), "content-type": "application/json" }, data: body });
  expect((await again.json()).unchanged).toMatchObject({ rollout: 4 });

  const broken = JSON.stringify(events.map((e, i) => (i === 3 ? { ...e, label: 42 } : e)));
  const refused = await request.post("/api/v1/events", { headers: { ...bearer(server.adminToken), "content-type": "application/json" }, data: broken });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors[0]).toMatchObject({ index: 3, path: "label" });
  // The worker really ran: a failure to start it would be logged before falling back to the request thread.
  expect(fs.readFileSync(server.logFile, "utf8")).not.toContain("ingestion worker");
});
