"use client";
// "Tables are data": copy any results table as CSV or Markdown, or download it as a .csv file, from the
// same TableData the page rendered. The outcome is announced in a status line (copying can be refused by
// the browser outside a secure context, then the text is offered for manual copying instead).
import { useState } from "react";
import { toCsv, toMarkdown, type TableData } from "@/lib/tables/table-data";
import styles from "./table-export.module.css";

interface Props {
  table: TableData;
  /** Names the table in the buttons' labels and the downloaded file, e.g. "pass@1 matrix". */
  name: string;
}

function fileName(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9@]+/g, "-").replace(/^-+|-+$/g, "") || "table"}.csv`;
}

export function TableExport({ table, name }: Props) {
  const [status, setStatus] = useState("");
  const [fallback, setFallback] = useState<string | null>(null);
  const rows = `${table.rows.length} row${table.rows.length === 1 ? "" : "s"}`;

  const copy = async (format: "CSV" | "Markdown") => {
    const text = format === "CSV" ? toCsv(table) : toMarkdown(table);
    try {
      await navigator.clipboard.writeText(text);
      setFallback(null);
      setStatus(`Copied ${name} as ${format} (${rows}).`);
    } catch {
      setFallback(text);
      setStatus(`The browser refused the clipboard; select the ${format} below and copy it.`);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName(name);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setStatus(`Downloaded ${name} as ${fileName(name)} (${rows}).`);
  };

  return (
    <div className={styles.bar}>
      <div role="group" aria-label={`Export ${name}`} className={styles.buttons}>
        <button type="button" className="button button-secondary button-small" onClick={() => copy("CSV")}>Copy CSV</button>
        <button type="button" className="button button-secondary button-small" onClick={() => copy("Markdown")}>Copy Markdown</button>
        <button type="button" className="button button-secondary button-small" onClick={download}>Download CSV</button>
      </div>
      <span role="status" className="muted small">{status}</span>
      {fallback !== null && (
        <textarea className={styles.fallback} readOnly value={fallback} aria-label={`${name} as text`} onFocus={(e) => e.currentTarget.select()} />
      )}
    </div>
  );
}
