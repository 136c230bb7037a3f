// Monaco as this app needs it, and no more: the editor core (editor.api), the diff editor, the codicon font,
// the grammars of the languages a harness file can have (monaco-languages.ts), and one web worker, the
// editor worker that computes diffs. The package's root ("monaco-editor") would also load every other
// feature and language, the LSP client and the TypeScript, JSON, CSS and HTML language services with their
// workers, none of which a read-only viewer uses; that bundle took seconds to arrive and run.
//
// It also points @monaco-editor/react at this copy (the loader would otherwise fetch Monaco from a CDN: the
// machine has no internet, and the CSP refuses it) and tells Monaco where its worker is: without it the diff
// editor never computes a diff (the insert and delete decorations only appear once the worker answers).
//
// Browser-only: imported solely by the *-editor.tsx modules that use-editor-module.ts loads dynamically.
// `new Worker(new URL("monaco-editor/…", import.meta.url))` is a literal the bundler sees, so `next build`
// emits the worker as its own chunk served from /_next/static; the paths go through monaco-editor's package
// exports ("./*" → "./esm/vs/*.js").
import * as monaco from "monaco-editor/editor/editor.api";
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/diffEditor/register";
import { loader } from "@monaco-editor/react";
import { registerLanguages } from "./monaco-languages";
import { EDITOR_THEMES } from "./editor-themes";

// Only the editor worker can be asked for ("editorWorkerService": diffs, links, word-based suggestions):
// no language service is loaded that would ask for a "typescript", "json", "css" or "html" worker. Monaco
// starts it lazily, when the first diff is computed.
self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => new Worker(new URL("monaco-editor/editor/editor.worker", import.meta.url), { name: label }),
};

registerLanguages(monaco);
// Monaco's own light and dark themes, with token colours that stay readable on the diff tints (editor-themes.ts).
for (const [name, { data }] of Object.entries(EDITOR_THEMES)) monaco.editor.defineTheme(name, data);
loader.config({ monaco });

export { monaco };
