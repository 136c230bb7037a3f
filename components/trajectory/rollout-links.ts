// URLs of the pages a rollout links to, built from ids with encodeURIComponent (ids from importers
// hold ":", "/" and spaces; never a model-provided string as an href).

const e = encodeURIComponent;

export const rolloutHref = (id: string) => `/rollouts/${e(id)}`;
export const compareHref = (left: string, right: string, align?: "step") =>
  `/rollouts/compare?left=${e(left)}&right=${e(right)}${align ? `&align=${align}` : ""}`;
export const taskHref = (id: string) => `/tasks/${e(id)}`;
export const experimentHref = (id: string) => `/experiments/${e(id)}`;
export const harnessVersionsHref = (experimentId: string) => `/experiments/${e(experimentId)}#harness-versions`;
export const runHref = (id: string) => `/runs/${e(id)}`;
export const stepHref = (runId: string, step: number) => `/runs/${e(runId)}/steps/${step}`;
export const groupHref = (runId: string, step: number, groupId: string) => `/runs/${e(runId)}/steps/${step}/groups/${e(groupId)}`;
export const sourceFileHref = (id: string) => `/api/v1/source-files/${e(id)}`;
