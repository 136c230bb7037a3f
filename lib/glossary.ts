// Short explanations of the words of the trade the pages use without saying what they mean. One place, so a
// term means the same wherever its hint appears (components/ui/term.tsx shows them on hover and focus). Pure.
export const GLOSSARY = {
  cannotJudge:
    "The acceptance rule has nothing to judge by: no candidate comparison was stored (engineer patches are measured on failure packets instead), or one without rollouts or complete reported rates. A person decides, and an approve needs a reason.",
  baselineRow:
    "The row of the chosen baseline cell. On a benchmark where the baseline has no cell, this row's cell stands in: other rows' Δ there is measured against it.",
  usableRollouts:
    "Rollouts that count for training: not dropped by the length or reward filter, in a task whose rollouts on this side still hold both a success and a failure (GRPO learns nothing from all-pass or all-fail groups).",
  usableGroup:
    "A group GRPO learns from: after dropping truncated and unknown-reward rollouts it still holds both a success and a failure, so the advantages are not all zero.",
  inboxDelta:
    "Teacher proposals: the newest comparison's paired Δ of the pass rate (candidate − base, averaged over the tasks both sides ran). Engineer patches: the mean change of the target's success rate over the failure packets where the patch was valid and complete. The proposal page adds the 95 % interval.",
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY;
