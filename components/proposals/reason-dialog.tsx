"use client";
// Asks for the reason of a decision in a modal dialog (the native <dialog>: focus stays inside, Escape
// cancels). The reason field gets the focus on opening; closing hands the focus back to `returnFocus`.
// A refusal from the server (e.g. a missing reason) is shown inside and the dialog stays open.
import { useEffect, useId, useRef, type FormEvent } from "react";
import styles from "./proposals.module.css";

export interface ReasonRequest {
  proposalId: string;
  title: string;
  verdict: "accept" | "reject";
  /** Why a reason is asked for, e.g. "The acceptance rule says reject (…)". */
  hint: string | null;
}

interface Props {
  request: ReasonRequest | null;
  pending: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  returnFocus?: () => void;
}

export function ReasonDialog({ request, pending, error, onSubmit, onCancel, returnFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const open = request !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (reasonRef.current) reasonRef.current.value = "";
      reasonRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus?.();
    }
  }, [open, returnFocus]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(reasonRef.current?.value ?? "");
  };
  const verb = request?.verdict === "accept" ? "Approve" : "Reject";

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        // Escape: the dialog closes through the same state as the Cancel button, so focus returns the same way.
        event.preventDefault();
        onCancel();
      }}
    >
      {request && (
        <form onSubmit={submit} className={styles.dialogForm}>
          <h2 id={`${id}-title`}>
            {verb} “{request.title}”
          </h2>
          {request.hint && <p className="muted small">{request.hint}</p>}
          <div className="form-row">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <textarea id={`${id}-reason`} ref={reasonRef} name="reason" maxLength={4000} aria-describedby={error ? `${id}-error` : undefined} />
          </div>
          {error && (
            <p id={`${id}-error`} className="error" role="alert">
              {error}
            </p>
          )}
          <div className={styles.dialogButtons}>
            <button type="button" className="button button-secondary" onClick={onCancel}>
              Cancel
            </button>
            <button type="submit" className={request.verdict === "accept" ? "button" : "button button-danger"} disabled={pending}>
              {verb}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
