// Long fields arrive as a preview plus their real size; the size hint tells the reader what "Show all"
// will cost before they click it.
import type { FieldSize, FieldSummary } from "./types";

export const PREVIEW_CHARS = 2_000;
export const PREVIEW_LINES = 24;

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  // A trailing newline ends the last line rather than starting an empty one.
  return text.endsWith("\n") ? lines - 1 : lines;
}

/** UTF-8 size without allocating an encoded copy (fields reach a megabyte). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The first `maxChars` characters, cut after `maxLines` lines, never inside a surrogate pair. */
export function previewText(text: string, maxChars = PREVIEW_CHARS, maxLines = PREVIEW_LINES): string {
  let end = Math.min(text.length, maxChars);
  let newlines = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) {
    if (++newlines === maxLines) {
      end = i;
      break;
    }
  }
  const code = text.charCodeAt(end - 1);
  if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

export function summarizeField(key: string, text: string, maxChars = PREVIEW_CHARS): FieldSummary {
  const preview = previewText(text, maxChars);
  if (preview.length === text.length) return { key, preview };
  return { key, preview, full: { length: text.length, bytes: utf8Bytes(text), lines: countLines(text) } };
}

/** The whole field's size: carried by a cut field, measured on the preview of a whole one. */
export function fieldSize(field: FieldSummary): FieldSize {
  return field.full ?? { length: field.preview.length, bytes: utf8Bytes(field.preview), lines: countLines(field.preview) };
}

/** Preview text a whole rollout may put into the page before previews are shortened. */
export const PREVIEW_BUDGET_CHARS = 400_000;
const MIN_PREVIEW_CHARS = 240;

/**
 * The preview length for a rollout whose fields have these lengths: PREVIEW_CHARS, unless the previews
 * together would pass the budget (thousands of long turns), then shorter, so the first page load stays
 * bounded whatever the trajectory's size.
 */
export function previewCharsFor(lengths: Iterable<number>, budget = PREVIEW_BUDGET_CHARS): number {
  let total = 0;
  for (const length of lengths) total += Math.min(length, PREVIEW_CHARS);
  if (total <= budget) return PREVIEW_CHARS;
  return Math.max(MIN_PREVIEW_CHARS, Math.floor((PREVIEW_CHARS * budget) / total));
}

/** "512 B", "12.4 KB", "868 KB", "2.1 MB" (1 KB = 1,000 bytes, as file managers show it). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1_000, "KB"] : [bytes / 1_000_000, "MB"];
  return `${value < 100 ? value.toFixed(1).replace(/\.0$/, "") : Math.round(value)} ${unit}`;
}

/** "868 KB · 16,588 lines" — what expanding a field will show. */
export function sizeHint(size: Pick<FieldSize, "bytes" | "lines">): string {
  const lines = `${size.lines.toLocaleString("en-US")} ${size.lines === 1 ? "line" : "lines"}`;
  return `${formatBytes(size.bytes)} · ${lines}`;
}
