// Files in a run folder that are not data: documentation, images, configuration, logs, code. When no reader
// takes one, it is listed as skipped with the reason instead of failing the import, so a folder with a
// README imports with exit status 0. A file with a data extension (json, jsonl, traj, eval, zip…) that no
// reader takes still fails: it may be data in a format the importer does not know.
const KINDS: Array<{ reason: string; extensions: string[] }> = [
  { reason: "documentation, not data", extensions: ["md", "markdown", "txt", "rst", "adoc", "org"] },
  { reason: "an image, not data", extensions: ["png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tif", "tiff"] },
  { reason: "a document, not data", extensions: ["pdf", "html", "htm", "css", "doc", "docx"] },
  { reason: "a log or configuration file, not a trajectory", extensions: ["log", "yaml", "yml", "toml", "ini", "cfg", "conf"] },
  { reason: "code, not data", extensions: ["py", "sh", "js", "ts", "ipynb"] },
  { reason: "a patch or prediction (the trajectory holds it)", extensions: ["patch", "diff", "pred"] },
];
const NAMES = new Set(["readme", "license", "licence", "copying", "notice", "authors", "changelog", "makefile"]);

export function notDataReason(name: string): string | undefined {
  const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const extension = dot > 0 ? base.slice(dot + 1) : "";
  if (NAMES.has(stem) && (extension === "" || KINDS[0]!.extensions.includes(extension))) return "documentation, not data";
  return KINDS.find((k) => k.extensions.includes(extension))?.reason;
}
