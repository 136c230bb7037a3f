// The job page keeps a bounded tail of the log: a long training job can print hundreds of megabytes, the
// browser keeps the last ~1 MB and says that earlier output was cut. Pure, so it is tested by itself.

export const LOG_KEEP_CHARS = 1_000_000;

export interface LogBuffer {
  text: string;
  /** Characters dropped from the front so far. */
  cut: number;
}

/** Appends a chunk; when over `max`, drops from the front, at a line start when one is near, so lines stay whole. */
export function appendBounded(buffer: LogBuffer, chunk: string, max: number = LOG_KEEP_CHARS): LogBuffer {
  const text = buffer.text + chunk;
  if (text.length <= max) return { text, cut: buffer.cut };
  let from = text.length - max;
  const newline = text.indexOf("\n", from);
  // Prefer the next line start, unless that would throw away more than a tenth of what we keep.
  if (newline !== -1 && newline + 1 - from <= max / 10) from = newline + 1;
  return { text: text.slice(from), cut: buffer.cut + from };
}
