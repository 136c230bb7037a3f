"use client";
// Loads an editor module in the browser only (Monaco touches `window` as soon as it runs) and hands its
// component over once it is there; until then the frame shows the plain text. The modules are fetched when
// this file first runs in the browser (preloadEditors), that is as soon as the page's scripts arrive and
// before React hydrates, rather than after the frame has rendered.
import { useEffect, useState, type ComponentType } from "react";
import type { MonacoDiffEditorProps } from "./monaco-diff-editor";
import type { MonacoViewEditorProps } from "./monaco-view-editor";

const loadDiffEditor = () => import("./monaco-diff-editor").then((m) => m.default);
const loadViewEditor = () => import("./monaco-view-editor").then((m) => m.default);

let diffEditor: Promise<ComponentType<MonacoDiffEditorProps>> | null = null;
let viewEditor: Promise<ComponentType<MonacoViewEditorProps>> | null = null;

export function preloadEditors(): void {
  if (typeof window === "undefined") return;
  diffEditor ??= loadDiffEditor();
  viewEditor ??= loadViewEditor();
}

function useLoaded<P>(load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((c) => {
      if (live) setComponent(() => c);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return component;
}

const diffLoader = () => (diffEditor ??= loadDiffEditor());
const viewLoader = () => (viewEditor ??= loadViewEditor());

export const useDiffEditor = () => useLoaded(diffLoader);
export const useViewEditor = () => useLoaded(viewLoader);
