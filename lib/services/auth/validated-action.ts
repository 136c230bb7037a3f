// The one way a server action takes a form: guardedAction checks the session and the role, then the form's fields
// (the keys of the schema: one value each, or every value for an array field; a missing field reads as "") are
// parsed by the action's zod schema, and a failure is the form message "field: reason" before `body` runs.
import "server-only";
import type { z } from "zod";
import type { Role } from "../../domain/vocabulary";
import { zodErrorMessage, type ActionError } from "./action-result";
import { guardedAction, type GuardedAction } from "./guarded-action";
import type { SessionUser } from "./users";

type FormSchema = z.ZodObject;

/** Whether a field's schema (through optional, default, preprocess) is an array: its values are form.getAll. */
function isArrayField(schema: z.ZodType): boolean {
  let def = (schema as unknown as { def: { type: string; innerType?: z.ZodType; out?: z.ZodType } }).def;
  for (let depth = 0; depth < 8; depth += 1) {
    if (def.type === "array") return true;
    const next = def.innerType ?? def.out;
    if (!next) return false;
    def = (next as unknown as { def: typeof def }).def;
  }
  return false;
}

/** The schema's fields read from a form; `formData` is not a FormData when an action is called by hand. */
export function formFields(schema: FormSchema, formData: unknown): Record<string, unknown> {
  const form = formData instanceof FormData ? formData : new FormData();
  return Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, isArrayField(field as z.ZodType) ? form.getAll(key) : (form.get(key) ?? "")]));
}

/**
 * A server action for `useActionState` forms: `(previous, formData)`. `body` gets the user, the parsed input and
 * the form itself (for fields beyond the schema, like a job's parameters); it may still redirect().
 */
export function validatedAction<S extends FormSchema, R>(
  minRole: Role,
  schema: S,
  body: (user: SessionUser, input: z.output<S>, form: FormData) => Promise<R>,
): GuardedAction<[previous: unknown, formData?: FormData], R | ActionError> {
  return guardedAction(minRole, async (user, _previous: unknown, formData?: FormData): Promise<R | ActionError> => {
    const parsed = schema.safeParse(formFields(schema, formData));
    if (!parsed.success) return { error: zodErrorMessage(parsed.error) };
    return body(user, parsed.data, formData instanceof FormData ? formData : new FormData());
  });
}
