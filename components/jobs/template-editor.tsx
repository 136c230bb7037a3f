"use client";
// An admin's editor of one job template as JSON (id, optional experiment, spec). The server validates the spec
// with the template schema and answers with the first problem, naming the field (e.g. "command.0: …").
import { useActionState } from "react";
import styles from "./jobs.module.css";

type Sent = { id: string; experiment: string; spec: string };
/** What the server answered, with the values as sent: React resets a form after its action, the fields are re-filled from these. */
type SaveState = (({ error: string } | { ok: true; id: string }) & { sent: Sent; n: number }) | null;

interface Props {
  action: (previous: unknown, formData: FormData) => Promise<{ error: string } | { ok: true; id: string }>;
  initial: { id: string; experiment: string; spec: string };
  formName: string;
}

export function TemplateEditor({ action, initial, formName }: Props) {
  const [state, submit, pending] = useActionState(async (prev: SaveState, form: FormData): Promise<SaveState> => {
    const sent = { id: String(form.get("id") ?? ""), experiment: String(form.get("experiment") ?? ""), spec: String(form.get("spec") ?? "") };
    return { ...(await action(prev, form)), sent, n: (prev?.n ?? 0) + 1 };
  }, null);
  const key = formName.replace(/\W+/g, "-");
  const values = state?.sent ?? initial;
  const k = state?.n ?? 0;
  return (
    <form action={submit} aria-label={formName} className={styles.launchForm}>
      <div className={styles.launchFields}>
        <div className="form-field">
          <label htmlFor={`${key}-id`}>Template id</label>
          <input id={`${key}-id`} name="id" key={`id-${k}`} defaultValue={values.id} required spellCheck={false} />
        </div>
        <div className="form-field">
          <label htmlFor={`${key}-experiment`}>Experiment id (empty: every experiment)</label>
          <input id={`${key}-experiment`} name="experiment" key={`e-${k}`} defaultValue={values.experiment} spellCheck={false} />
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={`${key}-spec`}>Specification (JSON)</label>
        <textarea id={`${key}-spec`} name="spec" key={`s-${k}`} defaultValue={values.spec} rows={14} spellCheck={false} className="mono" />
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
