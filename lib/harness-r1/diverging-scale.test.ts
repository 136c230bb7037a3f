import { describe, expect, it } from "vitest";
import { MAX_MIX_PERCENT, scaleEnd, shadeCss, shadeOf } from "./diverging-scale";

describe("the diverging colour scale", () => {
  it("shades gains and losses of equal size equally, in proportion to the scale's end", () => {
    expect(shadeOf(0.05, 0.1)).toEqual({ tone: "gain", mix: Math.round(MAX_MIX_PERCENT / 2) });
    expect(shadeOf(-0.05, 0.1)).toEqual({ tone: "loss", mix: Math.round(MAX_MIX_PERCENT / 2) });
    expect(shadeOf(0.1, 0.1)).toEqual({ tone: "gain", mix: MAX_MIX_PERCENT });
    expect(shadeOf(0.5, 0.1)).toEqual({ tone: "gain", mix: MAX_MIX_PERCENT });
  });

  it("leaves zero and missing cells unshaded", () => {
    expect(shadeOf(0, 0.1)).toEqual({ tone: "none", mix: 0 });
    expect(shadeOf(null, 0.1)).toEqual({ tone: "none", mix: 0 });
    expect(shadeCss({ tone: "none", mix: 0 })).toBe("var(--surface)");
  });

  it("ends at the largest |Δ| but never below 1 pp", () => {
    expect(scaleEnd(0.12)).toBe(0.12);
    expect(scaleEnd(0.002)).toBe(0.01);
    expect(scaleEnd(Number.NaN)).toBe(0.01);
  });

  it("mixes the theme's success and danger colours into the surface", () => {
    expect(shadeCss({ tone: "gain", mix: 30 })).toBe("color-mix(in srgb, var(--success) 30%, var(--surface))");
    expect(shadeCss({ tone: "loss", mix: 12 })).toBe("color-mix(in srgb, var(--danger) 12%, var(--surface))");
  });
});
