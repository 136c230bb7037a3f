// Addresses of the trajectory pages (see ROUTES.md), built from ids with encodeURIComponent so ids holding
// ":", "/", spaces or "%" (e.g. "swe-bench:astropy__astropy-12907") survive the round trip. Pure: server and
// client components both use it. Never pass a model-provided string here, only ids from the store.

const enc = encodeURIComponent;

export const runPath = (runId: string) => `/runs/${enc(runId)}`;

export const stepPath = (runId: string, step: number) => `${runPath(runId)}/steps/${step}`;

export const groupPath = (runId: string, step: number, groupId: string) => `${stepPath(runId, step)}/groups/${enc(groupId)}`;

export const rolloutPath = (rolloutId: string) => `/rollouts/${enc(rolloutId)}`;

/** Two rollouts side by side; `align: "step"` pairs assistant steps instead of turn indices. */
export const comparePath = (left: string, right: string, align?: "step") =>
  `/rollouts/compare?left=${enc(left)}&right=${enc(right)}${align ? `&align=${align}` : ""}`;

export const taskPath = (taskId: string) => `/tasks/${enc(taskId)}`;

export const experimentPath = (experimentId: string) => `/experiments/${enc(experimentId)}`;

/** Where a harness version label links: the experiment's harness history (tree, origins, diffs). */
export const harnessVersionsPath = (experimentId: string) => `${experimentPath(experimentId)}/harness`;

export const sourceFilePath = (sourceFileId: string) => `/api/v1/source-files/${enc(sourceFileId)}`;

export const runTrajectoriesPath = (runId: string) => `/trajectories?run=${enc(runId)}`;

export const proposalPath = (proposalId: string) => `/proposals/${enc(proposalId)}`;

/** Two harness versions side by side in Monaco: base → candidate. */
export const harnessComparePath = (baseVersionId: string, candidateVersionId: string) =>
  `/harness-versions/compare?base=${enc(baseVersionId)}&candidate=${enc(candidateVersionId)}`;

// Results pages (issue 6). Each keeps its settings in the query string, so a link reproduces the view; these
// build the bare address, the pages add their own parameters.

/** Training curves of several runs overlaid (across experiments). */
export const curvesPath = (runIds: readonly string[] = []) =>
  runIds.length ? `/compare/curves?runs=${runIds.map(enc).join(",")}` : "/compare/curves";

/** The checkpoint × harness version × benchmark matrix of one experiment. */
export const experimentComparePath = (experimentId: string) => `${experimentPath(experimentId)}/compare`;

/** The matrix across experiments (the paper's Table 1: methods × benchmarks). */
export const crossComparePath = (experimentIds: readonly string[] = []) =>
  experimentIds.length ? `/compare?experiments=${experimentIds.map(enc).join(",")}` : "/compare";

/** The harness versions of an experiment as a tree, with a diff between any two. */
export const harnessHistoryPath = (experimentId: string) => `${experimentPath(experimentId)}/harness`;

/** Rollouts by purpose, tokens, cost and teacher/engineer calls of one experiment. */
export const experimentCostPath = (experimentId: string) => `${experimentPath(experimentId)}/cost`;

/** The cost of several experiments side by side. */
export const crossCostPath = (experimentIds: readonly string[] = []) =>
  experimentIds.length ? `/compare/cost?experiments=${experimentIds.map(enc).join(",")}` : "/compare/cost";

/**
 * Harness-R1: hook-position ablation, generalisation grid, engineer reward curve. `view` carries the page's
 * settings (base / patched versions of the grid, full patch / checkpoint of the ablation), in a fixed order.
 */
export const harnessR1Path = (experimentId: string, view: Partial<Record<"base" | "patched" | "full" | "checkpoint", string>> = {}) => {
  const query = (["base", "patched", "full", "checkpoint"] as const)
    .filter((k) => view[k] !== undefined && view[k] !== "")
    .map((k) => `${k}=${enc(view[k] as string)}`)
    .join("&");
  return `${experimentPath(experimentId)}/harness-r1${query ? `?${query}` : ""}`;
};

// Jobs (issue 7).

export const jobPath = (jobId: string) => `/jobs/${enc(jobId)}`;

/** The jobs page filtered (the same parameter names as GET /api/v1/jobs); empty values are left out. */
export const jobsPath = (filters: Partial<Record<"status" | "executor" | "experiment" | "kind" | "template" | "launchedBy", string>> = {}) => {
  const query = (["status", "executor", "experiment", "kind", "template", "launchedBy"] as const)
    .filter((k) => filters[k])
    .map((k) => `${k}=${enc(filters[k] as string)}`)
    .join("&");
  return `/jobs${query ? `?${query}` : ""}`;
};

/** The launch form of an experiment: `template` chosen, `params` prefilled (placeholder name → value). */
export const launchPath = (experimentId: string, templateId?: string, params: Record<string, string> = {}) => {
  const pairs = [...(templateId ? [["template", templateId]] : []), ...Object.entries(params).filter(([, v]) => v !== "")];
  const query = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
  return `${experimentPath(experimentId)}/launch${query ? `?${query}` : ""}`;
};

export const jobTemplatesPath = () => "/settings/job-templates";
