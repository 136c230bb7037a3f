import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "@/db/client";
import { applyEvents } from "@/db/apply-events";
import { getJobTemplate, listJobTemplates, saveTemplate } from "./templates";
import { REFERENCE_TEMPLATES, seedReferenceTemplates } from "./reference-templates";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  applyEvents(store, [{ type: "experiment", id: "e1", name: "e1", method: "custom" }, { type: "experiment", id: "e2", name: "e2", method: "custom" }]);
});
afterEach(() => store.sqlite.close());

const admin = { kind: "token" as const, id: "admin-token", scopes: ["admin" as const] };
const spec = { name: "Run it", kind: "custom", command: ["{node}", "run.js"] };
const audit = () => store.sqlite.prepare("SELECT action, actor_kind AS kind, actor_id AS actor, target_id AS target FROM audit_log ORDER BY id").all();

describe("job templates", () => {
  it("only admins save them; reviewers, viewers and job tokens are refused without a write", () => {
    const reviewer = { kind: "user" as const, id: "u1", role: "reviewer" as const, scopes: ["read" as const] };
    expect(saveTemplate(store, { id: "t", spec, actor: reviewer })).toEqual({ ok: false, status: 403, error: "only admins create or edit job templates" });
    expect(saveTemplate(store, { id: "t", spec, actor: { ...admin, jobId: "j" } })).toMatchObject({ ok: false, status: 403 });
    expect(saveTemplate(store, { id: "t", spec, actor: { kind: "token", id: "x", scopes: ["ingest", "read"] } })).toMatchObject({ ok: false, status: 403 });
    expect(audit()).toEqual([]);
  });

  it("validates the whole spec, the id and the experiment before writing", () => {
    expect(saveTemplate(store, { id: "t", spec: { ...spec, command: "run.sh; rm -rf /" }, actor: admin })).toMatchObject({ ok: false, status: 400, error: expect.stringMatching(/^command/) });
    expect(saveTemplate(store, { id: "../t", spec, actor: admin })).toMatchObject({ ok: false, status: 400, error: expect.stringMatching(/^id:/) });
    expect(saveTemplate(store, { id: "t", experimentId: "nope", spec, actor: admin })).toMatchObject({ ok: false, status: 400, error: 'experimentId: experiment "nope" does not exist' });
    expect(audit()).toEqual([]);
  });

  it("creates, edits (same id) and audits both; lists an experiment's own and the installation-wide ones", () => {
    expect(saveTemplate(store, { id: "t1", experimentId: "e1", spec, actor: admin })).toMatchObject({ ok: true, template: { id: "t1", experimentId: "e1" } });
    expect(saveTemplate(store, { id: "t1", experimentId: "e1", spec: { ...spec, name: "Renamed" }, actor: admin })).toMatchObject({ ok: true, template: { spec: { name: "Renamed" } } });
    saveTemplate(store, { id: "global", spec, actor: admin });
    expect(audit()).toEqual([
      { action: "job_template.create", kind: "token", actor: "admin-token", target: "t1" },
      { action: "job_template.update", kind: "token", actor: "admin-token", target: "t1" },
      { action: "job_template.create", kind: "token", actor: "admin-token", target: "global" },
    ]);
    // By name: "Renamed" before "Run it".
    expect(listJobTemplates(store, { experimentId: "e1" }).map((t) => t.id)).toEqual(["t1", "global"]);
    expect(listJobTemplates(store, { experimentId: "e2" }).map((t) => t.id)).toEqual(["global"]);
  });

  it("refuses to use a stored template this version cannot read", () => {
    saveTemplate(store, { id: "t", spec, actor: admin });
    store.sqlite.prepare(`UPDATE job_templates SET command = '"node x; rm"' WHERE id = 't'`).run();
    expect(getJobTemplate(store, "t")).toMatchObject({ ok: false, status: 500, error: expect.stringContaining("an admin must save it again") });
  });

  it("seeds the reference templates once, and never over an admin's edit", () => {
    expect(seedReferenceTemplates(store).sort()).toEqual(Object.keys(REFERENCE_TEMPLATES).sort());
    saveTemplate(store, { id: "reference-evaluate", spec: { ...REFERENCE_TEMPLATES["reference-evaluate"], name: "Local evaluate" }, actor: admin });
    expect(seedReferenceTemplates(store)).toEqual([]);
    const evaluate = getJobTemplate(store, "reference-evaluate");
    expect(evaluate.ok && evaluate.template.spec.name).toBe("Local evaluate");
    expect(listJobTemplates(store, { experimentId: "e2" })).toHaveLength(3);
  });
});
