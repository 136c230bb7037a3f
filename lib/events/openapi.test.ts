import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, eventJsonSchema } from "./openapi";
import { EVENT_TYPES } from "./contract";

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument();

  it("describes every event type with its required fields", () => {
    for (const type of EVENT_TYPES) {
      const schema = doc.components.schemas[type as keyof typeof doc.components.schemas] as { properties: Record<string, unknown>; required: string[] };
      expect(schema.properties.type, type).toBeDefined();
      expect(schema.required, type).toContain("type");
    }
    const rollout = eventJsonSchema("rollout") as { required: string[]; properties: Record<string, unknown> };
    expect(rollout.required).toEqual(expect.arrayContaining(["id", "experiment", "run", "task", "purpose", "reward", "success", "turns"]));
    // inputs: defaults make a field optional for producers
    expect(rollout.required).not.toContain("truncated");
  });

  it("lists the ingestion endpoint and the read API", () => {
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      "/api/v1/events", "/api/v1/experiments", "/api/v1/experiments/{id}", "/api/v1/runs/{id}/metrics", "/api/v1/curves", "/api/v1/rollouts", "/api/v1/rollouts/{id}", "/api/v1/proposals",
    ]));
    expect(JSON.parse(JSON.stringify(doc)).openapi).toBe("3.1.0");
  });

  it("lists the jobs API: read, log, launch and cancel", () => {
    const paths = doc.paths as Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(["/api/v1/jobs", "/api/v1/jobs/{id}", "/api/v1/jobs/{id}/log", "/api/v1/jobs/{id}/cancel"]));
    expect(paths["/api/v1/jobs"].get.parameters!.map((p) => p.name)).toEqual(["status", "executor", "experiment", "kind", "template", "launchedBy", "before", "limit"]);
    expect(Object.keys(paths["/api/v1/jobs"].post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "503"]));
    expect(Object.keys(paths["/api/v1/jobs/{id}/cancel"].post.responses)).toContain("409");
  });

  it("documents the curves API's pass1 parameter and the series it adds", () => {
    const curves = (doc.paths as unknown as Record<string, { get: { parameters: { name: string; description?: string }[]; responses: Record<string, { description?: string }> } }>)["/api/v1/curves"].get;
    expect(curves.parameters.map((p) => p.name)).toEqual(["runs", "keys", "x", "points", "smoothing", "pass1"]);
    expect(JSON.stringify(curves.parameters.at(-1))).toContain("run:<id>");
    expect(JSON.stringify(curves.responses)).toContain("pass1?");
    expect(JSON.stringify(curves.responses)).toMatch(/markers: \[\{ kind: \\"harness\\", run, step, x/);
  });
});
