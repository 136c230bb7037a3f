// The pass@1 view's address: the API path a chart fetches (GET /api/v1/curves?pass1=…&x=…) and the page
// parameter that holds its x axis ("p1x", apart from the training curves' "x" so each view keeps its own). Pure.
import type { Pass1Scope } from "./pass-at-1-types";
import { PASS1_LIMITS } from "./pass-at-1-param";
import { X_AXES, type XAxis } from "./x-axis";

export const PASS1_X_PARAM = "p1x";

export function pass1ApiPath(scopes: readonly Pass1Scope[], x: XAxis): string {
  return `/api/v1/curves?pass1=${scopes.map((s) => encodeURIComponent(`${s.kind}:${s.id}`)).join(",")}&x=${x}`;
}

/** The axis a page asks for; anything else (missing, unknown) is the step. */
export function pass1Axis(value: string | null | undefined): XAxis {
  return (X_AXES as readonly string[]).includes(value ?? "") ? (value as XAxis) : "step";
}

/** At most the scopes the API takes, in order: the rest are named as left out. */
export function limitPass1Scopes(scopes: readonly Pass1Scope[]): { scopes: Pass1Scope[]; leftOut: number } {
  return { scopes: scopes.slice(0, PASS1_LIMITS.scopes), leftOut: Math.max(0, scopes.length - PASS1_LIMITS.scopes) };
}
