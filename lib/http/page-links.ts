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

export const harnessVersionsPath = (experimentId: string) => `${experimentPath(experimentId)}#harness-versions`;

export const sourceFilePath = (sourceFileId: string) => `/api/v1/source-files/${enc(sourceFileId)}`;

export const runTrajectoriesPath = (runId: string) => `/trajectories?run=${enc(runId)}`;

export const proposalPath = (proposalId: string) => `/proposals/${enc(proposalId)}`;

/** Two harness versions side by side in Monaco: base → candidate. */
export const harnessComparePath = (baseVersionId: string, candidateVersionId: string) =>
  `/harness-versions/compare?base=${enc(baseVersionId)}&candidate=${enc(candidateVersionId)}`;
