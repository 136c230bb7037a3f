// The untrained policy's weights: weak domain priors, written as named entries so each one can be
// read and argued with. They encode habits a novice programmer has (look before editing, prefer the
// lines a failure points at, do not submit straight away) at strengths that leave plenty of random
// behaviour: the untrained policy should fix an easy task now and then, not reliably. They are not
// tuned against any result; training with GRPO is what is supposed to improve them.
import { EDIT_OPERATORS, type EditOperator } from "../types";
import {
  CONTEXT_FEATURES, LINE_FEATURES, OPERATOR_FEATURES, PATTERN_FEATURES, SYMPTOMS, toolCategory, type Symptom,
} from "./features";

type ContextFeature = (typeof CONTEXT_FEATURES)[number];

function vector(names: readonly string[], entries: Record<string, number>): number[] {
  const out = new Array<number>(names.length).fill(0);
  for (const [name, value] of Object.entries(entries)) {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`unknown feature ${name}`);
    out[index] = value;
  }
  return out;
}

const TOOL_PRIORS: Record<string, Partial<Record<ContextFeature, number>>> = {
  view: { bias: 0.6, viewed: -1.6, "last:view": -1 },
  run_tests: {
    bias: 0.1, "state:untested": 0.3, "state:unverified-edit": 1.2, "last:test": -0.8, "hint:verify": 1,
  },
  search: { bias: -0.4, symptoms: 0.3, "suspicious-lines": -0.3, "last:search": -0.6, "hint:search": 1 },
  edit: {
    bias: -0.3, viewed: 0.6, "suspicious-lines": 0.7, "state:unedited-tested": 0.4, "state:edit-failing": 0.3,
    "state:edit-passing": -1, "edits-3+": -0.5, "last:edit": -0.4, "hint:applicable": 0.3,
  },
  submit: {
    bias: -1.5, "state:edit-passing": 2, "state:unverified-edit": 0.3, "turns-used": 1.5, "hint:submit": 1, "hint:verify": -0.5,
  },
  view_diff: { bias: -1, edited: 0.5, "last:edit": 0.2 },
};

/**
 * Prior weights for a tool. A harness tool the policy has never seen starts like the core tool of its
 * family (a related-tests runner like run_tests), slightly less likely, or near-silent when unknown.
 */
export function initialToolWeights(tool: string): number[] {
  const own = TOOL_PRIORS[tool];
  if (own) return vector(CONTEXT_FEATURES, own);
  const category = toolCategory(tool);
  if (category === "test") {
    const w = vector(CONTEXT_FEATURES, TOOL_PRIORS.run_tests);
    w[CONTEXT_FEATURES.indexOf("bias")] -= 0.2;
    return w;
  }
  return vector(CONTEXT_FEATURES, { bias: -0.8 });
}

const priorCache = new Map<string, readonly number[]>();

/**
 * The same prior, computed once per tool and shared read-only: a harness tool the policy was never trained on (a
 * proposal's `view_diff`) is scored with its prior at every decision, and building the vector by name each time
 * was 40 % of a default run whose harness had one (seed 21). Callers that will change the weights take
 * initialToolWeights' fresh copy instead.
 */
export function sharedInitialToolWeights(tool: string): readonly number[] {
  let prior = priorCache.get(tool);
  if (!prior) priorCache.set(tool, (prior = Object.freeze(initialToolWeights(tool))));
  return prior;
}

/** Which operator a symptom suggests: the reading of a failing message a programmer would start from. */
const SUGGESTED: Record<Symptom, readonly EditOperator[]> = {
  "off-by-one-value": ["toggle-inclusive", "increment-constant", "decrement-constant"],
  "wrong-sign": ["swap-operator"],
  "wrong-value": ["swap-operator", "increment-constant", "decrement-constant", "swap-arguments"],
  "wrong-boolean": ["flip-comparison", "negate-condition"],
  "wrong-order": ["swap-arguments"],
  threw: ["add-guard"],
  timeout: ["toggle-inclusive", "flip-comparison"],
  other: [],
};

function pairEntries(prefix: string, strength: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of SYMPTOMS) for (const op of SUGGESTED[s]) out[`${prefix}${s}×${op}`] = strength;
  return out;
}

export function initialLineWeights(): number[] {
  return vector(LINE_FEATURES, {
    suspicious: 1.2, "first-suspicious": 0.5, "near-suspicious": 0.3, "no-operator": -1, "operator-count": 0.3,
    "offers-suggested": 0.3,
    ...pairEntries("offers:", 0.3),
  });
}

export function initialOperatorWeights(): number[] {
  // "applicable" is strong but finite: the untrained policy still issues an edit that does not apply
  // now and then, which is what a harness hook that refuses malformed edits is for.
  // A hint's mechanism is followed only a little at first: whether it helps is for training to find out.
  return vector(OPERATOR_FEATURES, { applicable: 2, "suggested-by-hint": 0.5, ...pairEntries("symptom:", 0.7) });
}

export function initialPatternWeights(): number[] {
  return vector(PATTERN_FEATURES, { "relevant-to-symptom": 0.5 });
}
