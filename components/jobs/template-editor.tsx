"use client";
// An admin's editor of one job template as JSON (id, optional experiment, spec). The server validates the spec
// with the template schema and answers with the first problem, naming the field (e.g. "command.0: …").
import { useActionState } from "react";
import styles from "./jobs.module.css";

type SaveState = { error: string } | { ok: true; id: string } | null;

interface Props {
  action: (previous: unknown, formData: FormData) => Promise<{ error: string } | { ok: true; id: string }>;
  initial: { id: string; experiment: string; spec: string };
  formName: string;
}

export function TemplateEditor({ action, initial, formName }: Props) {
  const [state, submit, pending] = useActionState(async (prev: SaveState, form: FormData) => (await action(prev, form)) as SaveState, null);
  const key = formName.replace(/\W+/g, "-");
  return (
    <form action={submit} aria-label={formName} className={styles.launchForm}>
      <div className={styles.launchFields}>
        <div className={styles.field}>
          <label htmlFor={`${key}-id`}>Template id</label>
          <input id={`${key}-id`} name="id" defaultValue={initial.id} required spellCheck={false} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${key}-experiment`}>Experiment id (empty: every experiment)</label>
          <input id={`${key}-experiment`} name="experiment" defaultValue={initial.experiment} spellCheck={false} />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${key}-spec`}>Specification (JSON)</label>
        <textarea id={`${key}-spec`} name="spec" defaultValue={initial.spec} rows={14} spellCheck={false} className="mono" />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-small" disabled={pending}>
          {pending ? "Saving…" : "Save template"}
        </button>
        {state && "error" in state && (
          <span className={`small ${styles.error}`} role="alert">
            Not saved: {state.error}
          </span>
        )}
        {state && "ok" in state && (
          <span className="small" role="status">
            Template “{state.id}” saved.
          </span>
        )}
      </div>
    </form>
  );
}
