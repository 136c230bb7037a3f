// Names of matrix rows and cells as they travel in the URL (baseline=, a=, b=). A row is one evaluated
// (experiment, checkpoint, harness version); a cell is a row on one benchmark. Each part is percent-encoded
// and the parts are joined by "~" (which encodeURIComponent leaves alone, so it is escaped by hand): any id,
// including ones holding "~", "/" or "%", survives. A missing checkpoint or harness version is an empty part;
// ids are never empty (lib/events/primitives.ts), so the two cannot be confused.

export interface RowRef {
  experimentId: string;
  checkpointId: string | null;
  harnessVersionId: string | null;
}

export interface CellRef extends RowRef {
  benchmark: string;
}

const part = (s: string | null) => (s === null ? "" : encodeURIComponent(s).replace(/~/g, "%7E"));

function unpart(s: string): string | null {
  if (s === "") return null;
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

export function rowKey(r: RowRef): string {
  return [r.experimentId, r.checkpointId, r.harnessVersionId].map(part).join("~");
}

export function cellKey(c: CellRef): string {
  return `${rowKey(c)}~${part(c.benchmark)}`;
}

/** The cell a key names; null when it is not one (wrong number of parts, a bad escape, no experiment or benchmark). */
export function parseCellKey(key: string): CellRef | null {
  const parts = key.split("~");
  if (parts.length !== 4) return null;
  const [e, c, h, b] = parts;
  const experimentId = unpart(e);
  const benchmark = unpart(b);
  if (experimentId === null || benchmark === null) return null;
  const checkpointId = unpart(c);
  const harnessVersionId = unpart(h);
  // A non-empty part that failed to decode is malformed, not "missing".
  if ((c !== "" && checkpointId === null) || (h !== "" && harnessVersionId === null)) return null;
  return { experimentId, checkpointId, harnessVersionId, benchmark };
}

export const rowOf = (c: CellRef): RowRef => ({ experimentId: c.experimentId, checkpointId: c.checkpointId, harnessVersionId: c.harnessVersionId });
