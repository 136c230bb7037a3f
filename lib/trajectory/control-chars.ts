// Model output and tool logs carry terminal control sequences (ANSI colours, backspaces, bells). The
// viewer never interprets them: each control character is replaced by its visible Unicode "control
// picture" (ESC → ␛), one character for one, so "\u001b[31mred" reads as "␛[31mred" and every offset
// a find result points at stays valid in the displayed text.

const CONTROL_CLASS = "[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]";
// Two regexps: a global one keeps state between calls (lastIndex), so the quick test uses its own.
const HAS_CONTROL = new RegExp(CONTROL_CLASS);
const CONTROL = new RegExp(CONTROL_CLASS, "g");

function picture(char: string): string {
  const code = char.charCodeAt(0);
  // U+2400..U+241F mirror C0 controls; U+2421 is DELETE.
  return code === 0x7f ? "\u2421" : String.fromCharCode(0x2400 + code);
}

/** The text with every control character except tab, line feed and carriage return made visible. */
export function showControlChars(text: string): string {
  return HAS_CONTROL.test(text) ? text.replace(CONTROL, picture) : text;
}

// CSI sequences (colours, cursor moves) and OSC sequences (window titles, hyperlinks).
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** The text without ANSI escape sequences, for places where offsets do not matter (titles, names). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_SEQUENCE, "");
}
