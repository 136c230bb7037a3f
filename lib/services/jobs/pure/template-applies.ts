// Which experiments a job template applies to. The reference experiment's phase templates run
// `harness-lab reference-job`, which needs an experiment the reference experiment made (its config names a seed and a
// size): offered anywhere else they could only fail, so an imported or Python-trainer experiment does not see them.
// Pure: the launch page filters with it and a launch through the API is refused with its reason.

/** An experiment config the reference experiment wrote: an integer seed and a size it knows. */
export function isReferenceConfig(config: Record<string, unknown> | null | undefined): boolean {
  return !!config && Number.isInteger(config.seed) && (config.size === "small" || config.size === "default");
}

/** The template's command runs a phase of the reference experiment. */
export const runsReferencePhase = (command: readonly string[]) => command.includes("reference-job");

/** Null when the template applies to the experiment, else why not (for the page and the API's 400). */
export function whyTemplateDoesNotApply(command: readonly string[], experiment: { id: string; config: Record<string, unknown> | null }): string | null {
  if (runsReferencePhase(command) && !isReferenceConfig(experiment.config)) {
    return `runs a phase of the reference experiment, and experiment "${experiment.id}" is not one (its config names no seed and size)`;
  }
  return null;
}
