// A height that fits short files whole and caps long ones at about a screenful (Monaco scrolls inside).
const LINE_PX = 20;
// Room for the horizontal scrollbar and Monaco's top and bottom padding.
const PADDING_PX = 36;
const MIN_PX = 120;
const MAX_PX = 640;

export function editorHeight(lines: number): number {
  return Math.min(MAX_PX, Math.max(MIN_PX, lines * LINE_PX + PADDING_PX));
}

export function lineCount(text: string): number {
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return lines;
}
