// The pass@1 view's address: the API path (what parsePass1Param reads back), the axis parameter and the cap.
import { describe, expect, it } from "vitest";
import { limitPass1Scopes, pass1ApiPath, pass1Axis } from "./pass-at-1-address";
import { parsePass1Param } from "./pass-at-1-param";

describe("pass@1 address", () => {
  it("writes scopes the API parses back, ids with ':' '/' and spaces included", () => {
    const scopes = [{ kind: "run" as const, id: "e:run/train 1" }, { kind: "experiment" as const, id: "ref-s11" }];
    const path = pass1ApiPath(scopes, "epoch");
    const url = new URL(path, "http://x");
    expect(url.pathname).toBe("/api/v1/curves");
    expect(url.searchParams.get("x")).toBe("epoch");
    expect(parsePass1Param(url.searchParams.getAll("pass1"))).toEqual({ ok: true, scopes });
  });

  it("reads the axis leniently and caps the scopes at the API's limit", () => {
    expect([pass1Axis("time"), pass1Axis("sideways"), pass1Axis(undefined)]).toEqual(["time", "step", "step"]);
    const many = Array.from({ length: 7 }, (_, i) => ({ kind: "run" as const, id: `r${i}` }));
    expect(limitPass1Scopes(many)).toEqual({ scopes: many.slice(0, 5), leftOut: 2 });
  });
});
