// The rules behind the mechanism-level skill check (lib/skills/mechanism-check.ts).
//
// The paper's rule (DOMAIN.md, "Mechanism-level skill"): a mechanism-level skill says when and why a repair
// strategy applies and "must contain no repository paths, code symbols or literal code" (the Korean write-up:
// 저장소 경로, 코드 기호, 리터럴 코드를 포함하지 않는다). Near-answer hints name the concrete fix and did worse
// once skills were removed at evaluation, so a mechanism skill that names a file, an identifier or a line of
// code is really a hint in disguise; the dashboard flags it next to the text.
//
// Every rule is a regular expression over the skill text, optionally with a `keep` test that throws out a
// match prose produces too. Each rule lists what it `flags` and the look-alikes it deliberately `passes` (the
// false-positive traps); the unit test runs both lists, so the documentation here cannot drift from the code.
// The patterns are ASCII-only on purpose: identifiers and paths are ASCII, so a rule never fires on Korean or
// other non-Latin prose, and a code token embedded in such prose is still found.

export type MechanismRuleKind = "path" | "symbol" | "code";

export interface MechanismRule {
  id: string;
  kind: MechanismRuleKind;
  /** What a match is, completing "contains …" (shown to the reader next to the snippet). */
  reason: string;
  /** Global (and where it matters multiline) pattern; every match is a candidate finding. */
  pattern: RegExp;
  /** Throws out a candidate that prose produces too; absent = keep every match. */
  keep?: (match: string) => boolean;
  /** Texts this rule flags. */
  flags: string[];
  /** Look-alikes this rule (and the whole check) lets pass. */
  passes: string[];
}

/** File extensions of source, config and data files: a dotted word ending in one of these is a file name. */
const FILE_EXTENSIONS = [
  "py", "pyi", "ipynb", "js", "mjs", "cjs", "jsx", "ts", "tsx", "json", "jsonl", "yaml", "yml", "toml", "ini", "cfg",
  "conf", "md", "rst", "txt", "csv", "tsv", "c", "h", "cc", "cpp", "cxx", "hpp", "java", "kt", "scala", "go", "rs",
  "rb", "php", "cs", "swift", "sh", "bash", "zsh", "ps1", "bat", "sql", "html", "htm", "css", "scss", "xml", "lock",
  "log", "patch", "diff", "env", "gradle", "vue", "svelte", "lua", "pl", "r", "jl", "dart", "ex", "exs", "hs", "ml",
  "tf", "proto",
];
const EXTENSION_SET = new Set(FILE_EXTENSIONS);

/** Directory names that only occur in paths (unlike "test", "include" or "internal", which prose pairs with a slash). */
const SOURCE_ROOTS = new Set(["src", "lib", "libs", "pkg", "cmd", "bin", "usr", "node_modules", "site-packages", ".github", ".git"]);

/** "Node.js", "Vue.js", "Three.js": product names, not files. */
const isProductDotJs = (s: string) => /^[A-Z][a-z]+\.js$/.test(s);

/** A file name: a stem and a known extension; a one-letter extension needs a stem of two letters ("a.m." is a time). */
function isFileName(s: string): boolean {
  const dot = s.lastIndexOf(".");
  if (dot <= 0) return false;
  const ext = s.slice(dot + 1);
  const stem = s.slice(0, dot);
  if (!EXTENSION_SET.has(ext) || isProductDotJs(s)) return false;
  return ext.length > 1 || stem.length > 1;
}

/** "and/or", "pass/fail", "test/train", "TCP/IP" are prose; a slash path needs a file, a source root, "_", a hidden dir or a trailing "/". */
function isRelativePath(s: string): boolean {
  const segments = s.split("/");
  const last = segments[segments.length - 1];
  if (last === "") return segments.slice(0, -1).every((x) => x.length > 1);
  if (isFileName(last)) return true;
  if (SOURCE_ROOTS.has(segments[0])) return true;
  return segments.some((x) => x.includes("_") || (x.startsWith(".") && x.length > 1));
}

/** "e.g", "i.e", "a.k.a", "Ph.D", "U.S", "github.com", "done.Then", "Node.js" and file names are not attribute access. */
function isAttributeAccess(s: string): boolean {
  const parts = s.split(".");
  const last = parts[parts.length - 1];
  if (last.length < 2) return false;
  if (isFileName(s) || isProductDotJs(s)) return false;
  if (parts.length === 2 && /^[a-z]+$/.test(parts[0]) && /^(?:com|org|net|edu|gov|io|dev|ai)$/.test(last)) return false;
  // A sentence that lost the space after its full stop: "done.Then".
  if (parts.length === 2 && /^[a-z]+$/.test(parts[0]) && /^[A-Z][a-z]+$/.test(last)) return false;
  return true;
}

export const MECHANISM_RULES: MechanismRule[] = [
  // ---------- repository paths ----------
  {
    id: "url", kind: "path", reason: "a URL",
    pattern: /\b(?:https?|file|ftp|git):\/\/[^\s<>"'`)\]]+/g,
    flags: ["see https://github.com/org/repo/blob/main/src/app.py for the fix"],
    passes: ["the http layer retries on its own"],
  },
  {
    id: "windows-path", kind: "path", reason: "a Windows path",
    pattern: /\b[A-Za-z]:\\[^\s"'`]*|\\\\[\w.-]+\\[^\s"'`]*|(?<![\w\\])[\w.-]+(?:\\[\w.-]+)+\.[A-Za-z]\w*/g,
    flags: ["edit C:\\project\\main.c first", "the share \\\\build01\\artifacts holds it", "look in src\\parser.py"],
    passes: ["a backslash \\ between words", "the pattern \\d matches digits"],
  },
  {
    id: "absolute-path", kind: "path", reason: "an absolute path",
    pattern: /(?<![\w.)\]}>:/~\\-])\/[A-Za-z_][\w.-]+(?:\/[\w.-]+)*\/?/g,
    flags: ["the config lives under /usr/lib", "check /etc before anything else", "write to /tmp/out.log"],
    passes: ["half the runs, 1/2 of them", "available 24/7", "speed in km/h", "sarcasm /s is not a path"],
  },
  {
    id: "dot-relative-path", kind: "path", reason: "a relative path",
    pattern: /(?<![\w./~-])(?:\.{1,2}|~)\/[\w.\/-]*/g,
    flags: ["run ./x first", "the parent ../config", "a file in ~/notes"],
    passes: ["about ~3 turns", "e.g./i.e. both work", "wait... then act"],
  },
  {
    id: "slash-path", kind: "path", reason: "a path with directories",
    pattern: /(?<![\w.\/\\~-])[A-Za-z0-9_.-]+(?:(?:\/[A-Za-z0-9_.-]+)+\/?|\/)/g,
    keep: isRelativePath,
    flags: ["edit src/foo.py", "the module src/utils", "the my_pkg/core package", "CI in .github/workflows", "the tests/ directory"],
    passes: ["and/or", "pass/fail", "a test/train split", "include/exclude lists", "TCP/IP", "read/write/execute", "input/output"],
  },
  {
    id: "file-name", kind: "path", reason: "a file name",
    pattern: /(?<![\w.\/\\-])[A-Za-z0-9_-]*[A-Za-z_][A-Za-z0-9_-]*\.[a-z][a-z0-9]*(?![\w-])/g,
    keep: isFileName,
    flags: ["the bug is in setup.py", "check package.json", "open main.c", "the README.md says so"],
    passes: ["e.g. a bound", "i.e. the end", "etc. and so on", "at 3 p.m. or 9 a.m.", "the U.S. office", "a Ph.D. student", "Node.js and Vue.js", "a .py file"],
  },
  // ---------- code symbols ----------
  {
    id: "call", kind: "symbol", reason: "a function call",
    pattern: /(?<![\w.$])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\((?!(?:e?s|n|ies)\))[^()\n]{0,80}\)/g,
    flags: ["call foo_bar() again", "after parse(x) fails", "obj.method(a, b) returns early"],
    passes: ["one or more file(s)", "the test(s) involved", "a(n) edge case", "an aside (like this one)"],
  },
  {
    id: "dunder", kind: "symbol", reason: "a dunder name",
    pattern: /(?<![\w$])__[A-Za-z][A-Za-z0-9_]*?__(?![\w$])/g,
    flags: ["override __init__ carefully", "the __eq__ method"],
    passes: ["an _emphasised_ word", "a __ separator"],
  },
  {
    id: "attribute", kind: "symbol", reason: "an attribute access",
    pattern: /(?<![\w.$\/\\-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+/g,
    keep: isAttributeAccess,
    flags: ["read obj.method first", "ClassName.attr is stale", "use os.path.join", "s.strip is enough"],
    passes: ["e.g. this", "i.e. that", "a.k.a. the other", "Python 3.10", "version v1.2.3", "GPT-5.5 and Qwen3.5-9B", "see github.com", "done.Then go on"],
  },
  {
    id: "snake-case", kind: "symbol", reason: "a snake_case identifier",
    pattern: /(?<![\w$])_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w$])/g,
    flags: ["raise max_retries", "the MAX_RETRIES constant", "the pre_action hook"],
    passes: ["an _emphasised_ word", "off-by-one errors", "pass@1 over repeats"],
  },
  {
    id: "camel-case", kind: "symbol", reason: "a camelCase identifier",
    pattern: /\b[a-z]{2,}[a-z0-9]*[A-Z][a-z0-9]+[A-Za-z0-9]*\b/g,
    flags: ["call getValue twice", "parseInt drops the fraction", "isNaN is true"],
    passes: ["an iPhone or eBay listing", "on macOS or iOS", "jQuery plugins", "JavaScript, GitHub, PyTorch and OpenAI"],
  },
  {
    id: "exception-class", kind: "symbol", reason: "an exception class name",
    pattern: /\b(?:[A-Z][a-z]+)+(?:Error|Exception|Warning)\b|\b[A-Z]{2,}(?:Error|Exception)\b/g,
    flags: ["a ValueError on empty input", "catch the OSError", "a DeprecationWarning"],
    passes: ["an Error message", "an Exception to the rule"],
  },
  // ---------- literal code ----------
  {
    id: "fenced-block", kind: "code", reason: "a fenced code block",
    pattern: /(?:```|~~~)[\s\S]*?(?:```|~~~|$)/g,
    flags: ["like this:\n```\nx = 1\n```", "~~~\nreturn\n~~~"],
    passes: ["a plain paragraph\nwith two lines"],
  },
  {
    id: "inline-code", kind: "code", reason: "inline code in backticks",
    pattern: /`[^`\n]+`/g,
    flags: ["use `flag` here", "the `x + 1` bound"],
    passes: ["it's a 'quoted' word"],
  },
  {
    id: "backtick", kind: "code", reason: "a backtick (quoted code)",
    pattern: /`/g,
    flags: ["an unclosed ` mark"],
    passes: ["an apostrophe's shape"],
  },
  {
    id: "operator", kind: "code", reason: "a code operator",
    pattern: /===|!==|==|!=|<=|>=|->|=>|&&|\|\||::|:=|\+=|-=|\*=|\/=/g,
    flags: ["when a == b", "check x != y", "n <= 10", "a -> b", "x => x", "a && b", "std::vector", "n := 0", "total += 1"],
    passes: ["at least ≥ 2 and at most ≤ 5", "H0 → H1", "a -- dash", "**bold** text", "3:10 pm"],
  },
  {
    id: "assignment", kind: "code", reason: "an assignment",
    pattern: /[\w)\]]\s*(?<![=!<>:+\-*\/])=(?![=>])\s*[\w("'\[-]/g,
    flags: ["set count = 0", "x=1 works"],
    passes: ["an equals sign (=) alone"],
  },
  {
    id: "increment", kind: "code", reason: "an increment or decrement",
    // "--name" is left to the command-line flag rule.
    pattern: /\b[a-z_]\w*(?:\+\+|--)(?![\w-])|(?<![\w+])\+\+[a-z_]\w*\b/g,
    flags: ["then i++ runs", "++count", "n-- once"],
    passes: ["written in C++", "wait -- then act", "a well--known case"],
  },
  {
    id: "cli-flag", kind: "code", reason: "a command-line flag",
    pattern: /(?<![\w-])--[a-z][\w-]+/g,
    flags: ["run it with --verbose", "pass --no-cache", "a --count"],
    passes: ["wait -- then act", "an em--dash"],
  },
  {
    id: "definition", kind: "code", reason: "a definition",
    pattern: /\bdef\s+[A-Za-z_]\w*|\bclass\s+[A-Z]\w*\s*[:(]|\bfunction\s+[A-Za-z_$][\w$]*\s*\(|\b(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=(?!=)/g,
    flags: ["def helper", "class Parser:", "function go(", "const n = 3", "let total = 0"],
    passes: ["a class of bugs", "let the tests decide", "a function of the input", "the default value"],
  },
  {
    id: "return", kind: "code", reason: "a return statement",
    pattern: /\breturn\s+(?:None|True|False|null|nil|undefined|-?\d+(?:\.\d+)?\b|"[^"\n]*"|'[^'\n]*'|[A-Za-z_$][\w$]*(?:\s*[;(\[]|\.(?=[A-Za-z_$])))/gm,
    flags: ["then return None", "return 0 early", "return x;", "return foo(y)"],
    passes: ["return early when the input is empty", "return the value unchanged", "it returns nothing"],
  },
  {
    id: "import", kind: "code", reason: "an import statement",
    pattern: /^\s*from\s+[\w.]+\s+import\s+[\w*]+|^\s*import\s+[\w.]+\s*;?\s*$|\bimport\s+[\w.]+\s+as\s+\w+|\bimport\s+(?:\{[^}\n]*\}|\*\s+as\s+\w+|\w+)\s+from\s+["']/gm,
    flags: ["from os import path", "import numpy", "use import numpy as np", "import { x } from 'y'"],
    passes: ["it is important", "import the data first, then check"],
  },
  {
    id: "except", kind: "code", reason: "an except clause",
    pattern: /\bexcept\s+[A-Z]\w*(?:\s+as\s+\w+)?\s*:/g,
    flags: ["except KeyError: skip it"],
    passes: ["except when: the input is empty"],
  },
  {
    id: "semicolon-line", kind: "code", reason: "a line of code ending in a semicolon",
    pattern: /^[^\n]*[()=[\]{}][^\n]*;[ \t]*$/gm,
    flags: ["x = y;", "callIt(a);"],
    passes: ["check the bounds; then re-run;", "first this; then that"],
  },
  {
    id: "subscript", kind: "code", reason: "a subscript",
    pattern: /[A-Za-z_$][\w$]*\[[^\]\n]{1,40}\]/g,
    flags: ["read arr[0] first", "the d[\"key\"] entry"],
    passes: ["as shown [1]", "a [bracketed] aside"],
  },
  {
    id: "braces", kind: "code", reason: "braces holding code",
    pattern: /\{[^{}\n]*[:;=][^{}\n]*\}/g,
    flags: ["send { \"a\": 1 }", "a block { x = 1; }"],
    passes: ["a {placeholder} word", "the set {a, b}"],
  },
  {
    id: "list-literal", kind: "code", reason: "a list literal",
    pattern: /\[\s*(["'])[^"'\n]*\1(?:\s*,\s*(["'])[^"'\n]*\2)*\s*,?\s*\]/g,
    flags: ["the list [\"a\", \"b\"]", "['x']"],
    passes: ["citations [1, 2]", "a [note]"],
  },
  {
    id: "shell-prompt", kind: "code", reason: "a shell command line",
    pattern: /^\s*\$\s+\S[^\n]*/gm,
    flags: ["$ pytest -x"],
    passes: ["$5 of budget", "costs $ 5"],
  },
];
