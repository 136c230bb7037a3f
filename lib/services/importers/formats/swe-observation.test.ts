import { describe, expect, it } from "vitest";
import { splitObservation } from "./swe-observation";

describe("splitObservation", () => {
  it("reads the return code and unwraps <output>", () => {
    expect(splitObservation("<returncode>1</returncode>\n<output>\nboom\n</output>")).toEqual({ returnCode: 1, output: "boom\n" });
  });

  it("reads past a v2 <exception> block and negative codes", () => {
    const text = "<exception>action was not executed</exception>\n<returncode>-1</returncode>\n<output>\n</output>";
    expect(splitObservation(text)).toEqual({ returnCode: -1, output: "" });
  });

  it("keeps the long-output warning form whole after the return code", () => {
    const rest = "<warning>\ntoo long\n</warning><output_head>\na\n</output_head>\n<elided_chars>\n5 characters elided\n</elided_chars>\n<output_tail>\nb\n</output_tail>";
    expect(splitObservation(`<returncode>0</returncode>\n${rest}`)).toEqual({ returnCode: 0, output: rest });
  });

  it("leaves text without a leading return code alone, even if one appears later", () => {
    const text = "The last command timed out.\n<returncode>0</returncode>";
    expect(splitObservation(text)).toEqual({ output: text });
    expect(splitObservation("<returncode>x</returncode>")).toEqual({ output: "<returncode>x</returncode>" });
  });

  it("handles megabytes of output", () => {
    const big = "line\n".repeat(400_000);
    expect(splitObservation(`<returncode>0</returncode>\n<output>\n${big}</output>`)).toEqual({ returnCode: 0, output: big });
  });
});
