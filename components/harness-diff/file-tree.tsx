"use client";
// The changed files of a harness diff as a folder tree; a file is a button that selects its diff.
import type { FileChange } from "@/lib/harness-diff/file-changes";
import type { FolderNode, TreeNode } from "@/lib/harness-diff/file-tree";
import { ChangeStatusBadge, KindBadge, LineCounts } from "./change-badges";
import styles from "./harness-diff.module.css";

interface Props {
  tree: FolderNode<FileChange>;
  selectedPath: string | null;
  onSelect: (path: string) => void;
}

export function FileTree({ tree, selectedPath, onSelect }: Props) {
  return <TreeLevel nodes={tree.children} selectedPath={selectedPath} onSelect={onSelect} />;
}

function TreeLevel({ nodes, selectedPath, onSelect }: { nodes: TreeNode<FileChange>[]; selectedPath: string | null; onSelect: (path: string) => void }) {
  return (
    <ul className={styles.treeLevel}>
      {nodes.map((node) =>
        node.type === "folder" ? (
          <li key={`d:${node.path}`}>
            <div className={styles.folder} title={node.path}>
              <span className="mono">{node.name}/</span>
              <LineCounts added={node.added} removed={node.removed} />
            </div>
            <TreeLevel nodes={node.children} selectedPath={selectedPath} onSelect={onSelect} />
          </li>
        ) : (
          <li key={`f:${node.path}`}>
            <button
              type="button"
              className={styles.file}
              aria-current={node.path === selectedPath ? "true" : undefined}
              title={node.path}
              onClick={() => onSelect(node.path)}
            >
              <span className={`mono ${styles.fileName}`}>{node.name}</span>
              <span className={styles.fileMeta}>
                <ChangeStatusBadge status={node.entry.status} />
                <KindBadge change={node.entry} />
                {node.entry.status !== "unchanged" && <LineCounts added={node.entry.added} removed={node.entry.removed} exact={node.entry.exact} />}
              </span>
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
