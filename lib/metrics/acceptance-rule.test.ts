import { describe, expect, it } from "vitest";
import { acceptanceRule } from "./acceptance-rule";
import { computeTrainingRates, type TrainingRolloutInput } from "./training-rates";

const rule = (base: [number, number], candidate: [number, number]) =>
  acceptanceRule({
    base: { passRate: base[0], trainableRate: base[1] },
    candidate: { passRate: candidate[0], trainableRate: candidate[1] },
  });

describe("acceptanceRule: the paper's examples", () => {
  it("accepts +6.3 % pass rate with +7.4 % trainable rate", () => {
    const r = rule([0.4, 0.5], [0.4 * 1.063, 0.5 * 1.074]);
    expect(r.verdict).toBe("accept");
    expect(r.passRateChange).toBeCloseTo(0.063, 12);
    expect(r.trainableRateChange).toBeCloseTo(0.074, 12);
    expect(r.passRateChangePp).toBeCloseTo(2.52, 10);
    expect(r.trainableRateChangePp).toBeCloseTo(3.7, 10);
    expect(r.reason).toBe("pass rate +6.3 % and trainable rate +7.4 %: accept");
  });

  it("rejects +2.7 % pass rate with −7.0 % trainable rate", () => {
    const r = rule([0.4, 0.5], [0.4 * 1.027, 0.5 * 0.93]);
    expect(r.verdict).toBe("reject");
    expect(r.passRateChange).toBeCloseTo(0.027, 12);
    expect(r.trainableRateChange).toBeCloseTo(-0.07, 12);
    expect(r.reason).toBe("pass rate +2.7 % but trainable rate \u22127.0 %: reject");
  });

  it("decides from rates recomputed from rollouts (46 tasks × 4 rollouts per side)", () => {
    // `mixed` groups hold 1 success of 4, `solved` groups 4 of 4, the rest 0 of 4.
    const side = (mixed: number, solved: number): TrainingRolloutInput[] =>
      Array.from({ length: 46 }, (_, g) =>
        Array.from({ length: 4 }, (_, k) => {
          const success = g < mixed ? k === 0 : g < mixed + solved;
          return { groupKey: `g${g}`, success, reward: success ? 1 : 0, truncated: false };
        }),
      ).flat();
    const rates = (m: number, s: number) => {
      const r = computeTrainingRates(side(m, s));
      return { passRate: r.passRate!, trainableRate: r.trainableRate! };
    };
    // 16 mixed + 16 solved: 80/184 pass, 64/184 trainable; 18 + 16: 82/184 pass, 72/184 trainable.
    const result = acceptanceRule({ base: rates(16, 16), candidate: rates(18, 16) });
    expect(result.verdict).toBe("accept");
    expect(result.passRateChange).toBeCloseTo(82 / 80 - 1, 12);
    expect(result.trainableRateChange).toBeCloseTo(72 / 64 - 1, 12);
    // Two more solved groups but four fewer mixed ones: pass rate up, trainable rate down.
    expect(acceptanceRule({ base: rates(16, 16), candidate: rates(12, 18) }).verdict).toBe("reject");
  });
});

describe("acceptanceRule: the rule's cases", () => {
  it.each([
    // [base, candidate, verdict]
    [[0.5, 0.5], [0.6, 0.5], "accept"], // pass up, trainable tied
    [[0.5, 0.5], [0.5, 0.6], "accept"], // trainable up, pass tied
    [[0.5, 0.5], [0.6, 0.6], "accept"], // both up
    [[0.5, 0.5], [0.5, 0.5], "reject"], // both tied: nothing strictly increased
    [[0.5, 0.5], [0.6, 0.4], "reject"], // one up, one down
    [[0.5, 0.5], [0.4, 0.6], "reject"],
    [[0.5, 0.5], [0.4, 0.5], "reject"], // one down, one tied
    [[0.5, 0.5], [0.4, 0.4], "reject"], // both down
  ] as Array<[[number, number], [number, number], string]>)("%j → %j: %s", (base, candidate, verdict) => {
    expect(rule(base, candidate).verdict).toBe(verdict);
  });

  it("treats last-bit float noise as a tie, not as a change", () => {
    const a = 0.1 + 0.2; // 0.30000000000000004
    const r = rule([0.3, 0.5], [a, 0.55]);
    expect(r.verdict).toBe("accept");
    expect(r.passRateChange).toBe(0);
    expect(r.passRateChangePp).toBe(0);
    expect(r.reason).toBe("pass rate unchanged and trainable rate +10.0 %: accept");
    expect(rule([0.3, 0.5], [a, 0.5]).verdict).toBe("reject");
  });

  it("says why when neither rate increased", () => {
    expect(rule([0.5, 0.5], [0.5, 0.5]).reason).toBe("pass rate unchanged and trainable rate unchanged: reject (neither rate increased)");
    expect(rule([0.5, 0.5], [0.45, 0.5]).reason).toBe("pass rate \u221210.0 % and trainable rate unchanged: reject (neither rate increased)");
  });

  it("prints tiny changes with two significant digits instead of +0.0 %", () => {
    expect(rule([0.5, 0.5], [0.5002, 0.5]).reason).toBe("pass rate +0.040 % and trainable rate unchanged: accept");
  });
});

describe("acceptanceRule: zero bases", () => {
  it("reports an undefined relative change and decides on the absolute change", () => {
    const r = rule([0.2, 0], [0.2, 0.125]);
    expect(r.verdict).toBe("accept");
    expect(r.trainableRateChange).toBeNull();
    expect(r.trainableRateChangePp).toBeCloseTo(12.5, 12);
    expect(r.passRateChange).toBe(0);
    expect(r.reason).toBe("pass rate unchanged and trainable rate +12.5 pp from 0 (relative change undefined): accept");
  });

  it("a zero base that stays zero is a tie whose relative change stays undefined", () => {
    const r = rule([0, 0], [0, 0]);
    expect(r.verdict).toBe("reject");
    expect(r.passRateChange).toBeNull();
    expect(r.trainableRateChange).toBeNull();
    expect(r.passRateChangePp).toBe(0);
  });

  it("a candidate up from zero on both accepts; up from zero but the other down rejects", () => {
    expect(rule([0, 0], [0.1, 0.05]).verdict).toBe("accept");
    const r = rule([0, 0.5], [0.1, 0.4]);
    expect(r.verdict).toBe("reject");
    expect(r.reason).toBe("pass rate +10.0 pp from 0 (relative change undefined) but trainable rate \u221220.0 %: reject");
  });
});

describe("acceptanceRule: input checks", () => {
  it.each([[Number.NaN], [-0.1], [1.5], [Number.POSITIVE_INFINITY]])("refuses %s as a rate", (x) => {
    expect(() => rule([x, 0.5], [0.5, 0.5])).toThrow(RangeError);
    expect(() => rule([0.5, 0.5], [0.5, x])).toThrow(RangeError);
  });
});
