"use client";
// The launch form of one template, generated from its placeholders: one labelled field per placeholder — a
// select of the experiment's checkpoints / harness versions / proposals for those types, number inputs with the
// placeholder's bounds, selects for enums and benchmarks — and the server's problems shown by each field.
// The browser's own validation is off (noValidate): the server's message is the one that counts, and it is
// the same whether the form or the API launched. When the chosen harness version (or a chosen proposal's
// candidate or base) is unreviewed code from outside, its review and a confirmation checkbox are shown.
// Unless the address or the template gives a value, the incumbent harness version and the latest checkpoint
// are preselected (choices.suggested): launching "the next thing" should not start from H0 and no policy.
import { useActionState, useState } from "react";
import type { LaunchChoices } from "@/db/queries/launch-choices";
import type { HarnessReview } from "@/db/queries/harness-review-diff";
import { UnreviewedHarnessReview } from "./unreviewed-harness-review";
import { nextEpochAfter, paramField } from "@/lib/services/jobs/form-params";
import type { LaunchState } from "./launch-types";
import styles from "./jobs.module.css";

/** The parts of a placeholder the form needs (plain data from the server's validated template). */
export interface FormPlaceholder {
  type: string;
  label?: string;
  description?: string;
  optional?: boolean;
  min?: number;
  max?: number;
  default?: string | number;
  options?: string[];
  values?: string[];
  pattern?: string;
  maxLength?: number;
}

interface Props {
  experimentId: string;
  templateId: string;
  placeholders: Record<string, FormPlaceholder>;
  choices: LaunchChoices;
  prefill: Record<string, string>;
  /** The experiment's unreviewed harness versions, each with what a reviewer must see before confirming it. */
  reviews: HarnessReview[];
  /** Proposal id → its candidate and base version ids. */
  proposalVersions: Record<string, string[]>;
  action: (previous: LaunchState, formData: FormData) => Promise<LaunchState | { error: string }>;
}

const ID_TYPES = new Set(["checkpoint", "harness_version", "proposal"]);
const INT_TYPES = new Set(["epoch", "repeats", "seed"]);

export function LaunchForm({ experimentId, templateId, placeholders, choices, prefill, reviews, proposalVersions, action }: Props) {
  const [state, submit, pending] = useActionState(async (prev: LaunchState, form: FormData) => (await action(prev, form)) as LaunchState, null);
  const values = state?.values ?? prefill;
  const suggested = (p: FormPlaceholder) => (p.type === "checkpoint" || p.type === "harness_version" ? choices.suggested[p.type] : null);
  const initialOf = (name: string, p: FormPlaceholder) => values[name] ?? (p.default !== undefined ? String(p.default) : (suggested(p) ?? ""));
  // The harness-bearing choices as picked now (the selects stay uncontrolled; this follows their changes).
  const [picked, setPicked] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(placeholders).filter(([, p]) => ID_TYPES.has(p.type)).map(([name, p]) => [name, initialOf(name, p)])),
  );
  const running = new Set(
    Object.entries(placeholders).flatMap(([name, p]) => {
      const value = picked[name];
      if (!value) return [];
      if (p.type === "harness_version") return [value];
      return p.type === "proposal" ? (proposalVersions[value] ?? []) : [];
    }),
  );
  const shownReviews = reviews.filter((r) => running.has(r.version.id));
  // An epoch field follows the chosen checkpoint: training continues from it, so the next epoch is the one after its
  // own (a step-60 checkpoint of epoch 2 → epoch 3), unless the address or a failed launch gave a value.
  const checkpointPicked = Object.entries(placeholders).find(([, p]) => p.type === "checkpoint")?.[0];
  const pickedCheckpoint = checkpointPicked ? picked[checkpointPicked] : undefined;
  const epochInitial = (name: string, p: FormPlaceholder) =>
    values[name] ?? nextEpochAfter(pickedCheckpoint ? choices.checkpointEpochs[pickedCheckpoint] : undefined, p) ?? initialOf(name, p);
  const problemOf = (name: string) => state?.problems?.filter((p) => p.param === name).map((p) => p.message).join("; ");
  const general = state?.problems?.filter((p) => !(p.param in placeholders)) ?? [];

  return (
    <form action={submit} noValidate aria-label="Launch a job" className={styles.launchForm}>
      <input type="hidden" name="template" value={templateId} />
      <input type="hidden" name="experiment" value={experimentId} />
      <div className={styles.launchFields}>
        {Object.entries(placeholders).map(([name, p]) => {
          const id = `launch-${name}`;
          const problem = problemOf(name);
          const bounds = INT_TYPES.has(p.type) && p.min !== undefined ? `${p.min}–${p.max}` : null;
          const help = [p.description, bounds && (p.description ? `(${bounds})` : `A whole number, ${bounds}`)].filter(Boolean).join(" ");
          const describedBy = [help ? `${id}-help` : null, problem ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
          const common = { id, name: paramField(name), "aria-invalid": problem ? true : undefined, "aria-describedby": describedBy };
          const initial = p.type === "epoch" ? epochInitial(name, p) : initialOf(name, p);
          // key: a failed launch re-renders the fields with the values as sent; an epoch field also when the checkpoint changes.
          const key = `${name}:${state ? JSON.stringify(state.values ?? {}) : "prefill"}${p.type === "epoch" ? `:${pickedCheckpoint ?? ""}` : ""}`;
          return (
            <div className="form-field" key={name}>
              <label htmlFor={id}>
                {p.label ?? name}
                {p.optional ? <span className="muted"> (optional)</span> : null}
              </label>
              {ID_TYPES.has(p.type) ? (
                <select {...common} key={key} defaultValue={initial} onChange={(e) => setPicked((old) => ({ ...old, [name]: e.target.value }))}>
                  <option value="">{p.optional ? "— none —" : "choose…"}</option>
                  {initial && !choices[p.type as "checkpoint" | "harness_version" | "proposal"].some((c) => c.id === initial) && <option value={initial}>{initial}</option>}
                  {choices[p.type as "checkpoint" | "harness_version" | "proposal"].map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              ) : INT_TYPES.has(p.type) ? (
                <input {...common} key={key} type="number" inputMode="numeric" step={1} min={p.min} max={p.max} defaultValue={initial} />
              ) : (p.type === "benchmark" && p.options) || p.type === "enum" ? (
                <select {...common} key={key} defaultValue={initial}>
                  {p.default === undefined && <option value="">choose…</option>}
                  {(p.options ?? p.values ?? []).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...common} key={key} type="text" maxLength={p.maxLength} defaultValue={initial} spellCheck={false} />
              )}
              {help && (
                <span id={`${id}-help`} className="muted small">
                  {help}
                </span>
              )}
              {problem && (
                <span id={`${id}-error`} className={`small ${styles.error}`}>
                  {p.label ?? name} {problem}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {shownReviews.map((review) => (
        <UnreviewedHarnessReview key={review.version.id} review={review} refused={state?.unreviewed?.includes(review.version.id) ?? false} />
      ))}
      {state?.error && (
        <p className={`small ${styles.error}`} role="alert">
          Not launched: {state.error}
          {general.length > 0 && ` (${general.map((p) => `${p.param} ${p.message}`).join("; ")})`}
          {state.jobId && (
            <>
              {" "}
              — <a href={`/jobs/${encodeURIComponent(state.jobId)}`}>the failed job</a>
            </>
          )}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Launching…" : "Launch"}
        </button>
      </div>
    </form>
  );
}
