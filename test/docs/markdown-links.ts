// The repository's Markdown link check: every relative link must reach a file of the repository, every #anchor a
// heading of its page (GitHub's heading slugs), and no link may leave the repository (a newcomer's clone has no
// ../shared). Pure text in, problems out; the test reads the files.
import path from "node:path";

export interface MarkdownLink {
  /** 1-based line of the link in its file. */
  line: number;
  target: string;
}

export interface LinkProblem {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** The text of a page with fenced code blocks and inline code spans blanked, line breaks kept. */
export function withoutCode(markdown: string): string {
  const lines = markdown.split("\n");
  let fence: string | null = null;
  const out: string[] = [];
  for (const line of lines) {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length && line.trim() === opener[1]) fence = null;
      out.push("");
      continue;
    }
    if (opener) {
      fence = opener[1];
      out.push("");
      continue;
    }
    out.push(blankCodeSpans(line));
  }
  return out.join("\n");
}

/** Inline code spans (`x`, ``x ` y``) replaced by spaces, so brackets inside them are not read as links. */
function blankCodeSpans(line: string): string {
  return line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (match) => " ".repeat(match.length));
}

/** Inline links and images `[text](target "title")` and reference definitions `[name]: target`. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(markdown)
    .split("\n")
    .forEach((text, index) => {
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line: index + 1, target: match[1] });
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(text);
      if (definition) links.push({ line: index + 1, target: definition[1] });
    });
  return links;
}

/**
 * GitHub's anchor for a heading: the heading's text as rendered (code marks and link targets dropped), lower-cased,
 * every character that is not a letter, digit, mark, `_`, `-` or space removed, spaces turned into `-`.
 */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, "").replace(/ /g, "-");
}

/** The anchors a page offers: its ATX headings' slugs (repeats numbered -1, -2, … as GitHub does) and explicit ids. */
export function pageAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = withoutCode(markdown);
  // Headings keep their code spans for the slug, so read them from the original line at the same index.
  const original = markdown.split("\n");
  text.split("\n").forEach((blanked, index) => {
    if (!/^\s{0,3}#{1,6}\s/.test(blanked)) return;
    const heading = original[index].replace(/^\s{0,3}#{1,6}\s+/, "").replace(/\s+#+\s*$/, "");
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

export interface Repository {
  /** Absolute path of the repository's root. */
  root: string;
  /** Whether a path (absolute) exists as a file or directory. */
  exists(absolute: string): boolean;
  /** A Markdown page's text (absolute path), for its anchors. */
  read(absolute: string): string;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Every broken link of one page (`file` relative to the repository's root). */
export function checkPage(file: string, markdown: string, repo: Repository): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const here = path.join(repo.root, file);
  for (const { line, target } of markdownLinks(markdown)) {
    const fail = (reason: string) => problems.push({ file, line, target, reason });
    if (target === "") {
      fail("empty link");
      continue;
    }
    if (EXTERNAL.test(target)) continue;
    const hashAt = target.indexOf("#");
    const pathPart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt));
    const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
    if (pathPart.startsWith("/")) {
      fail("absolute path: link relative to the page instead");
      continue;
    }
    const resolved = pathPart === "" ? here : path.resolve(path.dirname(here), pathPart);
    const relative = path.relative(repo.root, resolved);
    if (relative.startsWith("..") || path.isAbsolute(relative) || /(^|\/)\.\.\/shared(\/|$)/.test(pathPart)) {
      fail("leaves the repository (a clone has nothing there)");
      continue;
    }
    if (!repo.exists(resolved)) {
      fail(`no such file: ${relative}`);
      continue;
    }
    if (anchor === null) continue;
    if (resolved.endsWith(".md")) {
      if (!pageAnchors(repo.read(resolved)).has(anchor)) fail(`no heading with the anchor #${anchor} in ${relative}`);
    } else if (!/^L\d+(-L\d+)?$/.test(anchor)) {
      fail(`#${anchor}: only #L<line> anchors exist in ${relative}`);
    }
  }
  return problems;
}
