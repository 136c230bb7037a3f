// The matrix's state as it lives in the URL, so a link reproduces the view:
//   experiments=a,b (across experiments; also repeated experiments=a&experiments=b, as a form sends them)
//   preset=methods|harness-swap|full   harness=latest|incumbent|initial (methods)   checkpoint=<id> (harness swap)
//   baseline=<cell>   a=<cell>   b=<cell>   (cells as lib/results/cell-key.ts writes them)
//   view=curves (the same cells as pass@1 curves over checkpoints instead of the table)
// Parsed leniently: a bad value is dropped and named ("name: why"), the rest still applies.
import { parseCellKey, cellKey, type CellRef } from "./cell-key";
import { HARNESS_RULES, MATRIX_PRESETS, type HarnessRule, type MatrixPreset } from "./matrix-layout";
import { parseUrlState, urlOneOf, urlText, type UrlField, type UrlRaw } from "../http/url-state";

export const MAX_EXPERIMENTS = 12;

export interface MatrixParams {
  experiments?: string[];
  preset?: MatrixPreset;
  harness?: HarnessRule;
  checkpoint?: string;
  baseline?: CellRef;
  a?: CellRef;
  b?: CellRef;
  view?: "curves";
}

type Raw = UrlRaw;

const CELL_FORMAT = "not a matrix cell (experiment~checkpoint~harness~benchmark)";

export function parseMatrixParams(raw: Raw, options: { experiments: boolean }): { params: MatrixParams; problems: string[] } {
  const params: MatrixParams = {};
  const problems: string[] = [];
  if (options.experiments) {
    const v = raw.experiments;
    const ids = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => s.split(",")).map((s) => s.trim()).filter(Boolean);
    if (ids.some((id) => id.length > 256)) problems.push("experiments: an id has more than 256 characters");
    const kept = [...new Set(ids.filter((id) => id.length <= 256))];
    if (kept.length > MAX_EXPERIMENTS) problems.push(`experiments: at most ${MAX_EXPERIMENTS}; the first ${MAX_EXPERIMENTS} are shown`);
    if (kept.length > 0) params.experiments = kept.slice(0, MAX_EXPERIMENTS);
  }

  const cell: UrlField<CellRef> = (v) => {
    const parsed = v.length <= 2048 ? parseCellKey(v) : null;
    return parsed ? { value: parsed } : { problem: CELL_FORMAT };
  };
  const singles = parseUrlState(raw, {
    preset: urlOneOf(MATRIX_PRESETS),
    harness: urlOneOf(HARNESS_RULES),
    checkpoint: urlText(256),
    // "table" is the default view: accepted, not kept.
    view: urlOneOf(["table", "curves"] as const),
    baseline: cell,
    a: cell,
    b: cell,
  });
  const { view, ...rest } = singles.state;
  Object.assign(params, rest, view === "curves" ? { view } : {});
  problems.push(...singles.problems);
  return { params, problems };
}

/** The address of a matrix view; `base` is the page's path (experimentComparePath or "/compare"). */
export function matrixHref(base: string, p: MatrixParams): string {
  const enc = encodeURIComponent;
  const parts: string[] = [];
  if (p.experiments?.length) parts.push(`experiments=${p.experiments.map(enc).join(",")}`);
  if (p.preset) parts.push(`preset=${p.preset}`);
  if (p.harness) parts.push(`harness=${p.harness}`);
  if (p.checkpoint !== undefined) parts.push(`checkpoint=${enc(p.checkpoint)}`);
  for (const key of ["baseline", "a", "b"] as const) {
    const cell = p[key];
    if (cell) parts.push(`${key}=${enc(cellKey(cell))}`);
  }
  if (p.view) parts.push(`view=${p.view}`);
  return parts.length ? `${base}?${parts.join("&")}` : base;
}
