// The Markdown a newcomer reads stays whole: every relative link and #anchor resolves inside the repository, no page
// sends the reader to ../shared, the README and BENCHMARKS stay short, the README leads to every docs page, and
// BENCHMARKS names every benchmark the way `npm run bench` does.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkPage, headingSlug, markdownLinks, pageAnchors, type Repository } from "./markdown-links";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIPPED_DIRS = new Set(["node_modules", ".next", ".git", "data", "test-results", "playwright-report"]);

const repo: Repository = {
  root: ROOT,
  exists: (absolute) => fs.existsSync(absolute),
  read: (absolute) => fs.readFileSync(absolute, "utf8"),
};

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...filesUnder(relative, keep));
    } else if (keep(entry.name)) out.push(relative);
  }
  return out;
}

const docsPages = filesUnder("docs", (name) => name.endsWith(".md")).sort();
const PAGES = ["README.md", "SECURITY.md", "BENCHMARKS.md", "clients/python/README.md", ...docsPages];
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("the repository's Markdown", () => {
  it("has docs pages to check", () => {
    expect(docsPages.length).toBeGreaterThan(0);
  });

  it.each(PAGES)("%s: every relative link and #anchor resolves inside the repository", (file) => {
    const problems = checkPage(file, read(file), repo).map((p) => `${p.file}:${p.line} (${p.target}): ${p.reason}`);
    expect(problems).toEqual([]);
  });

  it("README.md fits in 12 KB and BENCHMARKS.md in 15 KB", () => {
    expect(fs.statSync(path.join(ROOT, "README.md")).size).toBeLessThanOrEqual(12 * 1024);
    expect(fs.statSync(path.join(ROOT, "BENCHMARKS.md")).size).toBeLessThanOrEqual(15 * 1024);
  });

  it("README.md links every docs page", () => {
    const linked = new Set(markdownLinks(read("README.md")).map((l) => path.normalize(l.target.split("#")[0])));
    expect(docsPages.filter((page) => !linked.has(path.normalize(page)))).toEqual([]);
  });

  it("README.md never sends the reader to ../shared", () => {
    expect(read("README.md")).not.toMatch(/\.\.\/shared/);
  });

  it("BENCHMARKS.md gives every benchmark of `npm run bench` its command, by the bench's own name", () => {
    const [benchList] = filesUnder(".", (name) => name === "bench-list.ts");
    expect(benchList, "bench-list.ts, the list `npm run bench` runs").toBeDefined();
    const source = read(benchList);
    const names = [...source.slice(source.indexOf("BENCHES")).matchAll(/^\s*(?:\{\s*)?name: "([a-z0-9-]+)"/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(10);
    const benchmarks = read("BENCHMARKS.md");
    expect(names.filter((name) => !benchmarks.includes(`\`npm run bench -- ${name}\``))).toEqual([]);
  });
});

describe("the link check itself", () => {
  const files: Record<string, string> = {
    "README.md": "# Top\n\n## Send your trainer's data\n\n## Without network: `harness-lab sync`\n\n## Top\n",
    "docs/a.md": "# A page\n\n```md\n# not a heading\n[x](missing.md)\n```\n",
    "lib/x.ts": "",
  };
  const fake: Repository = {
    root: "/repo",
    exists: (absolute) => Object.keys(files).some((f) => path.join("/repo", f) === absolute || path.join("/repo", f).startsWith(absolute + "/")),
    read: (absolute) => files[path.relative("/repo", absolute)] ?? "",
  };
  const problems = (text: string, file = "docs/b.md") => checkPage(file, text, fake).map((p) => p.reason);

  it("takes GitHub's heading slugs, numbering repeats", () => {
    expect(headingSlug("Send your trainer's data")).toBe("send-your-trainers-data");
    expect(headingSlug("Without network: event logs and `harness-lab sync`")).toBe("without-network-event-logs-and-harness-lab-sync");
    expect(headingSlug("rllm's UI logger: `/api/v1/rllm`")).toBe("rllms-ui-logger-apiv1rllm");
    expect(headingSlug("Hostile input and crash safety: the figures")).toBe("hostile-input-and-crash-safety-the-figures");
    expect([...pageAnchors(files["README.md"])]).toEqual(["top", "send-your-trainers-data", "without-network-harness-lab-sync", "top-1"]);
  });

  it("accepts links that resolve, anchors included", () => {
    expect(problems("[r](../README.md#send-your-trainers-data) [s](../README.md#top-1) [a](a.md) [x](../lib/x.ts#L3) [d](../lib) [w](https://example.org/#nope)")).toEqual([]);
  });

  it("fails a missing file, a missing anchor, a path outside the repository and ../shared", () => {
    expect(problems("[m](missing.md)")).toEqual(["no such file: docs/missing.md"]);
    expect(problems("[h](../README.md#no-such-heading)")).toEqual(["no heading with the anchor #no-such-heading in README.md"]);
    expect(problems("[s](../../shared/DOMAIN.md)")).toEqual(["leaves the repository (a clone has nothing there)"]);
    expect(problems("[s](../shared/DOMAIN.md)", "README.md")).toEqual(["leaves the repository (a clone has nothing there)"]);
    expect(problems("[own](#nowhere)", "README.md")).toEqual(["no heading with the anchor #nowhere in README.md"]);
  });

  it("ignores what is code: fenced blocks and inline spans", () => {
    expect(problems("`[m](missing.md)`\n\n```\n[m](missing.md)\n```\n")).toEqual([]);
    expect([...pageAnchors(files["docs/a.md"])]).toEqual(["a-page"]);
  });
});
