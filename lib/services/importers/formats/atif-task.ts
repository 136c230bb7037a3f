// Which task and attempt an ATIF trajectory is, from where its writer put the file: Harbor's trial folders,
// Harbor's golden file names, OpenAgents' tbench results tree; else the session id.

/**
 * The Harbor trial whose folder holds the file, if it is in one (harbor/models/trial/paths.py, TrialPaths): a
 * trial's agent writes to "<trial>/agent/"; a multi-step trial's agent output is moved to "<trial>/steps/<step>/agent/".
 */
export function trialOf(name: string): { trial: string; step?: string } | undefined {
  const parts = name.split("/");
  const n = parts.length;
  if (n < 3 || parts[n - 2] !== "agent") return undefined;
  if (n >= 5 && parts[n - 4] === "steps") return { trial: parts[n - 5]!, step: parts[n - 3]! };
  return { trial: parts[n - 3]! };
}

/** tbench's run folder, "YYYYMMDD-HHMMSS-<hex>", inside its task's folder (results/trajectories/<task>/<run>/). */
const TBENCH_RUN = /^\d{8}-\d{6}-[0-9a-f]{4,}$/;

/** Task and attempt from where Harbor (or tbench) puts the file, else from its name. */
export function atifTaskOf(name: string, sessionId: string | undefined): { instanceId: string; attempt: string } {
  const parts = name.split("/");
  const base = parts[parts.length - 1]!;
  const inTrial = trialOf(name);
  if (inTrial !== undefined) {
    const { trial, step } = inTrial;
    const cut = trial.lastIndexOf("__");
    const rest = base.replace(/\.json$/, "").replace(/^trajectory\.?/, "");
    const attempt = [trial, ...(step !== undefined ? [`step ${step}`] : []), ...(rest ? [rest] : [])].join(" ");
    return { instanceId: cut > 0 ? trial.slice(0, cut) : trial, attempt };
  }
  const golden = /^(.+?)\.trajectory(?:\.(.+))?\.json$/.exec(base);
  if (golden) return { instanceId: golden[1]!, attempt: golden[2] ?? "" };
  const stem = base.replace(/\.json$/, "");
  if (stem === "trajectory" && parts.length >= 3 && TBENCH_RUN.test(parts[parts.length - 2]!)) {
    return { instanceId: parts[parts.length - 3]!, attempt: parts[parts.length - 2]! };
  }
  if (stem === "trajectory" && sessionId) return { instanceId: sessionId, attempt: "" };
  const sub = /^trajectory\.(.+)$/.exec(stem);
  return { instanceId: sessionId ?? stem, attempt: sub ? sub[1]! : "" };
}
