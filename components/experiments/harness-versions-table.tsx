// Harness versions of one experiment: lineage (parent), where each came from, and what it holds. Each is
// named in the one naming (lib/domain/harness-naming.ts): "H1 (same files as H0)" where that is so.
import { HOOK_POSITIONS } from "@/lib/domain/vocabulary";
import type { HarnessVersionSummary } from "@/db/queries/types";
import { formatCount } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";

export function HarnessVersionsTable({ versions, caption }: { versions: HarnessVersionSummary[]; caption?: string }) {
  return (
    <div className="table-wrap">
      <table className="table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Origin</th>
            <th scope="col">Parent</th>
            <th scope="col" className="num">
              Files
            </th>
            {HOOK_POSITIONS.map((p) => (
              <th key={p} scope="col" className="num" title={`Hook files at the ${p} lifecycle position`}>
                {p}
              </th>
            ))}
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.id}>
              <th scope="row" title={v.description ?? undefined}>
                {v.name}
              </th>
              <td>{v.origin}</td>
              <td>{v.parentLabel ?? (v.parentId ? v.parentId : <span className="muted">—</span>)}</td>
              <td className="num">{formatCount(v.files)}</td>
              {HOOK_POSITIONS.map((p) => (
                <td key={p} className="num">
                  {v.hooksByPosition[p] === 0 ? <span className="muted">0</span> : formatCount(v.hooksByPosition[p])}
                </td>
              ))}
              <td className="nowrap">
                <RelativeTime ms={v.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
