import { describe, expect, it } from "vitest";
import { passAt1MetricBenchmark, passAt1MetricKeys } from "./pass-at-1-metric-keys";

describe("pass@1 metric keys", () => {
  it.each([
    ["val/aime24/pass@1", "aime24"],
    ["val-core/math500/reward/mean@8", "math500"],
    ["val-core/gsm8k/mean@4", "gsm8k"],
    ["eval/swe_verified/pass_at_1", "swe_verified"],
    ["eval_livecodebench_pass1", "livecodebench"],
    ["val/aime24/pass@8", null],
    ["eval/math/pass_at_4", null],
    ["val-core/math/reward/best@8/mean", null],
    ["critic/score/mean", null],
  ])("%s → %s", (key, benchmark) => {
    expect(passAt1MetricBenchmark(key)).toBe(benchmark);
  });

  it("keeps one key per benchmark, the first pattern winning", () => {
    expect(passAt1MetricKeys(["eval/aime/pass_at_1", "val/aime/pass@1", "eval_math_pass1", "loss"])).toEqual([
      { key: "val/aime/pass@1", benchmark: "aime" }, { key: "eval_math_pass1", benchmark: "math" },
    ]);
  });
});
