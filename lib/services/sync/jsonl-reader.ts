// Reads the complete lines of an event log file from a byte offset. Offsets are bytes, not characters,
// because they are stored between runs and must point at the same place however the text decodes.
import fs from "node:fs/promises";

export interface FilePosition {
  /** Byte offset just past the last consumed newline. */
  offset: number;
  /** Number of lines before `offset`, so the next line is `line + 1` (1-based, as editors count). */
  line: number;
}

export interface JsonlLine {
  text: string;
  /** 1-based line number in the file. */
  line: number;
  /** Byte offset just past this line's newline: where to resume after it. */
  end: number;
}

const EVENT_FILE = /^events-.*\.jsonl$/;

/** The event log files of a directory, in the order they are applied (plain code-unit order, not locale). */
export async function listEventFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && EVENT_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Yields every newline-terminated line after `from`. A trailing line without newline is a line still
 * being written (or torn by a crash) and is left alone; so is anything appended after we looked at the size,
 * which keeps one pass finite while a producer keeps writing.
 */
export async function* readCompleteLines(file: string, from: FilePosition, chunkBytes = 1 << 20): AsyncGenerator<JsonlLine> {
  const handle = await fs.open(file, "r");
  try {
    const size = (await handle.stat()).size;
    let position = from.offset;
    let line = from.line;
    let lineStart = from.offset;
    let pending: Buffer[] = [];
    const chunk = Buffer.allocUnsafe(chunkBytes);
    while (position < size) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunkBytes, size - position), position);
      if (bytesRead === 0) break;
      let start = 0;
      for (;;) {
        // 0x0A never occurs inside a multi-byte UTF-8 sequence, so splitting bytes here is safe.
        const newline = chunk.indexOf(0x0a, start);
        if (newline === -1 || newline >= bytesRead) break;
        pending.push(chunk.subarray(start, newline));
        const end = position + newline + 1;
        line += 1;
        yield { text: decodeLine(Buffer.concat(pending), lineStart === 0), line, end };
        pending = [];
        lineStart = end;
        start = newline + 1;
      }
      // Copy: the chunk buffer is reused by the next read.
      if (start < bytesRead) pending.push(Buffer.from(chunk.subarray(start, bytesRead)));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

function decodeLine(bytes: Buffer, atFileStart: boolean): string {
  let text = bytes.toString("utf8");
  if (atFileStart && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}
