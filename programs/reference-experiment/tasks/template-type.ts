// What a function template is (the catalogue's files declare theirs with it; templates.ts lists them all).
// Apart from templates.ts so the catalogue and its list do not import each other.
import type { Rng } from "../random";

export type Dialect = "plain" | "alt";

export interface FunctionTemplate {
  /** Kebab-case name used in task keys, e.g. "binary-search". */
  slug: string;
  /** The exported function. */
  name: string;
  dialect: Dialect;
  /** The whole file, ending with a newline. */
  source: string;
  /** Argument lists for test calls: edge cases first, then draws from rng. */
  cases(rng: Rng): unknown[][];
}
