// The API page for people and the OpenAPI document for machines.
import { EVENT_TYPES } from "../lib/events/contract";
import { test, expect } from "./fixtures";

test("/api-docs lists every event type as a heading and the endpoints", async ({ page }) => {
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "API" })).toBeVisible();
  expect(EVENT_TYPES).toContain("rollout");
  for (const type of EVENT_TYPES) {
    await expect(page.getByRole("heading", { name: type, exact: true }), `heading for event type ${type}`).toBeVisible();
  }
  await expect(page.getByText("POST /api/v1/events", { exact: true })).toBeVisible();
  await expect(page.getByText("GET /api/v1/experiments", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/v1/openapi.json" })).toHaveAttribute("href", "/api/v1/openapi.json");
});

test("GET /api/v1/openapi.json is OpenAPI 3.1.0 with the rollout schema", async ({ anonymousRequest }) => {
  const res = await anonymousRequest.get("/api/v1/openapi.json");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/json");
  const doc = (await res.json()) as {
    openapi: string;
    paths: Record<string, unknown>;
    components: { schemas: Record<string, { type?: string; properties?: Record<string, unknown>; required?: string[] }> };
  };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/v1/events");
  const rollout = doc.components.schemas.rollout;
  expect(rollout, "components.schemas.rollout").toBeDefined();
  expect(rollout.type).toBe("object");
  expect(Object.keys(rollout.properties ?? {})).toEqual(expect.arrayContaining(["type", "id", "experiment", "run", "purpose", "turns"]));
  for (const type of EVENT_TYPES) expect(doc.components.schemas, `schema ${type}`).toHaveProperty(type);
});

test("the curl example names this server, and a contents list leads to each part of the long page", async ({ page, server }) => {
  await page.goto("/api-docs");
  // The e2e server listens on a random port: the example must say that one, not :3000.
  await expect(page.getByText(`curl -X POST ${server.baseURL}/api/v1/events`)).toBeVisible();
  const contents = page.getByRole("navigation", { name: "Contents" });
  await contents.getByRole("link", { name: "Reading" }).click();
  await expect(page).toHaveURL(/#reading$/);
  await expect(page.getByRole("heading", { level: 2, name: "Reading" })).toBeInViewport();
  await contents.getByRole("link", { name: "eval_result", exact: true }).click();
  await expect(page.getByRole("heading", { level: 3, name: "eval_result", exact: true })).toBeInViewport();
});
