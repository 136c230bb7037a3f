// A small stochastic policy for the repair episodes: a linear softmax over the available tools, then —
// for an edit — a softmax over lines and one over operators, and for a search a softmax over a few
// patterns. Every softmax is sampled at the episode's temperature with one RNG draw, and recorded
// (features, options, chosen index) so GRPO can compute the gradient of its log-probability later.
// Parameters are plain arrays of numbers: a checkpoint is toJSON(), nothing else.
import type { Rng } from "../random";
import { EDIT_OPERATORS, type AgentAction, type DecisionContext, type EditOperator } from "../types";
import type { EpisodeDecision, EpisodePolicy } from "../episode/policy-interface";
import {
  CONTEXT_FEATURES, LINE_FEATURES, OPERATOR_FEATURES, PATTERN_FEATURES, SEARCH_PATTERNS, candidatePatterns,
  contextFeatures, lineFeatures, operatorFeatures, patternFeatures, suggestedOperators, symptomSet,
} from "./features";
import {
  initialLineWeights, initialOperatorWeights, initialPatternWeights, initialToolWeights, sharedInitialToolWeights,
} from "./initial-weights";
import { addPerOptionLogProbGradient, dot, gradientTemperature, sampleIndex, softmax } from "./softmax";

/** Most per-option features are zero; storing the non-zero ones keeps recorded decisions small. */
export interface SparseVector { i: number[]; v: number[] }

function toSparse(dense: readonly number[]): SparseVector {
  const out: SparseVector = { i: [], v: [] };
  dense.forEach((x, k) => {
    if (x !== 0) {
      out.i.push(k);
      out.v.push(x);
    }
  });
  return out;
}

function sparseDot(w: readonly number[], s: SparseVector): number {
  let total = 0;
  for (let k = 0; k < s.i.length; k++) total += w[s.i[k]] * s.v[k];
  return total;
}

export type SharedHead = "line" | "operator" | "pattern";

/** One sampled softmax. The tool head has a weight vector per tool over one context vector. */
export type PolicyChoice =
  | { head: "tool"; options: string[]; context: number[]; chosen: number; temperature: number; logProb: number }
  | {
      head: SharedHead; options: Array<number | string>; features: SparseVector[];
      chosen: number; temperature: number; logProb: number;
    };

export interface SoftmaxDecision { policy: "softmax-v1"; choices: PolicyChoice[] }

export function isSoftmaxDecision(x: unknown): x is SoftmaxDecision {
  return typeof x === "object" && x !== null && (x as SoftmaxDecision).policy === "softmax-v1"
    && Array.isArray((x as SoftmaxDecision).choices);
}

export interface SoftmaxPolicyWeights {
  /** Per tool name, weights over CONTEXT_FEATURES. Tools a harness adds get an entry when first trained. */
  tool: Record<string, number[]>;
  line: number[];
  operator: number[];
  pattern: number[];
}

/** A gradient has the shape of the weights. */
export type PolicyGradient = SoftmaxPolicyWeights;

export interface SoftmaxPolicyCheckpoint {
  kind: "softmax-policy";
  version: 1;
  /** Feature names per head, so a checkpoint can be read (and refused if the layout changed). */
  features: { context: string[]; line: string[]; operator: string[]; pattern: string[] };
  weights: SoftmaxPolicyWeights;
}

const FEATURE_LAYOUT = {
  context: [...CONTEXT_FEATURES], line: [...LINE_FEATURES], operator: [...OPERATOR_FEATURES], pattern: [...PATTERN_FEATURES],
};

const logOf = (p: number) => Math.log(Math.max(p, 1e-300));

export class SoftmaxPolicy implements EpisodePolicy {
  private readonly weights: SoftmaxPolicyWeights;

  constructor(weights?: SoftmaxPolicyWeights) {
    this.weights = weights ?? {
      tool: Object.fromEntries(["view", "run_tests", "search", "edit", "submit"].map((t) => [t, initialToolWeights(t)])),
      line: initialLineWeights(),
      operator: initialOperatorWeights(),
      pattern: initialPatternWeights(),
    };
  }

  /** The weights of a tool, falling back to its prior when training has not touched it yet (read-only here). */
  private toolWeights(tool: string): readonly number[] {
    return this.weights.tool[tool] ?? sharedInitialToolWeights(tool);
  }

  decide(ctx: DecisionContext, rng: Rng, temperature: number): EpisodeDecision {
    // Without lines there is nothing to edit; offering the tool would only produce malformed edits.
    const tools = ctx.lineCount > 0 ? ctx.tools : ctx.tools.filter((t) => t !== "edit");
    if (tools.length === 0) throw new Error("the decision context offers no tools");
    const choices: PolicyChoice[] = [];

    const context = contextFeatures(ctx);
    const toolProbs = softmax(tools.map((t) => dot(this.toolWeights(t), context)), temperature);
    const toolIndex = sampleIndex(toolProbs, rng);
    const tool = tools[toolIndex];
    choices.push({ head: "tool", options: [...tools], context, chosen: toolIndex, temperature, logProb: logOf(toolProbs[toolIndex]) });

    const symptoms = symptomSet(ctx);
    const suggested = suggestedOperators(ctx.hints);
    const sample = (head: SharedHead, options: Array<number | string>, features: SparseVector[]) => {
      const probs = softmax(features.map((f) => sparseDot(this.weights[head], f)), temperature);
      const chosen = sampleIndex(probs, rng);
      choices.push({ head, options, features, chosen, temperature, logProb: logOf(probs[chosen]) });
      return { chosen, p: probs[chosen] };
    };

    let action: AgentAction;
    let reasoning: string;
    if (tool === "edit") {
      const lines = Array.from({ length: ctx.lineCount }, (_, k) => k + 1);
      const lineChoice = sample("line", lines, lines.map((l) => toSparse(lineFeatures(ctx, l, symptoms, suggested))));
      const line = lines[lineChoice.chosen];
      const ops = [...EDIT_OPERATORS];
      const opChoice = sample("operator", ops, ops.map((op) => toSparse(operatorFeatures(ctx, line, op, symptoms, suggested))));
      const operator: EditOperator = ops[opChoice.chosen];
      action = { tool: "edit", line, operator };
      const why = [
        ctx.suspiciousLines.includes(line) ? "a failure points at it" : "not pointed at by any failure",
        ctx.symptoms.length > 0 ? `symptoms: ${ctx.symptoms.join(", ")}` : "no symptom seen yet",
      ];
      reasoning = `edit line ${line} with ${operator} (${why.join("; ")}; p(line)=${lineChoice.p.toFixed(2)}, p(op)=${opChoice.p.toFixed(2)})`;
    } else if (tool === "search") {
      const candidates = candidatePatterns(ctx);
      const patternChoice = sample(
        "pattern",
        candidates.map((k) => SEARCH_PATTERNS[k].pattern),
        candidates.map((k) => toSparse(patternFeatures(ctx, k, symptoms))),
      );
      const pattern = SEARCH_PATTERNS[candidates[patternChoice.chosen]].pattern;
      action = { tool: "search", pattern };
      reasoning = `search for "${pattern}"${ctx.symptoms.length > 0 ? ` (symptoms: ${ctx.symptoms.join(", ")})` : ""}`;
    } else {
      action = { tool };
      reasoning = describeTool(tool, ctx);
    }
    reasoning += ` [p(${tool})=${toolProbs[toolIndex].toFixed(2)}]`;
    const decision: SoftmaxDecision = { policy: "softmax-v1", choices };
    return { action, reasoning, decision };
  }

  /** Tool probabilities in a context, for inspection and tests. */
  toolProbabilities(ctx: DecisionContext, temperature = 1): Record<string, number> {
    const context = contextFeatures(ctx);
    const probs = softmax(ctx.tools.map((t) => dot(this.toolWeights(t), context)), temperature);
    return Object.fromEntries(ctx.tools.map((t, k) => [t, probs[k]]));
  }

  private choiceProbs(choice: PolicyChoice): number[] {
    if (choice.head === "tool") {
      return softmax(choice.options.map((t) => dot(this.toolWeights(t), choice.context)), choice.temperature);
    }
    return softmax(choice.features.map((f) => sparseDot(this.weights[choice.head], f)), choice.temperature);
  }

  /** log π(decision) under the current weights (sum over its softmaxes). */
  logProbability(decision: unknown): number {
    if (!isSoftmaxDecision(decision)) return 0;
    return decision.choices.reduce((sum, c) => sum + logOf(this.choiceProbs(c)[c.chosen]), 0);
  }

  zeroGradient(): PolicyGradient {
    const zeros = (n: number) => new Array<number>(n).fill(0);
    return {
      tool: Object.fromEntries(Object.keys(this.weights.tool).map((t) => [t, zeros(CONTEXT_FEATURES.length)])),
      line: zeros(LINE_FEATURES.length),
      operator: zeros(OPERATOR_FEATURES.length),
      pattern: zeros(PATTERN_FEATURES.length),
    };
  }

  /**
   * Adds scale · ∇ log π(decision) into grad, at the current weights. Returns the number of softmax
   * choices used (0 for anything that is not one of this policy's decisions).
   */
  accumulateGradient(decision: unknown, scale: number, grad: PolicyGradient): number {
    if (!isSoftmaxDecision(decision)) return 0;
    for (const choice of decision.choices) {
      const probs = this.choiceProbs(choice);
      if (choice.head === "tool") {
        const rows = choice.options.map((t) => (grad.tool[t] ??= new Array<number>(CONTEXT_FEATURES.length).fill(0)));
        addPerOptionLogProbGradient(choice.context, probs, choice.chosen, choice.temperature, scale, rows);
      } else {
        const into = grad[choice.head];
        const factor = scale / gradientTemperature(choice.temperature);
        choice.features.forEach((f, k) => {
          const coefficient = ((k === choice.chosen ? 1 : 0) - probs[k]) * factor;
          if (coefficient !== 0) for (let j = 0; j < f.i.length; j++) into[f.i[j]] += coefficient * f.v[j];
        });
      }
    }
    return decision.choices.length;
  }

  /**
   * Adds scale · ∇ KL(π(·|s) ‖ π_ref(·|s)) into grad for every softmax of the decision, exactly over
   * its options (they are few): ∂KL/∂score_b = π_b (log π_b − log ρ_b − KL) / T. Returns the summed KL.
   * GRPO's KL term keeps the policy near a reference; the caller passes a negative scale (−β / N).
   */
  accumulateKlGradient(decision: unknown, reference: SoftmaxPolicy, scale: number, grad: PolicyGradient): number {
    if (!isSoftmaxDecision(decision)) return 0;
    let total = 0;
    for (const choice of decision.choices) {
      const p = this.choiceProbs(choice);
      const r = reference.choiceProbs(choice);
      let kl = 0;
      for (let b = 0; b < p.length; b++) if (p[b] > 0) kl += p[b] * (logOf(p[b]) - logOf(r[b]));
      total += kl;
      const factor = scale / gradientTemperature(choice.temperature);
      const coefficients = p.map((pb, b) => (pb > 0 ? pb * (logOf(pb) - logOf(r[b]) - kl) * factor : 0));
      if (choice.head === "tool") {
        choice.options.forEach((t, b) => {
          if (coefficients[b] === 0) return;
          const row = (grad.tool[t] ??= new Array<number>(CONTEXT_FEATURES.length).fill(0));
          for (let k = 0; k < choice.context.length; k++) row[k] += coefficients[b] * choice.context[k];
        });
      } else {
        const into = grad[choice.head];
        choice.features.forEach((f, b) => {
          if (coefficients[b] !== 0) for (let j = 0; j < f.i.length; j++) into[f.i[j]] += coefficients[b] * f.v[j];
        });
      }
    }
    return total;
  }

  /**
   * Gradient ascent: w += learningRate · grad, after scaling grad down to maxGradNorm when it is
   * larger (a guard against one odd batch throwing the small policy far off).
   */
  applyGradient(grad: PolicyGradient, learningRate: number, maxGradNorm = Infinity): { gradNorm: number; clipped: boolean } {
    const gradNorm = gradientNorm(grad);
    const clipped = gradNorm > maxGradNorm;
    const step = clipped ? (learningRate * maxGradNorm) / gradNorm : learningRate;
    const add = (w: number[], g: readonly number[]) => {
      for (let k = 0; k < w.length; k++) w[k] += step * g[k];
    };
    for (const [tool, g] of Object.entries(grad.tool)) add((this.weights.tool[tool] ??= initialToolWeights(tool)), g);
    add(this.weights.line, grad.line);
    add(this.weights.operator, grad.operator);
    add(this.weights.pattern, grad.pattern);
    return { gradNorm, clipped };
  }

  toJSON(): SoftmaxPolicyCheckpoint {
    return {
      kind: "softmax-policy",
      version: 1,
      features: structuredClone(FEATURE_LAYOUT),
      weights: structuredClone(this.weights),
    };
  }

  static fromJSON(json: unknown): SoftmaxPolicy {
    const c = json as SoftmaxPolicyCheckpoint;
    if (typeof c !== "object" || c === null || c.kind !== "softmax-policy" || c.version !== 1) {
      throw new Error("not a softmax-policy checkpoint (version 1)");
    }
    for (const head of ["context", "line", "operator", "pattern"] as const) {
      if (JSON.stringify(c.features?.[head]) !== JSON.stringify(FEATURE_LAYOUT[head])) {
        throw new Error(`checkpoint feature layout of the ${head} head differs from this code's`);
      }
    }
    const numbers = (xs: unknown, n: number, what: string): number[] => {
      if (!Array.isArray(xs) || xs.length !== n || !xs.every((x) => typeof x === "number" && Number.isFinite(x))) {
        throw new Error(`checkpoint weights of ${what} are not ${n} finite numbers`);
      }
      return [...xs];
    };
    const w = c.weights;
    return new SoftmaxPolicy({
      tool: Object.fromEntries(Object.entries(w.tool ?? {}).map(([t, xs]) => [t, numbers(xs, CONTEXT_FEATURES.length, `tool ${t}`)])),
      line: numbers(w.line, LINE_FEATURES.length, "line"),
      operator: numbers(w.operator, OPERATOR_FEATURES.length, "operator"),
      pattern: numbers(w.pattern, PATTERN_FEATURES.length, "pattern"),
    });
  }

  clone(): SoftmaxPolicy {
    return new SoftmaxPolicy(structuredClone(this.weights));
  }
}

export function gradientNorm(grad: PolicyGradient): number {
  let sum = 0;
  const add = (g: readonly number[]) => {
    for (const x of g) sum += x * x;
  };
  Object.values(grad.tool).forEach(add);
  add(grad.line);
  add(grad.operator);
  add(grad.pattern);
  return Math.sqrt(sum);
}

function describeTool(tool: string, ctx: DecisionContext): string {
  switch (tool) {
    case "view":
      return "read the file";
    case "run_tests":
      return ctx.editsMade > 0 ? "check the last edit with the tests" : "run the tests to see what fails";
    case "submit":
      return ctx.lastTestsPassed === true ? "tests pass: submit" : "submit the current patch";
    default:
      return `use ${tool}`;
  }
}
