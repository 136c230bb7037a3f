// The settings of the Harness-R1 page, all in the query string so a link reproduces the view:
//   base, patched     the two harness versions the generalisation grid compares (version ids)
//   full, checkpoint  which full patch's ablation, on which checkpoint, the bar charts show
// Parsing never throws: a bad value becomes a problem the page shows ("base: give one value") and the default
// is used instead.

export const VIEW_KEYS = ["base", "patched", "full", "checkpoint"] as const;
export type ViewKey = (typeof VIEW_KEYS)[number];
export type HarnessR1View = Partial<Record<ViewKey, string>>;

/** Long enough for any id the contract accepts; longer is not an id. */
const MAX_ID_CHARS = 1024;

export function parseHarnessR1View(raw: Record<string, string | string[] | undefined>): { view: HarnessR1View; problems: string[] } {
  const view: HarnessR1View = {};
  const problems: string[] = [];
  for (const key of VIEW_KEYS) {
    const value = raw[key];
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) problems.push(`${key}: give one value`);
    else if (value.length > MAX_ID_CHARS) problems.push(`${key}: must be at most ${MAX_ID_CHARS} characters`);
    else view[key] = value;
  }
  return { view, problems };
}

/** A value from the URL quoted in a problem, shortened so a pasted essay does not fill the page. */
export function quoted(value: string): string {
  return `“${value.length > 60 ? `${value.slice(0, 59)}…` : value}”`;
}
