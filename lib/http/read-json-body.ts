// The one way a route reads a JSON body: its type (when the route asks for application/json), its size (counted
// as it streams, so a chunked body without Content-Length cannot pass the limit), JSON syntax, then the route's
// zod schema. Each failure is a Refusal naming the field ("body" or the schema's path), so every route that
// reads JSON refuses the same way (413, 415, 400) and nothing is written before the body is whole and valid.
import type { z } from "zod";
import { readLimited } from "./read-limited";
import { refuse, type Refused } from "./refusal";
import { issueField } from "./zod-issues";

export interface JsonBodyLimits {
  maxBytes: number;
  /** What the body should be, for the 400 of a body that is not JSON: "a JSON object {template, experiment, params}". */
  expected: string;
  /** Refuse (415) a Content-Type other than application/json. */
  requireJsonType?: boolean;
  /** An empty body reads as undefined instead of being refused (rllm's logger posts some endpoints bare). */
  allowEmpty?: boolean;
  /** Say the limit in MB rather than bytes. */
  limitInMb?: boolean;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  limits: JsonBodyLimits,
): Promise<{ ok: true; data: z.output<S> } | Refused> {
  if (limits.requireJsonType) {
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") return refuse("unsupported_type", `send application/json: ${limits.expected}`, { field: "body" });
  }
  const tooLarge = refuse("too_large", limits.limitInMb ? `body: over ${limits.maxBytes / 1024 / 1024} MB` : `body: at most ${limits.maxBytes} bytes`, { field: "body" });
  if (Number(request.headers.get("content-length") ?? 0) > limits.maxBytes) return tooLarge;
  const bytes = await readLimited(request.body, limits.maxBytes, { leaveRest: true });
  if (bytes === null) return tooLarge;
  let raw: unknown = undefined;
  try {
    const text = decoder.decode(bytes);
    if (!(limits.allowEmpty && text.trim() === "")) raw = JSON.parse(text);
  } catch (error) {
    return refuse("invalid", `body: must be ${limits.expected} (${(error as Error).message})`, { field: "body" });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issueField(issue, "body");
    return refuse("invalid", `${field}: ${issue.message}`, { field });
  }
  return { ok: true, data: parsed.data };
}
