// The numbers a trainer attached to this rollout (advantage, each reward function's reward, …) as a table, and
// the rest of its metadata as text: both are producer data, shown as text, never as HTML.
import Link from "next/link";
import { trainerValues, type TrainerValue } from "@/lib/trajectory/trainer-values";
import { formatNumber } from "@/lib/format";
import { DataTable, type Column } from "@/components/tables/data-table";

/** A producer may send large metadata: the page carries its start, the API (GET /api/v1/rollouts/{id}) all of it. */
const SHOWN_METADATA_CHARS = 20_000;

export function TrainerValuesPanel({ metadata, browseHref }: { metadata: Record<string, unknown> | null; browseHref: (key: string) => string }) {
  if (!metadata || Object.keys(metadata).length === 0) return null;
  const values = trainerValues(metadata);
  const columns: Column<TrainerValue>[] = [
    { id: "key", label: "Value", header: "Value", value: (v) => v.key, cell: (v) => <Link href={browseHref(v.key)}>{v.key}</Link> },
    { id: "number", label: "Number", header: "Number", numeric: true, value: (v) => v.value, cell: (v) => formatNumber(v.value) },
  ];
  const text = JSON.stringify(metadata, null, 2);
  const cut = text.length > SHOWN_METADATA_CHARS;
  return (
    <section className="section" aria-labelledby="values-heading">
      <h2 id="values-heading">Trainer&apos;s values</h2>
      {values.length > 0 ? (
        <DataTable
          columns={columns}
          rows={values}
          rowKey={(v) => v.key}
          caption={<span className="muted small">Numbers the producer sent with this rollout; a key opens the run&apos;s rollouts with it as a column.</span>}
        />
      ) : <p className="muted small">No numbers among this rollout&apos;s metadata.</p>}
      <details>
        <summary>All metadata</summary>
        <pre className="small" aria-label="Rollout metadata">{cut ? `${text.slice(0, SHOWN_METADATA_CHARS)}\n…` : text}</pre>
        {cut && <p className="muted small">The first {SHOWN_METADATA_CHARS.toLocaleString("en-US")} characters of {text.length.toLocaleString("en-US")}; the rollout&apos;s JSON (GET /api/v1/rollouts/…) has all of it.</p>}
      </details>
    </section>
  );
}
