// The per-file report of an import: what each file gave (format, rollouts, verdicts) or why it gave nothing,
// with links to the stored rollouts. Every string from a file (names, reasons) is rendered as text. Drawn by the
// one DataTable.
import Link from "next/link";
import type { ImportReport } from "@/lib/services/importers/report";
import { formatCount } from "@/lib/format";
import { describeAccounting } from "@/lib/services/importers/accounting";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./import-form.module.css";

const MAX_LINKS = 5;

type FileReport = ImportReport["files"][number];

const COLUMNS: Column<FileReport>[] = [
  { id: "file", label: "File", header: "File", className: "wrap-anywhere", value: (file) => file.file },
  { id: "format", label: "Format", header: "Format", priority: 2, cell: (file) => file.format ?? "—" },
  {
    id: "rollouts",
    label: "Rollouts",
    header: "Rollouts",
    numeric: true,
    cell: (file) => (
      <>
        {formatCount(file.rollouts)}
        {file.rolloutIds.length > 0 && (
          <span className={styles.links}>
            {file.rolloutIds.slice(0, MAX_LINKS).map((id, i) => (
              <Link key={id} href={`/rollouts/${encodeURIComponent(id)}`} aria-label={`Open rollout ${i + 1} of ${file.file}`}>
                {file.rolloutIds.length === 1 ? "open" : i + 1}
              </Link>
            ))}
            {file.rolloutIds.length > MAX_LINKS && <span className="muted">+{file.rolloutIds.length - MAX_LINKS}</span>}
          </span>
        )}
      </>
    ),
  },
  { id: "verdicts", label: "Verdicts", header: "Verdicts", numeric: true, priority: 2, cell: (file) => formatCount(file.verdicts) },
  {
    id: "notes",
    label: "Problem or notes",
    header: "Problem or notes",
    cell: (file) => (
      <>
        {file.problem ? (
          <span className="error">
            {file.problem.field}: {file.problem.reason}
          </span>
        ) : file.skipped ? (
          <span className="muted">skipped: {file.skipped}</span>
        ) : (
          <span className="muted">{file.accounting ? `${describeAccounting(file.accounting)}. ` : ""}{file.facts > 0 ? `facts on ${formatCount(file.facts)} instances` : file.accounting ? "" : "—"}</span>
        )}
        {file.notes.length > 0 && (
          <ul className={styles.notes}>
            {file.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        )}
      </>
    ),
  },
];

export function ImportReportTable({ report }: { report: ImportReport }) {
  const t = report.totals;
  const browse = `/trajectories?experiment=${encodeURIComponent(report.experiment.id)}`;
  return (
    <section aria-labelledby="import-report-heading" className={styles.report}>
      <h2 id="import-report-heading">Import report</h2>
      <p role="status">
        {formatCount(t.imported)} of {formatCount(t.files)} {t.files === 1 ? "file" : "files"} imported
        {t.failed > 0 ? `, ${formatCount(t.failed)} could not be` : ""}
        {t.skipped > 0 ? `, ${formatCount(t.skipped)} skipped (not data)` : ""}: {formatCount(t.rollouts)} {t.rollouts === 1 ? "rollout" : "rollouts"},{" "}
        {formatCount(t.verdicts)} {t.verdicts === 1 ? "verdict" : "verdicts"} into experiment “{report.experiment.name}”
        {report.experiment.created ? " (new)" : ""}, run “{report.run.name}”
        {report.harnessVersion ? `, harness ${report.harnessVersion.label}` : ""}.{" "}
        {Object.keys(t.applied).length === 0 && t.imported > 0 ? "Nothing new: these files were imported before. " : ""}
        <Link href={browse}>Browse the experiment’s trajectories</Link>
      </p>
      <DataTable columns={COLUMNS} rows={report.files} rowKey={(file) => file.file} caption="One row per file" />
    </section>
  );
}
