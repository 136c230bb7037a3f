// The experiments of the side-by-side cost page in the URL: /compare/cost?experiments=a,b (a repeated
// ?experiments=a&experiments=b, as a plain form sends it, is read too). Order is kept — the first is the
// baseline every Δ is taken against; duplicates and unknown ids are dropped and named. Pure.
import { crossCostPath } from "../http/page-links";

export const MAX_COMPARED = 8;

export function parseExperimentList(
  raw: string | string[] | undefined,
  known: ReadonlySet<string>,
): { ids: string[]; problems: string[] } {
  const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => v.split(",")).map((s) => s.trim()).filter(Boolean);
  const ids: string[] = [];
  const problems: string[] = [];
  for (const id of parts) {
    if (ids.includes(id)) continue;
    if (!known.has(id)) problems.push(`experiments: no experiment “${id.length > 80 ? `${id.slice(0, 80)}…` : id}”`);
    else if (ids.length >= MAX_COMPARED) {
      problems.push(`experiments: at most ${MAX_COMPARED} side by side`);
      break;
    } else ids.push(id);
  }
  return { ids, problems };
}

/** The page's address with the experiments in order (the first is the baseline). */
export const crossCostHref = (ids: readonly string[]) => crossCostPath(ids);
