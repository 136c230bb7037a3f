import { describe, expect, it } from "vitest";
import { defaultCurveKeys } from "./default-keys";

describe("defaultCurveKeys", () => {
  it("opens with trainable and pass rate when a run has train rollouts or reports them", () => {
    expect(defaultCurveKeys([{ trainRollouts: 144, metricKeys: [] }])).toEqual(["train:trainable_rate", "train:pass_rate"]);
    expect(defaultCurveKeys([{ trainRollouts: 0, metricKeys: ["train/trainable_rate"] }])).toEqual(["train:trainable_rate", "train:pass_rate"]);
  });

  it("opens an engineer run on its mean reward", () => {
    expect(defaultCurveKeys([{ trainRollouts: 0, metricKeys: ["actor/grad_norm", "engineer/mixed_group_ratio", "engineer/reward/max", "engineer/reward/mean"] }])).toEqual([
      "engineer/reward/mean", "engineer/reward/max",
    ]);
  });

  it("falls back to the first reported keys, then to the rates", () => {
    expect(defaultCurveKeys([{ trainRollouts: 0, metricKeys: ["loss", "lr", "grad"] }])).toEqual(["grad", "loss"]);
    expect(defaultCurveKeys([])).toEqual(["train:trainable_rate", "train:pass_rate"]);
  });
});
