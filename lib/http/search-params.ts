// Query-string parsing for the read API: one zod schema per route; a bad parameter is refused (refuseParameter)
// in the same shape as every other route's, naming the parameter as `field`.
import { z } from "zod";
import { refuseParameter, type Refused } from "./refusal";
import { issueField } from "./zod-issues";

export function parseSearchParams<S extends z.ZodType>(url: string, schema: S): { ok: true; data: z.output<S> } | Refused {
  const params = new URL(url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = parsed.error.issues.map((issue) => ({
    parameter: issueField(issue, ""),
    message: issue.message,
  }));
  const first = errors[0];
  return refuseParameter(first.parameter, first.message, errors);
}

/** Common query-string field types. */
export const QueryId = z.string().min(1, "must not be empty").max(256, "must be at most 256 characters");
export const QueryInt = (min: number, max: number) =>
  z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
export const QueryBool = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");
