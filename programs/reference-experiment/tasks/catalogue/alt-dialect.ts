// The "alt" dialect, used by the mini-multilingual suite: arrow functions bound to const, for…of, array
// methods with callbacks, ternaries and more string processing. Same bug families, different idioms, so
// a policy that only learned where bugs sit in plain-dialect code meets unfamiliar line shapes here.
import type { FunctionTemplate } from "../template-type";
import { int, intList, js, times, word, words } from "./draw";

export const ALT_TEMPLATES: FunctionTemplate[] = [
  {
    slug: "truncate", name: "truncate", dialect: "alt",
    source: js`
// truncate(text, max) -> string: text cut to at most max characters, ending in "..." when cut
const truncate = (text, max) => {
  if (text == null) return "";
  if (text.length <= max) return text;
  return text.slice(0, max - 3) + "...";
};

module.exports = { truncate };
`,
    cases: (rng) => {
      const w = words(rng, 3).join(" ");
      return [[w, w.length], [w, w.length - 1], [w, w.length + 1], ["abcdefgh", 5], ...times(4, () => [words(rng, int(rng, 2, 4)).join(" "), int(rng, 4, 14)])];
    },
  },
  {
    slug: "initials", name: "initials", dialect: "alt",
    source: js`
// initials(name) -> string: the first letter of every word of name, in upper case
const initials = (name) => {
  if (name == null) return "";
  const parts = name.split(" ").filter((part) => part.length > 0);
  return parts.map((part) => part[0].toUpperCase()).join("");
};

module.exports = { initials };
`,
    cases: (rng) => [["ada lovelace"], ["a b c"], ["  grace   hopper "], ...times(5, () => [words(rng, int(rng, 1, 4)).join(rng.pick([" ", "  "]))])],
  },
  {
    slug: "is-palindrome", name: "isPalindrome", dialect: "alt",
    source: js`
// isPalindrome(text) -> boolean: whether text reads the same backwards, ignoring case
const isPalindrome = (text) => {
  const s = text.toLowerCase();
  let i = 0;
  let j = s.length - 1;
  while (i < j) {
    if (s[i] !== s[j]) return false;
    i += 1;
    j -= 1;
  }
  return true;
};

module.exports = { isPalindrome };
`,
    cases: (rng) => {
      const w = word(rng);
      const mirrored = w + [...w].reverse().join("");
      return [[""], ["a"], ["Abba"], ["abca"], ["abcb"], [mirrored], [w + "x" + [...w].reverse().join("")], [w + "q"], [`${w}ab`]];
    },
  },
  {
    slug: "caesar-shift", name: "caesarShift", dialect: "alt",
    source: js`
// caesarShift(text, shift) -> string: every letter a-z moved shift places along the alphabet, wrapping around
const caesarShift = (text, shift) => {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0) - 97;
    out += code >= 0 && code < 26 ? String.fromCharCode(((code + shift) % 26 + 26) % 26 + 97) : ch;
  }
  return out;
};

module.exports = { caesarShift };
`,
    cases: (rng) => [["abc", 1], ["xyz", 3], ["a z", -1], ["hello", 0], ...times(5, () => [words(rng, int(rng, 1, 3)).join(" "), int(rng, -30, 30)])],
  },
  {
    slug: "sum-by", name: "sumBy", dialect: "alt",
    source: js`
// sumBy(items, key) -> number: sum of item[key] over the items where it is a number
const sumBy = (items, key) => {
  if (items == null) return 0;
  return items.reduce((total, item) => (typeof item[key] === "number" ? total + item[key] : total), 0);
};

module.exports = { sumBy };
`,
    cases: (rng) => [[[], "w"], [[{ w: 2 }, { v: 3 }, { w: "4" }], "w"], ...times(6, () => {
      const key = rng.pick(["w", "n"]);
      return [times(int(rng, 1, 5), () => (rng.next() < 0.8 ? { [key]: int(rng, -5, 20) } : { other: 1 })), key];
    })],
  },
  {
    slug: "clamp-all", name: "clampAll", dialect: "alt",
    source: js`
// clampAll(values, lo, hi) -> array: each value limited to the range [lo, hi]
const clampAll = (values, lo, hi) => values.map((v) => (v < lo ? lo : v > hi ? hi : v));

module.exports = { clampAll };
`,
    cases: (rng) => {
      const lo = int(rng, -5, 2);
      const hi = lo + int(rng, 2, 8);
      return [[[lo, hi], lo, hi], [[lo - 1, hi + 1], lo, hi], ...times(6, () => [intList(rng, int(rng, 1, 5), lo - 4, hi + 4), lo, hi])];
    },
  },
  {
    slug: "run-length", name: "runLength", dialect: "alt",
    source: js`
// runLength(text) -> string: each run of a repeated character as its length then the character ("aaab" gives "3a1b")
const runLength = (text) => {
  let out = "";
  let i = 0;
  while (i < text.length) {
    let j = i;
    while (j < text.length && text[j] === text[i]) j += 1;
    out += String(j - i) + text[i];
    i = j;
  }
  return out;
};

module.exports = { runLength };
`,
    cases: (rng) => [[""], ["a"], ["aab"], ["abbb"], ...times(5, () => [times(int(rng, 2, 5), () => rng.pick(["a", "b", "c"]).repeat(int(rng, 1, 3))).join("")])],
  },
  {
    slug: "take-while-below", name: "takeWhileBelow", dialect: "alt",
    source: js`
// takeWhileBelow(values, limit) -> array: the leading values that are smaller than limit
const takeWhileBelow = (values, limit) => {
  const out = [];
  for (const v of values) {
    if (v >= limit) break;
    out.push(v);
  }
  return out;
};

module.exports = { takeWhileBelow };
`,
    cases: (rng) => [[[], 3], [[1, 2, 3], 3], [[5, 1], 3], [[1, 2], 9], ...times(5, () => {
      const values = intList(rng, int(rng, 2, 6), 0, 9);
      return [values, rng.next() < 0.5 ? rng.pick(values) : int(rng, 0, 10)];
    })],
  },
  {
    slug: "pad-number", name: "padNumber", dialect: "alt",
    source: js`
// padNumber(n, width) -> string: n written with leading zeros to at least width digits, sign first
const padNumber = (n, width) => {
  const digits = String(Math.abs(n)).padStart(width, "0");
  return n < 0 ? "-" + digits : digits;
};

module.exports = { padNumber };
`,
    cases: (rng) => [[0, 3], [7, 1], [-4, 3], [123, 2], ...times(5, () => [int(rng, -999, 999), int(rng, 1, 5)])],
  },
  {
    slug: "chunk", name: "chunk", dialect: "alt",
    source: js`
// chunk(values, size) -> array: values cut into consecutive pieces of size (the last may be shorter)
const chunk = (values, size) => {
  if (values == null) return [];
  const out = [];
  for (let i = 0; i < values.length; i += size) {
    out.push(values.slice(i, i + size));
  }
  return out;
};

module.exports = { chunk };
`,
    cases: (rng) => [[[], 2], [[1, 2, 3], 1], [[1, 2, 3, 4], 2], [[1, 2, 3], 5], ...times(4, () => [intList(rng, int(rng, 3, 8), 0, 9), int(rng, 2, 4)])],
  },
  {
    slug: "title-case", name: "titleCase", dialect: "alt",
    source: js`
// titleCase(text) -> string: every space-separated word with its first letter in upper case
const titleCase = (text) => {
  if (text == null) return "";
  return text
    .split(" ")
    .map((w) => (w.length > 0 ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
};

module.exports = { titleCase };
`,
    cases: (rng) => [[""], ["a"], ["ab  cd"], ...times(5, () => [words(rng, int(rng, 1, 4)).join(rng.pick([" ", "  "]))])],
  },
  {
    slug: "mean", name: "mean", dialect: "alt",
    source: js`
// mean(values) -> number: the arithmetic mean, 0 for an empty array
const mean = (values) => {
  if (values == null) return 0;
  if (values.length === 0) return 0;
  return values.reduce((a, b) => a + b, 0) / values.length;
};

module.exports = { mean };
`,
    cases: (rng) => [[[]], [[5]], [[1, 2]], ...times(5, () => [intList(rng, int(rng, 2, 6), -10, 20)])],
  },
];
