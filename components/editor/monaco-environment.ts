// Points @monaco-editor/react at the installed monaco-editor package and tells Monaco where its web workers
// are. Without this the loader would fetch Monaco from a CDN (the machine has no internet, and the CSP will
// refuse it), and without workers the diff editor never computes a diff: the insert and delete decorations
// only appear once the editor worker answers.
//
// Browser-only: imported solely by the *-editor.tsx modules that monaco-diff.tsx and monaco-view.tsx load
// with next/dynamic({ ssr: false }). Each `new Worker(new URL("monaco-editor/…", import.meta.url))` is a
// literal the bundler sees, so `next build` emits the worker as its own chunk served from /_next/static.
// The paths go through monaco-editor's package exports ("./*" → "./esm/vs/*.js").
import * as monaco from "monaco-editor";
import { loader } from "@monaco-editor/react";

function createWorker(label: string): Worker {
  switch (label) {
    case "json":
      return new Worker(new URL("monaco-editor/language/json/json.worker", import.meta.url), { name: label });
    case "css":
    case "scss":
    case "less":
      return new Worker(new URL("monaco-editor/language/css/css.worker", import.meta.url), { name: label });
    case "html":
    case "handlebars":
    case "razor":
      return new Worker(new URL("monaco-editor/language/html/html.worker", import.meta.url), { name: label });
    case "typescript":
    case "javascript":
      return new Worker(new URL("monaco-editor/language/typescript/ts.worker", import.meta.url), { name: label });
    default:
      // "editorWorkerService": diff computation, links, word-based suggestions.
      return new Worker(new URL("monaco-editor/editor/editor.worker", import.meta.url), { name: label });
  }
}

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => createWorker(label),
};

loader.config({ monaco });

export { monaco };
