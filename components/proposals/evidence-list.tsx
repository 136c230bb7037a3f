// The rollouts a proposal was drawn from, with the teacher's note, a link into the viewer, and their most
// telling turns previewed inline (failed commands, format errors, the last assistant turn and what it got
// back). Everything here is model output: rendered as text, cut to a preview with its full size named.
import Link from "next/link";
import type { EvidenceRollout, TellingTurn } from "@/db/queries/proposal-page";
import { rolloutPath } from "@/lib/http/page-links";
import { turnAnchorId } from "@/lib/trajectory/turn-anchor";
import { formatCount } from "@/lib/format";
import { OutcomeBadge } from "@/components/ui/status-badge";
import styles from "./proposals.module.css";

/** Evidence rollouts whose telling turns are shown open. */
const OPEN_EVIDENCE = 3;

function Preview({ label, text, length }: { label: string; text: string; length: number }) {
  return (
    <>
      <div className="muted small">
        {label}
        {length > text.length && ` (first ${formatCount(text.length)} of ${formatCount(length)} characters)`}
      </div>
      <pre className={styles.preview}>{text}</pre>
    </>
  );
}

function Turn({ rolloutId, turn }: { rolloutId: string; turn: TellingTurn }) {
  return (
    <div className={styles.turn}>
      <div className="small">
        <Link href={`${rolloutPath(rolloutId)}#${turnAnchorId(turn.idx)}`}>Turn {turn.idx}</Link> · {turn.role} · <strong>{turn.why}</strong>
      </div>
      {turn.contentLength > 0 && <Preview label="said" text={turn.content} length={turn.contentLength} />}
      {turn.observation !== null && <Preview label="observed" text={turn.observation} length={turn.observationLength} />}
    </div>
  );
}

export function EvidenceList({ evidence }: { evidence: EvidenceRollout[] }) {
  if (evidence.length === 0) return <p className="muted">The proposal names no evidence rollouts.</p>;
  return (
    <div>
      {evidence.map((e, i) => (
        <article key={e.rolloutId} className="card" aria-label={`Evidence ${e.rolloutId}`}>
          <div>
            <Link href={rolloutPath(e.rolloutId)} className="mono">
              {e.rolloutId}
            </Link>{" "}
            <OutcomeBadge success={e.success} /> <span className="muted small">task {e.taskKey} · {formatCount(e.numTurns)} turns{e.exitStatus ? ` · ${e.exitStatus}` : ""}</span>
          </div>
          {e.note && <p className="prose-text">{e.note}</p>}
          {e.turns.length > 0 && (
            // The first few are open; the rest stay one click away so a long list of evidence stays readable.
            <details open={i < OPEN_EVIDENCE}>
              <summary className="small">
                {e.turns.length === 1 ? "1 telling turn" : `${e.turns.length} telling turns`}
              </summary>
              {e.turns.map((t) => (
                <Turn key={t.idx} rolloutId={e.rolloutId} turn={t} />
              ))}
            </details>
          )}
        </article>
      ))}
    </div>
  );
}
