// Job templates as the rest of the system sees them: validated specs. Saving needs an admin; a stored template
// is re-validated when read, so a row edited behind the application's back fails loudly instead of running.
import "server-only";
import type { Store } from "../../../db/client";
import { experimentExists, getJobTemplateRow, listJobTemplateRows, type JobTemplateRow } from "../../../db/queries/jobs";
import { saveJobTemplate } from "../../../db/mutations/jobs";
import { auditActorOf, mayEditTemplates, userIdOf, type JobActor } from "./permissions";
import { firstIssue, JobTemplateSpec } from "./pure/template-schema";

export interface JobTemplate {
  id: string;
  /** null: offered for every experiment (the preinstalled reference templates). */
  experimentId: string | null;
  spec: JobTemplateSpec;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export type TemplateResult = { ok: true; template: JobTemplate } | { ok: false; status: 400 | 403 | 404 | 500; error: string };

const TEMPLATE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function parseTemplateRow(row: JobTemplateRow): TemplateResult {
  const parsed = JobTemplateSpec.safeParse({
    name: row.name, kind: row.kind, command: row.command, placeholders: row.placeholders, env: row.env ?? {},
    ...(row.cwd !== null ? { cwd: row.cwd } : {}), resources: row.resources ?? {},
  });
  if (!parsed.success) return { ok: false, status: 500, error: `template "${row.id}" is stored in a form this version refuses (${firstIssue(parsed.error)}); an admin must save it again` };
  return { ok: true, template: { id: row.id, experimentId: row.experimentId, spec: parsed.data, createdBy: row.createdBy, createdAt: row.createdAt, updatedAt: row.updatedAt } };
}

export function getJobTemplate(store: Store, id: string): TemplateResult {
  const row = getJobTemplateRow(store, id);
  if (!row) return { ok: false, status: 404, error: `template "${id}" does not exist` };
  return parseTemplateRow(row);
}

/** Templates offered for an experiment (its own and the installation-wide ones); unreadable rows are skipped. */
export function listJobTemplates(store: Store, opts: { experimentId?: string } = {}): JobTemplate[] {
  return listJobTemplateRows(store, opts).flatMap((row) => {
    const parsed = parseTemplateRow(row);
    return parsed.ok ? [parsed.template] : [];
  });
}

/** Creates or edits a template (same id = edit). Admins only; the spec is validated whole before anything is written. */
export function saveTemplate(
  store: Store,
  input: { id: string; experimentId?: string | null; spec: unknown; actor: JobActor },
  now: number = Date.now(),
): TemplateResult {
  const allowed = mayEditTemplates(input.actor);
  if (!allowed.ok) return { ok: false, status: 403, error: allowed.error };
  if (!TEMPLATE_ID.test(input.id)) return { ok: false, status: 400, error: "id: must be letters, digits, '.', '_' or '-' (at most 128)" };
  const parsed = JobTemplateSpec.safeParse(input.spec);
  if (!parsed.success) return { ok: false, status: 400, error: firstIssue(parsed.error) };
  const experimentId = input.experimentId ?? null;
  if (experimentId !== null && !experimentExists(store, experimentId)) return { ok: false, status: 400, error: `experimentId: experiment "${experimentId}" does not exist` };
  saveJobTemplate(store, { id: input.id, experimentId, spec: parsed.data, createdBy: userIdOf(input.actor) }, auditActorOf(input.actor), now);
  return getJobTemplate(store, input.id);
}
