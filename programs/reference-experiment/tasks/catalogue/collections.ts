// Plain-dialect templates over arrays and strings: index loops, searches, windows, guards.
import type { FunctionTemplate } from "../template-type";
import { int, intList, js, sortedDistinct, times, word, words } from "./draw";

export const COLLECTION_TEMPLATES: FunctionTemplate[] = [
  {
    slug: "sum-range", name: "sumRange", dialect: "plain",
    source: js`
// sumRange(values, start, end) -> number: values[start] + … + values[end - 1]
function sumRange(values, start, end) {
  if (values == null) return 0;
  let total = 0;
  for (let i = start; i < end; i++) {
    total += values[i];
  }
  return total;
}

module.exports = { sumRange };
`,
    cases: (rng) => times(8, () => {
      const values = intList(rng, int(rng, 3, 7), -5, 9);
      const start = int(rng, 0, values.length - 2);
      return [values, start, int(rng, start + 1, values.length)];
    }),
  },
  {
    slug: "count-above", name: "countAbove", dialect: "plain",
    source: js`
// countAbove(values, threshold) -> number: how many values are greater than threshold
function countAbove(values, threshold) {
  if (values == null) return 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] > threshold) count += 1;
  }
  return count;
}

module.exports = { countAbove };
`,
    cases: (rng) => [[[], 3], ...times(7, () => {
      const values = intList(rng, int(rng, 2, 8), 0, 9);
      return [values, rng.next() < 0.5 ? rng.pick(values) : int(rng, 0, 9)];
    })],
  },
  {
    slug: "binary-search", name: "binarySearch", dialect: "plain",
    source: js`
// binarySearch(sorted, target) -> number: index of target in an ascending array, -1 when absent
function binarySearch(sorted, target) {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (sorted[mid] === target) return mid;
    if (sorted[mid] < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

module.exports = { binarySearch };
`,
    cases: (rng) => {
      const sorted = sortedDistinct(rng, int(rng, 5, 9), 0, 40);
      const last = sorted.length - 1;
      return [[[], 4], [[7], 7], [sorted, sorted[0]], [sorted, sorted[last]], [sorted, sorted[1]], [sorted, sorted[last - 1]],
        [sorted, sorted[0] - 1], [sorted, sorted[last] + 1], [sorted, rng.pick(sorted)], [sorted, int(rng, 0, 40)]];
    },
  },
  {
    slug: "max-of", name: "maxOf", dialect: "plain",
    source: js`
// maxOf(values) -> number: the largest value, 0 for an empty array
function maxOf(values) {
  if (values == null) return 0;
  if (values.length === 0) return 0;
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    if (values[i] > best) best = values[i];
  }
  return best;
}

module.exports = { maxOf };
`,
    cases: (rng) => [[[]], [[-4, -9, -2]], [[9, 1, 2]], [[1, 2, 9]], ...times(5, () => [intList(rng, int(rng, 1, 7), -9, 9)])],
  },
  {
    slug: "index-of-max", name: "indexOfMax", dialect: "plain",
    source: js`
// indexOfMax(values) -> number: index of the first largest value, -1 for an empty array
function indexOfMax(values) {
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    if (best === -1 || values[i] > values[best]) best = i;
  }
  return best;
}

module.exports = { indexOfMax };
`,
    cases: (rng) => [[[]], [[5]], [[8, 3, 1]], [[1, 3, 8]], [[4, 9, 9, 2]], ...times(4, () => [intList(rng, int(rng, 2, 7), -9, 9)])],
  },
  {
    slug: "moving-average", name: "movingAverage", dialect: "plain",
    source: js`
// movingAverage(values, size) -> array: the mean of every run of size consecutive values
function movingAverage(values, size) {
  const out = [];
  for (let i = 0; i + size <= values.length; i++) {
    let sum = 0;
    for (let j = i; j < i + size; j++) {
      sum += values[j];
    }
    out.push(sum / size);
  }
  return out;
}

module.exports = { movingAverage };
`,
    cases: (rng) => [[[1, 2, 3], 3], [[4, 8], 1], ...times(6, () => [intList(rng, int(rng, 3, 7), 0, 20), int(rng, 2, 3)])],
  },
  {
    slug: "rotate-left", name: "rotateLeft", dialect: "plain",
    source: js`
// rotateLeft(values, k) -> array: values moved k places to the left, wrapping around
function rotateLeft(values, k) {
  if (values == null) return [];
  const n = values.length;
  if (n === 0) return [];
  const shift = ((k % n) + n) % n;
  return values.slice(shift).concat(values.slice(0, shift));
}

module.exports = { rotateLeft };
`,
    cases: (rng) => [[[], 2], [[1, 2, 3], 0], [[1, 2, 3], 1], [[1, 2, 3, 4], -1], ...times(5, () => [intList(rng, int(rng, 2, 6), 0, 9), int(rng, -7, 9)])],
  },
  {
    slug: "dedupe", name: "dedupe", dialect: "plain",
    source: js`
// dedupe(values) -> array: values without repeats, in order of first appearance
function dedupe(values) {
  const seen = [];
  for (let i = 0; i < values.length; i++) {
    if (seen.indexOf(values[i]) === -1) seen.push(values[i]);
  }
  return seen;
}

module.exports = { dedupe };
`,
    cases: (rng) => [[[]], [[3, 3, 3]], [[1, 2, 1, 3]], ...times(5, () => [intList(rng, int(rng, 2, 8), 0, 5)])],
  },
  {
    slug: "average-ignoring-nulls", name: "averageIgnoringNulls", dialect: "plain",
    source: js`
// averageIgnoringNulls(values) -> number: mean of the values that are not null, 0 when there are none
function averageIgnoringNulls(values) {
  if (values == null) return 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] == null) continue;
    sum += values[i];
    count += 1;
  }
  if (count === 0) return 0;
  return sum / count;
}

module.exports = { averageIgnoringNulls };
`,
    cases: (rng) => [[[]], [[null, null]], [[2, null, 4]], ...times(5, () => [times(int(rng, 2, 6), () => (rng.next() < 0.3 ? null : int(rng, -5, 15)))])],
  },
  {
    slug: "dot-product", name: "dotProduct", dialect: "plain",
    source: js`
// dotProduct(xs, ys) -> number: sum of xs[i] * ys[i] over the length of the shorter array
function dotProduct(xs, ys) {
  const n = Math.min(xs.length, ys.length);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += xs[i] * ys[i];
  }
  return total;
}

module.exports = { dotProduct };
`,
    cases: (rng) => [[[], [1]], [[2], [3]], ...times(6, () => [intList(rng, int(rng, 2, 5), -4, 6), intList(rng, int(rng, 2, 5), -4, 6)])],
  },
  {
    slug: "first-n", name: "firstN", dialect: "plain",
    source: js`
// firstN(values, n) -> array: the first n values, or all of them when there are fewer
function firstN(values, n) {
  if (values == null) return [];
  const out = [];
  for (let i = 0; i < n && i < values.length; i++) {
    out.push(values[i]);
  }
  return out;
}

module.exports = { firstN };
`,
    cases: (rng) => [[[1, 2, 3], 0], [[1, 2, 3], 3], [[1, 2], 5], ...times(5, () => [intList(rng, int(rng, 2, 7), 0, 9), int(rng, 1, 8)])],
  },
  {
    slug: "last-index-of", name: "lastIndexOf", dialect: "plain",
    source: js`
// lastIndexOf(values, target) -> number: index of the last value equal to target, -1 when absent
function lastIndexOf(values, target) {
  for (let i = values.length - 1; i >= 0; i--) {
    if (values[i] === target) return i;
  }
  return -1;
}

module.exports = { lastIndexOf };
`,
    cases: (rng) => [[[], 1], [[4, 5, 6], 4], [[4, 5, 4], 4], [[4, 5, 6], 6], ...times(5, () => [intList(rng, int(rng, 3, 7), 0, 5), int(rng, 0, 6)])],
  },
  {
    slug: "middle", name: "middle", dialect: "plain",
    source: js`
// middle(values, drop) -> array: values without drop elements at each end
function middle(values, drop) {
  if (values == null) return [];
  if (drop * 2 >= values.length) return [];
  return values.slice(drop, values.length - drop);
}

module.exports = { middle };
`,
    cases: (rng) => [[[1, 2, 3, 4], 2], [[1, 2, 3], 1], [[1, 2], 0], ...times(5, () => [intList(rng, int(rng, 3, 8), 0, 9), int(rng, 0, 3)])],
  },
  {
    slug: "sum-of-powers", name: "sumOfPowers", dialect: "plain",
    source: js`
// sumOfPowers(values, exponent) -> number: sum of each value raised to exponent
function sumOfPowers(values, exponent) {
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    total += Math.pow(values[i], exponent);
  }
  return total;
}

module.exports = { sumOfPowers };
`,
    cases: (rng) => [[[], 2], [[3], 1], ...times(6, () => [intList(rng, int(rng, 1, 4), 2, 5), int(rng, 0, 3)])],
  },
  {
    slug: "pad-left", name: "padLeft", dialect: "plain",
    source: js`
// padLeft(text, width, fill) -> string: text with fill added on the left until it is width long
function padLeft(text, width, fill) {
  if (text == null) return "";
  let out = String(text);
  while (out.length < width) {
    out = fill + out;
  }
  return out;
}

module.exports = { padLeft };
`,
    cases: (rng) => {
      const w = word(rng);
      return [[w, w.length, "*"], [w, w.length + 1, "*"], [w, 0, "."], ...times(5, () => {
        const text = rng.next() < 0.5 ? word(rng) : String(int(rng, 0, 999));
        return [text, text.length + int(rng, -1, 4), rng.pick(["0", " ", "-", "*"])];
      })];
    },
  },
  {
    slug: "count-vowels", name: "countVowels", dialect: "plain",
    source: js`
// countVowels(text) -> number: how many of the characters of text are one of a, e, i, o, u
function countVowels(text) {
  if (text == null) return 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if ("aeiou".indexOf(text[i]) >= 0) count += 1;
  }
  return count;
}

module.exports = { countVowels };
`,
    cases: (rng) => [[""], ["a"], ["xyz"], ["banana"], ...times(5, () => [words(rng, int(rng, 1, 3)).join(" ")])],
  },
  {
    slug: "count-occurrences", name: "countOccurrences", dialect: "plain",
    source: js`
// countOccurrences(text, part) -> number: how many times part occurs in text, overlapping ones included
function countOccurrences(text, part) {
  if (text == null) return 0;
  let count = 0;
  let at = text.indexOf(part, 0);
  while (at !== -1) {
    count += 1;
    at = text.indexOf(part, at + 1);
  }
  return count;
}

module.exports = { countOccurrences };
`,
    cases: (rng) => [["aaaa", "aa"], ["abc", "d"], ["abab", "ab"], ["0x0", "0"], ...times(5, () => {
      const parts = words(rng, int(rng, 2, 4));
      return [parts.join(""), rng.pick(["a", "o", "ka", "lo", "ta", rng.pick(parts)])];
    })],
  },
];
