import { describe, expect, it } from "vitest";
import { fencedBlocks } from "./swe-fenced-blocks";

// mini-swe-agent's own rule, as the reference the scanner must agree with.
const UPSTREAM = /```bash\s*\n(.*?)\n```/gs;
const upstream = (text: string) => [...text.matchAll(UPSTREAM)].map((m) => m[1]);

describe("fencedBlocks", () => {
  const samples = [
    "THOUGHT: x\n\n```bash\nls -la\n```",
    "```bash\nls\n```\ntext\n```bash\ncat a && cat b\n```",
    "```bash\n\n```",
    "```bash  \n  multi\n  line\n```",
    "```bash ls\n```",
    "```bashrc\nno\n```",
    "````bash\nfour\n```",
    "```python\nprint(1)\n```\n```bash\necho\n```",
    "```bash\nunclosed",
    "no fences at all",
    "```bash\r\nwindows\n```",
    "```bash\n```bash\nnested\n```\n```",
  ];
  for (const text of samples) {
    it(`finds what mini-swe-agent finds in ${JSON.stringify(text).slice(0, 40)}`, () => {
      expect(fencedBlocks(text, ["bash"]).map((b) => b.body)).toEqual(upstream(text));
    });
  }

  it("gives the span of each block so the text around it is the thought", () => {
    const text = "before\n```bash\nls\n```\nafter";
    const [block] = fencedBlocks(text, ["bash"]);
    expect(text.slice(0, block!.start) + text.slice(block!.end)).toBe("before\n\nafter");
  });

  it("stays linear on a long answer full of unclosed fences", () => {
    const text = "```bash\nx ".repeat(200_000);
    expect(fencedBlocks(text, ["bash", "mswea_bash_command"])).toEqual([]);
  });
});
