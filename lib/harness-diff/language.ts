// The Monaco language id for a harness file, from its name: syntax colouring in the diff. Ids are the ones
// monaco-editor registers (python, javascript, typescript, json, markdown, yaml, shell, ini, …); anything
// unknown is plain text rather than a guess.

const BY_EXTENSION: Record<string, string> = {
  py: "python",
  pyi: "python",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "typescript",
  json: "json",
  md: "markdown",
  markdown: "markdown",
  yaml: "yaml",
  yml: "yaml",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  // Monaco has no TOML grammar; its INI grammar colours sections, keys and strings the same way.
  toml: "ini",
  ini: "ini",
  cfg: "ini",
  txt: "plaintext",
  html: "html",
  css: "css",
  sql: "sql",
  xml: "xml",
};

const BY_FILE_NAME: Record<string, string> = {
  dockerfile: "dockerfile",
  makefile: "plaintext",
};

export function languageForPath(path: string): string {
  const name = (path.split("/").pop() ?? path).toLowerCase();
  const byName = BY_FILE_NAME[name];
  if (byName) return byName;
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "plaintext";
  return BY_EXTENSION[name.slice(dot + 1)] ?? "plaintext";
}
