// Job templates: what each runs (argv, placeholders, resources). Everyone reads them; admins create and edit
// them as JSON validated by the template schema, each change recorded in the audit log.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { requireUser } from "@/lib/services/auth/current-user";
import { listJobTemplates } from "@/lib/services/jobs/templates";
import { formatDateTime } from "@/lib/format";
import { experimentPath, jobsPath } from "@/lib/http/page-links";
import { TemplateEditor } from "@/components/jobs/template-editor";
import { saveTemplateAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Job templates" };

const EXAMPLE = {
  name: "My evaluation",
  kind: "evaluate",
  command: ["python", "-m", "my_eval", "--harness-dir={harness_dir}", "--checkpoint={checkpoint}", "--repeats={repeats}"],
  placeholders: { checkpoint: { type: "checkpoint", label: "Checkpoint" }, repeats: { type: "repeats", min: 1, max: 10, default: 1 } },
  env: {},
  resources: { cpus: 1, timeLimitMinutes: 60 },
};

export default async function JobTemplatesPage() {
  const user = await requireUser();
  const isAdmin = user.role === "admin";
  const templates = listJobTemplates(getStore());

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/settings">Settings</Link> / job templates
        </nav>
        <h1>Job templates</h1>
        <p className="muted">
          The commands jobs run, as argument arrays with typed placeholders checked before anything runs. {isAdmin ? "Admins create and edit them; every change is in the audit log." : "Only admins create or edit them."}
        </p>
      </header>
      {templates.map((t) => {
        const spec = JSON.stringify(t.spec, null, 2);
        return (
          <section className="section card" key={t.id} aria-labelledby={`tpl-${t.id}`}>
            <h2 id={`tpl-${t.id}`}>
              {t.spec.name} <span className="muted small mono">{t.id}</span>
            </h2>
            <p className="muted small">
              {t.spec.kind} · {t.experimentId ? <>experiment <Link href={experimentPath(t.experimentId)}>{t.experimentId}</Link></> : "every experiment"} · executor{" "}
              {t.spec.resources.executor ?? "the installation's default"} · updated {formatDateTime(t.updatedAt)} ·{" "}
              <Link href={jobsPath({ template: t.id })}>its jobs</Link>
            </p>
            {isAdmin ? (
              <details>
                <summary>Edit</summary>
                <TemplateEditor action={saveTemplateAction} formName={`Edit template ${t.id}`} initial={{ id: t.id, experiment: t.experimentId ?? "", spec }} />
              </details>
            ) : (
              <pre className="mono small wrap-anywhere">{spec}</pre>
            )}
          </section>
        );
      })}
      {isAdmin && (
        <section className="section card" aria-labelledby="new-template">
          <h2 id="new-template">New template</h2>
          <TemplateEditor action={saveTemplateAction} formName="New template" initial={{ id: "", experiment: "", spec: JSON.stringify(EXAMPLE, null, 2) }} />
        </section>
      )}
    </main>
  );
}
