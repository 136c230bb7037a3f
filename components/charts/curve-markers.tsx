// The markers of the drawn runs as a list under the charts: what changed at which step and where it came
// from — the proposal whose acceptance produced the new harness (a link), or the version's own description
// (producer text, shown as text) when no proposal did — and a link to the diff of the two versions.
import Link from "next/link";
import { markerText } from "@/lib/curves/curve-text";
import type { CurveMarker } from "@/lib/curves/types";
import { harnessComparePath, proposalPath } from "@/lib/http/page-links";
import styles from "./run-curves.module.css";

interface Props {
  markers: Array<CurveMarker & { runName: string; color: string }>;
  /** One below the view's own heading. */
  headingLevel: 3 | 4;
}

export function CurveMarkers({ markers, headingLevel }: Props) {
  if (markers.length === 0) return null;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className={styles.markers}>
      <Heading className={styles.markersTitle}>Harness changes and epoch boundaries</Heading>
      <ul aria-label="Curve markers">
        {markers.map((m, i) => (
          <li key={i} className="small">
            <span className={styles.swatch} style={{ background: m.color }} aria-hidden="true" />
            <span>{m.runName}</span>: <strong>{markerText(m)}</strong>
            {m.kind === "harness" && (
              <>
                {" — "}
                {m.proposalId ? (
                  <>from proposal <Link href={proposalPath(m.proposalId)} className="mono">{m.proposalId}</Link></>
                ) : (
                  <span className="muted">no proposal ({m.origin}){m.description ? `: ${m.description}` : ""}</span>
                )}
                {m.fromVersionId && (
                  <>
                    {" · "}
                    <Link href={harnessComparePath(m.fromVersionId, m.toVersionId)}>diff {m.fromLabel ?? m.fromVersionId} → {m.toLabel}</Link>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
