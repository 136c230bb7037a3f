// The browser's keyset cursor: the (sort value, id) of the last row shown, plus the sort it belongs to, as
// an opaque base64url token. A null value means the page ended inside the rows whose sort value is unknown
// (they come after every known value, in both directions; see db/queries/rollout-browser-sql.ts).
import type { BrowserSort, SortDir, SortKey } from "./browser-query";
import { SORT_DIRS, SORT_KEYS } from "./browser-query";

export interface BrowserCursor {
  key: SortKey;
  dir: SortDir;
  value: number | null;
  id: string;
}

export function encodeBrowserCursor(cursor: BrowserCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.dir, cursor.value, cursor.id]), "utf8").toString("base64url");
}

/** The cursor, or why it cannot be used with this sort (a cursor from another order would skip or repeat rows). */
export function decodeBrowserCursor(text: string, sort: BrowserSort): { ok: true; cursor: BrowserCursor } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return { ok: false, message: "is not a cursor this server issued" };
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return { ok: false, message: "is not a cursor this server issued" };
  const [key, dir, value, id] = parsed as unknown[];
  const valid = (SORT_KEYS as readonly unknown[]).includes(key) && (SORT_DIRS as readonly unknown[]).includes(dir)
    && (value === null || (typeof value === "number" && Number.isFinite(value))) && typeof id === "string" && id.length > 0;
  if (!valid) return { ok: false, message: "is not a cursor this server issued" };
  if (key !== sort.key || dir !== sort.dir) return { ok: false, message: `belongs to another sort order (${key} ${dir}); start again without it` };
  return { ok: true, cursor: { key: key as SortKey, dir: dir as SortDir, value: value as number | null, id: id as string } };
}
