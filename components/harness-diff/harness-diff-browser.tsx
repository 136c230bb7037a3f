"use client";
// The interactive half of the harness diff: the file tree, the side-by-side / inline switch, the toggle for
// unchanged files, and the Monaco diff of the selected file. State is local: the proposal page and the
// comparison page may show several diffs at once, and each keeps its own selection.
import { useMemo, useState } from "react";
import { MonacoDiff } from "@/components/editor/monaco-diff";
import { MonacoView } from "@/components/editor/monaco-view";
import type { FileChange } from "@/lib/harness-diff/file-changes";
import { buildFileTree, type FolderNode } from "@/lib/harness-diff/file-tree";
import { ChangeStatusBadge, KindBadge, LineCounts } from "./change-badges";
import { FileTree } from "./file-tree";
import styles from "./harness-diff.module.css";

export type DiffMode = "side-by-side" | "inline";

interface Props {
  changes: FileChange[];
  baseLabel: string;
  candidateLabel: string;
}

export function HarnessDiffBrowser({ changes, baseLabel, candidateLabel }: Props) {
  const changed = useMemo(() => changes.filter((c) => c.status !== "unchanged"), [changes]);
  const unchangedCount = changes.length - changed.length;
  const [showUnchanged, setShowUnchanged] = useState(changed.length === 0);
  const [mode, setMode] = useState<DiffMode>("side-by-side");
  const listed = showUnchanged ? changes : changed;
  const tree = useMemo(() => buildFileTree(listed), [listed]);
  const [selectedPath, setSelectedPath] = useState<string | null>(() => firstInTree(buildFileTree(changed.length > 0 ? changed : changes)));
  // Hiding unchanged files may hide the selected one; fall back to the first listed file.
  const selected = listed.find((c) => c.path === selectedPath) ?? listed.find((c) => c.path === firstInTree(tree)) ?? null;

  return (
    <div className={styles.browser}>
      <div className={styles.toolbar}>
        <div role="group" aria-label="Diff layout" className={styles.modeGroup}>
          {(["side-by-side", "inline"] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`button button-small ${mode === m ? "" : "button-secondary"}`}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === "side-by-side" ? "Side by side" : "Inline"}
            </button>
          ))}
        </div>
        {unchangedCount > 0 && (
          <label className={styles.unchangedToggle}>
            <input type="checkbox" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} /> Show {unchangedCount} unchanged{" "}
            {unchangedCount === 1 ? "file" : "files"}
          </label>
        )}
      </div>

      <div className={styles.layout}>
        <nav aria-label={showUnchanged ? "Harness files" : "Changed files"} className={styles.tree}>
          {listed.length === 0 ? <p className="muted small">No file differs.</p> : <FileTree tree={tree} selectedPath={selected?.path ?? null} onSelect={setSelectedPath} />}
        </nav>

        <section className={styles.panel} aria-label={selected ? `File ${selected.path}` : "No file selected"}>
          {selected ? (
            <>
              <header className={styles.panelHeader}>
                <h3 className={`mono ${styles.panelPath}`}>{selected.path}</h3>
                <ChangeStatusBadge status={selected.status} />
                <KindBadge change={selected} />
                {selected.status !== "unchanged" && <LineCounts added={selected.added} removed={selected.removed} exact={selected.exact} />}
                <span className="muted small wrap-anywhere">{statusNote(selected, baseLabel, candidateLabel)}</span>
              </header>
              {selected.status === "unchanged" ? (
                <MonacoView key={selected.path} value={selected.modified} language={selected.language} ariaLabel={`${selected.path}, the same in ${baseLabel} and ${candidateLabel}`} />
              ) : (
                <MonacoDiff
                  key={selected.path}
                  original={selected.status === "added" ? null : selected.original}
                  modified={selected.status === "removed" ? null : selected.modified}
                  language={selected.language}
                  mode={mode}
                  ariaLabel={`Diff of ${selected.path}, ${baseLabel} → ${candidateLabel}`}
                />
              )}
            </>
          ) : (
            <p className="muted">Neither version has files.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function firstInTree(tree: FolderNode<FileChange>): string | null {
  let nodes = tree.children;
  while (nodes.length > 0) {
    const first = nodes[0];
    if (first.type === "file") return first.path;
    nodes = first.children;
  }
  return null;
}

function statusNote(change: FileChange, baseLabel: string, candidateLabel: string): string {
  switch (change.status) {
    case "added":
      return `new in ${candidateLabel}`;
    case "removed":
      return `not in ${candidateLabel}`;
    case "unchanged":
      return `the same in ${baseLabel} and ${candidateLabel}`;
    default:
      return change.added + change.removed === 0 ? "same content, new kind or lifecycle position" : `${baseLabel} → ${candidateLabel}`;
  }
}
