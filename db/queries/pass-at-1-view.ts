// What a page hands <Pass1Curves>: the curves of its scopes on the axis its address asks for (p1x), computed on
// the server so the charts draw without waiting for a fetch, and whether there is anything to draw at all (a
// page leaves the section out when not). Server only.
import "server-only";
import type { Store } from "../client";
import { getPass1Curves } from "./pass-at-1-curves";
import { PASS1_X_PARAM, pass1ApiPath, pass1Axis } from "../../lib/curves/pass-at-1-address";
import type { Pass1Curves, Pass1Scope } from "../../lib/curves/pass-at-1-types";
import type { PageSearchParams } from "./curves-view";

export interface Pass1View {
  initial: { path: string; data: Pass1Curves[] };
  /** Some series has a point, or evaluated points without an x on this axis. */
  hasSeries: boolean;
}

export function preparePass1View(store: Store, scopes: readonly Pass1Scope[], searchParams: PageSearchParams): Pass1View | null {
  if (scopes.length === 0) return null;
  const raw = searchParams[PASS1_X_PARAM];
  const x = pass1Axis(Array.isArray(raw) ? raw[0] : raw);
  const result = getPass1Curves(store, scopes, x);
  if (!result.ok) return null;
  return { initial: { path: pass1ApiPath(scopes, x), data: result.data }, hasSeries: result.data.some((c) => c.series.length > 0) };
}
