// Plain-dialect templates over numbers: arithmetic, bounds and small loops.
import type { FunctionTemplate } from "../template-type";
import { int, js, times } from "./draw";

export const NUMBER_TEMPLATES: FunctionTemplate[] = [
  {
    slug: "clamp", name: "clamp", dialect: "plain",
    source: js`
// clamp(x, lo, hi) -> number: x limited to the range [lo, hi]
function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}

module.exports = { clamp };
`,
    cases: (rng) => {
      const lo = int(rng, -10, 0);
      const hi = lo + int(rng, 2, 10);
      return [[lo - 1, lo, hi], [lo, lo, hi], [hi, lo, hi], [hi + 1, lo, hi], ...times(5, () => [int(rng, lo - 5, hi + 5), lo, hi])];
    },
  },
  {
    slug: "safe-divide", name: "safeDivide", dialect: "plain",
    source: js`
// safeDivide(a, b) -> number: a / b rounded to 2 decimals, 0 when b is 0
function safeDivide(a, b) {
  if (b === 0) return 0;
  return Math.round((a / b) * 100) / 100;
}

module.exports = { safeDivide };
`,
    cases: (rng) => [[7, 0], [0, 3], [1, 1], ...times(6, () => [int(rng, -20, 20), int(rng, 2, 9) * (rng.next() < 0.3 ? -1 : 1)])],
  },
  {
    slug: "bucket-index", name: "bucketIndex", dialect: "plain",
    source: js`
// bucketIndex(value, min, width, count) -> number: histogram bucket of value, kept within 0 .. count - 1
function bucketIndex(value, min, width, count) {
  const index = Math.floor((value - min) / width);
  if (index < 0) return 0;
  if (index >= count) return count - 1;
  return index;
}

module.exports = { bucketIndex };
`,
    cases: (rng) => {
      const min = int(rng, -5, 5);
      const width = int(rng, 2, 5);
      const count = int(rng, 3, 6);
      const top = min + width * count;
      return [[min, min, width, count], [min - 1, min, width, count], [top - 1, min, width, count], [top, min, width, count],
        [min + width, min, width, count], ...times(4, () => [int(rng, min - 3, top + 3), min, width, count])];
    },
  },
  {
    slug: "is-leap-year", name: "isLeapYear", dialect: "plain",
    source: js`
// isLeapYear(year) -> boolean: whether year has a 29th of February in the Gregorian calendar
function isLeapYear(year) {
  if (year % 400 === 0) return true;
  if (year % 100 === 0) return false;
  return year % 4 === 0;
}

module.exports = { isLeapYear };
`,
    cases: (rng) => [[2000], [1900], [2024], [2023], [2100], [1600], ...times(4, () => [int(rng, 1582, 2400)])],
  },
  {
    slug: "factorial", name: "factorial", dialect: "plain",
    source: js`
// factorial(n) -> number: 1 × 2 × … × n, and 1 for n below 2
function factorial(n) {
  let result = 1;
  for (let i = 2; i <= n; i++) {
    result *= i;
  }
  return result;
}

module.exports = { factorial };
`,
    cases: (rng) => [[0], [1], [2], [3], ...times(5, () => [int(rng, 4, 12)])],
  },
  {
    slug: "fibonacci", name: "fibonacci", dialect: "plain",
    source: js`
// fibonacci(n) -> number: the n-th Fibonacci number, with fibonacci(0) = 0 and fibonacci(1) = 1
function fibonacci(n) {
  if (n < 2) return n;
  let prev = 0;
  let curr = 1;
  for (let i = 2; i <= n; i++) {
    const next = prev + curr;
    prev = curr;
    curr = next;
  }
  return curr;
}

module.exports = { fibonacci };
`,
    cases: (rng) => [[0], [1], [2], [3], ...times(5, () => [int(rng, 4, 25)])],
  },
  {
    slug: "power", name: "power", dialect: "plain",
    source: js`
// power(base, exponent) -> number: base multiplied by itself exponent times (exponent >= 0)
function power(base, exponent) {
  let result = 1;
  for (let i = 0; i < exponent; i++) {
    result = result * base;
  }
  return result;
}

module.exports = { power };
`,
    cases: (rng) => [[2, 0], [5, 1], [3, 2], [-2, 3], ...times(5, () => [int(rng, -4, 6), int(rng, 2, 6)])],
  },
  {
    slug: "percent-of", name: "percentOf", dialect: "plain",
    source: js`
// percentOf(part, whole) -> number: part as a whole-number percentage of whole, 0 when whole is 0
function percentOf(part, whole) {
  if (whole === 0) return 0;
  return Math.round((part * 100) / whole);
}

module.exports = { percentOf };
`,
    cases: (rng) => [[5, 0], [0, 7], [3, 3], ...times(6, () => [int(rng, 0, 40), int(rng, 1, 40)])],
  },
  {
    slug: "in-range", name: "inRange", dialect: "plain",
    source: js`
// inRange(x, lo, hi) -> boolean: whether lo <= x and x < hi
function inRange(x, lo, hi) {
  if (x < lo) return false;
  return x < hi;
}

module.exports = { inRange };
`,
    cases: (rng) => {
      const lo = int(rng, -5, 5);
      const hi = lo + int(rng, 2, 8);
      return [[lo, lo, hi], [hi, lo, hi], [lo - 1, lo, hi], [hi - 1, lo, hi], ...times(5, () => [int(rng, lo - 4, hi + 4), lo, hi])];
    },
  },
  {
    slug: "digit-sum", name: "digitSum", dialect: "plain",
    source: js`
// digitSum(n) -> number: sum of the decimal digits of a non-negative integer
function digitSum(n) {
  let total = 0;
  while (n > 0) {
    total += n % 10;
    n = Math.floor(n / 10);
  }
  return total;
}

module.exports = { digitSum };
`,
    cases: (rng) => [[0], [7], [10], [99], ...times(5, () => [int(rng, 100, 99999)])],
  },
];
