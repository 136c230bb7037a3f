// The editor under the plain fallback is laid out but must be unreachable until it shows: Monaco mounts its
// focusable textarea before it paints, and a focusable element that is only aria-hidden can still take focus
// (axe: aria-hidden-focus, serious). Rendered to static markup without JSX (the test runs in node).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditorFrame } from "./editor-frame";

const frame = (ready: boolean) =>
  renderToStaticMarkup(createElement(EditorFrame, { label: "Diff of hooks.js", height: 300, ready, fallback: createElement("pre", null, "plain"), children: createElement("textarea", { "aria-label": "editor input" }) }));

/** The opening tag of the element that wraps the editor's textarea. */
const editorWrapper = (html: string) => /<div[^>]*>(?=<textarea)/.exec(html)?.[0] ?? "";

describe("EditorFrame", () => {
  it("keeps the editor out of the focus order and the accessibility tree until it is ready", () => {
    const html = frame(false);
    expect(html).toContain("<pre>plain</pre>");
    expect(editorWrapper(html)).toMatch(/\binert=""/);
  });

  it("makes the editor reachable, and drops the fallback, once it is ready", () => {
    const html = frame(true);
    expect(html).not.toContain("<pre>plain</pre>");
    expect(editorWrapper(html)).not.toMatch(/\binert\b|aria-hidden/);
  });
});
