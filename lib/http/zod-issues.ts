// The one way a failed zod parse is told to a person or a client: which field (its path, or the unknown keys
// of a strict object) and what is wrong with it. Routes, server actions, search params and job templates
// name the field the same way.
import type { z } from "zod";

type Issue = z.ZodError["issues"][number];

/** The field an issue is about: its path ("params.seed"), the unknown keys of a strict object, or `fallback`. */
export function issueField(issue: Issue, fallback: string): string {
  return issue.path.map(String).join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(", ") : fallback);
}

/** The first problem of a failed parse as "path: message" (just the message when it has no path). */
export function firstIssueText(error: z.ZodError, whenEmpty: string): string {
  const issue = error.issues[0];
  if (!issue) return whenEmpty;
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}
