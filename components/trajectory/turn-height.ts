// First guesses of a turn's height for the virtualized list, before the row is measured. Close guesses
// keep the scrollbar steady and make jumps (find, #turn-N) land near their target on the first try.
import type { TurnSummary } from "@/lib/trajectory/types";

const LINE = 19;
const HEADER = 48;
const FIELD_CHROME = 26;
const TRUNCATED_FOOTER = 34;
const HOOK_CHROME = 40;
const COLLAPSED = 70;
// Characters per rendered line when wrapping: a guess for a column of about 900 px.
const CHARS_PER_LINE = 110;

function previewLines(preview: string): number {
  let lines = 0;
  for (const line of preview.split("\n")) lines += Math.max(1, Math.ceil(line.length / CHARS_PER_LINE));
  return lines;
}

function hooksHeight(turn: TurnSummary): number {
  let height = 0;
  for (const hook of turn.hooks) height += HOOK_CHROME + (hook.message ? previewLines(hook.message.preview) * LINE : LINE);
  return height;
}

export function estimateTurnHeight(turn: TurnSummary, open: boolean): number {
  // A collapsed turn still shows its hook messages.
  if (!open) return COLLAPSED + hooksHeight(turn);
  let height = HEADER;
  for (const field of turn.fields) height += FIELD_CHROME + previewLines(field.preview) * LINE + (field.full ? TRUNCATED_FOOTER : 0);
  return height + hooksHeight(turn);
}
