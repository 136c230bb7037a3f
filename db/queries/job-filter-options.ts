// The choices of the jobs page's filters: the experiments and the people that have jobs (not every
// experiment or user there is — a filter that can only answer "nothing" is not offered).
import "server-only";
import type { Store } from "../client";

export interface JobFilterOptions {
  experiments: { id: string; name: string }[];
  launchers: { id: string; name: string }[];
  templates: { id: string; name: string }[];
}

export function listJobFilterOptions(store: Store): JobFilterOptions {
  const all = <T>(sql: string) => store.sqlite.prepare(sql).all() as T[];
  return {
    experiments: all("SELECT DISTINCT e.id, e.name FROM jobs j JOIN experiments e ON e.id = j.experiment_id ORDER BY e.name, e.id"),
    launchers: all("SELECT DISTINCT u.id, u.username AS name FROM jobs j JOIN users u ON u.id = j.created_by ORDER BY u.username"),
    templates: all("SELECT DISTINCT t.id, t.name FROM jobs j JOIN job_templates t ON t.id = j.template_id ORDER BY t.name, t.id"),
  };
}
