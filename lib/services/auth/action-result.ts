// The shape every server action returns, so forms render one kind of message whatever went wrong.
import type { ZodError } from "zod";
import { firstIssueText } from "../../http/zod-issues";

export type ActionError = { error: string };
export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionError;
/** useActionState starts with no result. */
export type ActionState<T extends object = object> = ActionResult<T> | null;

export function isActionError(value: unknown): value is ActionError {
  return typeof value === "object" && value !== null && typeof (value as { error?: unknown }).error === "string";
}

/** "name: must not be empty" — the form field comes first so the person knows what to fix. */
export function zodErrorMessage(error: ZodError): string {
  return firstIssueText(error, "invalid input");
}
