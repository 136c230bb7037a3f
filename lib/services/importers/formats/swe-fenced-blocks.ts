// Finding the fenced action blocks in a model's answer the way mini-swe-agent's regex
// /```bash\s*\n(.*?)\n```/gs does, in one left-to-right pass: a regex with a lazy body would rescan
// the rest of the text for every opening fence without a closing one, which on a long answer full
// of unclosed fences is quadratic.

export interface FencedBlock {
  /** Index of the opening ``` and just past the closing ```. */
  start: number;
  end: number;
  body: string;
}

const FENCE = "```";
const CLOSE = "\n```";

export function fencedBlocks(text: string, languages: readonly string[]): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(FENCE, from);
    if (start < 0) return blocks;
    const language = languages.find((l) => text.startsWith(l, start + FENCE.length));
    const bodyStart = language === undefined ? -1 : afterBlankLine(text, start + FENCE.length + language.length);
    if (bodyStart < 0) {
      from = start + 1;
      continue;
    }
    const close = text.indexOf(CLOSE, bodyStart);
    // No closing fence after this opening: none after any later opening either.
    if (close < 0) return blocks;
    blocks.push({ start, end: close + CLOSE.length, body: text.slice(bodyStart, close) });
    from = close + CLOSE.length;
  }
}

/** Past the first newline when only blanks come before it (the `\s*\n` after the language); else -1. */
function afterBlankLine(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") return i + 1;
    if (c !== " " && c !== "\t" && c !== "\r" && c !== "\f" && c !== "\v") return -1;
  }
  return -1;
}
