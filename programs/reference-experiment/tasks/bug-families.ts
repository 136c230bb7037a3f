// Where each bug family can be injected in a correct source, and with which edit. A bug is always the
// inverse of an agent operator applied at one line, so the family says which operators fix it:
//
//   family             injected as (at the line's first site)               fixed by
//   off-by-one         ±1 on a bound/index literal, or < ↔ <= in a loop head  decrement/increment-constant, toggle-inclusive
//   wrong-constant     ±1 on any other integer literal (0, 100, 400, -1 …)    decrement/increment-constant
//   wrong-comparison   < ↔ > anywhere, or < ↔ <= outside loop heads           flip-comparison, toggle-inclusive
//   wrong-operator     + ↔ -, * ↔ /                                           swap-operator
//   swapped-arguments  first two arguments of a call exchanged                swap-arguments
//   negated-condition  if/while (c) → (!(c))                                  negate-condition
//   missing-guard      the `if (p == null) return …;` after a header removed  add-guard (at the header line)
//
// A literal is a "bound/index" literal when it sits in a for/while head, next to a binary + or -
// (`length - 1`, `mid + 1`), or right after "[", "(" or "," (an index or a slice bound). Everything else
// (initial values, thresholds, divisors, sentinel returns) is a "constant".
import type { BugFamily, EditOperator } from "../types";
import { fixFor, lineSites, type InjectionOperator, type LineSites } from "./edit-operators";
import { hasGuardAfter } from "./guard";
import { endsOperand } from "./line-tokens";

export interface BugSite {
  family: BugFamily;
  /** 1-based line in the correct source. */
  line: number;
  injection: InjectionOperator;
  /** The agent operator that undoes the injection at the same line. */
  fix: EditOperator;
}

function isBoundLiteral(sites: LineSites): boolean {
  const lit = sites.literal;
  if (!lit) return false;
  if (sites.loopHeader) return true;
  const { tokens } = sites;
  // The token before the literal (before its sign, when it has one) and the one after it.
  const signed = tokens[lit.tokenIndex].start !== lit.start;
  const beforeIndex = lit.tokenIndex - (signed ? 2 : 1);
  const before = tokens[beforeIndex];
  const after = tokens[lit.tokenIndex + 1];
  if (before && (before.text === "+" || before.text === "-") && endsOperand(tokens, beforeIndex)) return true;
  if (after && (after.text === "+" || after.text === "-")) return true;
  return before !== undefined && (before.text === "[" || before.text === "(" || before.text === ",");
}

const site = (family: BugFamily, line: number, injection: InjectionOperator): BugSite => ({ family, line, injection, fix: fixFor(injection) });

/** Every place the family can be injected in the source, in line order. */
export function bugSites(source: string, family: BugFamily): BugSite[] {
  const lines = source.split("\n");
  const out: BugSite[] = [];
  lines.forEach((text, index) => {
    const line = index + 1;
    const s = lineSites(text);
    switch (family) {
      case "off-by-one":
        if (s.literal && isBoundLiteral(s)) out.push(site(family, line, "increment-constant"), site(family, line, "decrement-constant"));
        if (s.comparison && s.loopHeader) out.push(site(family, line, "toggle-inclusive"));
        break;
      case "wrong-constant":
        if (s.literal && !isBoundLiteral(s)) out.push(site(family, line, "increment-constant"), site(family, line, "decrement-constant"));
        break;
      case "wrong-comparison":
        if (s.comparison) out.push(site(family, line, "flip-comparison"));
        if (s.comparison && !s.loopHeader) out.push(site(family, line, "toggle-inclusive"));
        break;
      case "wrong-operator":
        if (s.arithmetic) out.push(site(family, line, "swap-operator"));
        break;
      case "swapped-arguments":
        if (s.call) out.push(site(family, line, "swap-arguments"));
        break;
      case "negated-condition":
        if (s.condition) out.push(site(family, line, "negate-condition"));
        break;
      case "missing-guard":
        if (hasGuardAfter(lines, index)) out.push(site(family, line, "remove-guard"));
        break;
    }
  });
  return out;
}

/** Lines a bug touches: a removed guard also takes the line after its header. */
export function touchedLines(bug: BugSite): number[] {
  return bug.injection === "remove-guard" ? [bug.line, bug.line + 1] : [bug.line];
}
