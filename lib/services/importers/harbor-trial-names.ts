// A Harbor trial's agent folder given on its own ("harbor-lab import jobs/<job>/<trial>/agent") keeps the trial in
// its files' names: "<trial>/agent/trajectory.json", not "agent/trajectory.json". The trial folder is what names the
// task and the attempt (atif.ts) and what the trial's result.json verdict joins on, so without it the verdict could
// never join. Harbor writes a trial to "<job>/<task[:32]>__<7 chars>/" (TrialConfig.generate_trial_name) with its
// config.json first, the agent's files under agent/ (or steps/<step>/agent/ for a multi-step trial).
import fs from "node:fs";
import path from "node:path";

const TRIAL_NAME = /^.+__[0-9A-Za-z]{7}$/;
const TRIAL_PARTS = new Set(["agent", "steps"]);

/**
 * The name of `abs` from its Harbor trial folder on ("<trial>/agent" for the agent folder, "<trial>/agent/x.json"
 * for a file in it) when `abs` lies inside a trial's agent/ or steps/ folder; undefined otherwise.
 */
export function nameInHarborTrial(abs: string): string | undefined {
  const parts = path.resolve(abs).split(path.sep);
  for (let i = parts.length - 2; i >= Math.max(1, parts.length - 6); i--) {
    if (!TRIAL_PARTS.has(parts[i + 1]!)) continue;
    const trialDir = parts.slice(0, i + 1).join(path.sep);
    if (TRIAL_NAME.test(parts[i]!) || fs.existsSync(path.join(trialDir, "config.json"))) return parts.slice(i).join("/");
  }
  return undefined;
}
