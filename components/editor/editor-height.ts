// A height that fits short files whole and caps long ones at about a screenful (Monaco scrolls inside).
const LINE_PX = 19;
const PADDING_PX = 24;
const MIN_PX = 120;
const MAX_PX = 640;

export function editorHeight(lines: number): number {
  return Math.min(MAX_PX, Math.max(MIN_PX, lines * LINE_PX + PADDING_PX));
}
