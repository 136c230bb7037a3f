import { describe, expect, it } from "vitest";
import { callWithTimeout, createRealm, evaluateModule, SandboxTimeout } from "./sandbox";

describe("sandbox", () => {
  it("evaluates a module in a realm without the host's globals", () => {
    const realm = createRealm();
    const exports = evaluateModule(realm, "module.exports = { kinds: [typeof require, typeof process, typeof setTimeout, typeof Buffer] };", "m.js");
    expect(Array.from(exports.kinds as string[])).toEqual(["undefined", "undefined", "undefined", "undefined"]);
    expect(() => evaluateModule(realm, "throw new Error('at load')", "bad.js")).toThrow("at load");
  });

  it("gives each realm its own Math.random, pointed where the episode says", () => {
    const a = createRealm();
    const b = createRealm();
    const draw = "module.exports = { run: function () { return Math.random(); } };";
    const ra = evaluateModule(a, draw, "a.js").run as () => number;
    const rb = evaluateModule(b, draw, "b.js").run as () => number;
    a.setRandom(() => 0.1);
    b.setRandom(() => 0.9);
    expect([ra(), rb()]).toEqual([0.1, 0.9]);
  });

  it("stops a call that runs too long, and nests", () => {
    const loop = evaluateModule(createRealm(), "module.exports = { run: function () { while (true) {} } };", "loop.js").run as () => void;
    expect(callWithTimeout(() => 41 + 1, 50)).toBe(42);
    expect(() => callWithTimeout(loop, 30)).toThrow(SandboxTimeout);
    const outer = callWithTimeout(() => {
      let inner = "";
      try {
        callWithTimeout(loop, 20);
      } catch (error) {
        inner = error instanceof SandboxTimeout ? "inner timed out" : "other";
      }
      return `${inner}, outer went on`;
    }, 2000);
    expect(outer).toBe("inner timed out, outer went on");
  });
});
