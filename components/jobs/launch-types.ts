// What the launch action answers to its form (a success redirects instead): the message, the problems by
// parameter (shown by each field), the values as sent (so the form keeps them) and unconfirmed harness versions.
import type { ParamProblem } from "@/lib/services/jobs/render-command";

export type LaunchState = {
  error: string;
  problems?: ParamProblem[];
  values?: Record<string, string>;
  jobId?: string;
  /** Unreviewed harness versions the launch was refused for (each needs its confirmation ticked). */
  unreviewed?: string[];
} | null;
