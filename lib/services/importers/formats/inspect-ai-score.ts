// A reward in [0, 1] from an Inspect AI sample's scores, only where the score says so unambiguously.
// Inspect's own conversion (scorer/_metric.py, value_to_float) reads "C" (correct) as 1, "I" (incorrect)
// and "N" (no answer) as 0, "P" (partial) as 0.5, booleans and yes/no/true/false as 1/0.
import { isRecord, type JsonRecord } from "./untrusted-json";

const LETTERS: Record<string, number> = { C: 1, I: 0, N: 0, P: 0.5 };
const WORDS: Record<string, number> = { yes: 1, true: 1, no: 0, false: 0 };

/** The reward a score value stands for, or undefined when it is not a number in [0, 1] (e.g. 7 of 10, a dict). */
export function rewardOfValue(value: unknown): number | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text in LETTERS) return LETTERS[text];
  const word = WORDS[text.toLowerCase()];
  if (word !== undefined) return word;
  if (text === "" || Number.isNaN(Number(text))) return undefined;
  return rewardOfValue(Number(text));
}

/**
 * The reward of a sample: its one scorer's value. With several scorers (say accuracy and a model grader)
 * no single one is "the" reward, so the outcome stays unknown and the scores are kept as metadata.
 */
export function rewardOfScores(scores: JsonRecord | undefined): number | undefined {
  if (scores === undefined) return undefined;
  const entries = Object.values(scores);
  if (entries.length !== 1 || !isRecord(entries[0])) return undefined;
  return rewardOfValue(entries[0].value);
}
