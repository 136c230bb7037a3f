// One failure packet: where it came from (run, target checkpoint, benchmark), its text, the failed rollouts it
// was built from, its K patches with the best one marked, how to promote that one, and the code of one patch.
// Folded to its heading and a one-line summary unless it is the packet the page opened (issue 18: a page of
// ten packets with every patch's code in its own editor was 21,540 px tall and ran 66 Monaco editors).
import Link from "next/link";
import type { FailurePacketView } from "@/db/queries/failure-packets";
import type { PatchCode } from "@/db/queries/patch-code";
import { formatCount } from "@/lib/format";
import { formatReward } from "@/lib/patches/format";
import { effectiveReward } from "@/lib/patches/patch-reward";
import { rolloutPath, runPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { RolloutOutcomeBadge } from "@/components/runs/outcome-badge";
import { BestPatchNote } from "./best-patch-note";
import { PacketText } from "./packet-text";
import { PatchCodeView } from "./patch-code-view";
import { PatchesTable } from "./patches-table";
import styles from "./patches.module.css";

interface Props {
  packet: FailurePacketView;
  /** Anchor of this section on the page (packet ids may hold any character, so the page numbers them). */
  anchor: string;
  bestId: string | null;
  shown: { patchId: string; patchLabel: string; code: PatchCode } | null;
  codeHref: (patchId: string) => string;
  /** Unfolded: the packet the page opened (the first one, or the one whose patch ?patch= names). */
  open: boolean;
}

function Target({ packet }: { packet: FailurePacketView }) {
  const t = packet.targetCheckpoint;
  if (!t) return <span className="muted">not recorded</span>;
  return (
    <>
      <span className="mono">{t.name ?? t.id}</span>
      {t.model && <> · model <span className="mono">{t.model}</span></>}
      {t.step !== null && <> · step {t.step}</>}
    </>
  );
}

function Summary({ packet, best }: { packet: FailurePacketView; best: FailurePacketView["patches"][number] | null }) {
  const reward = best ? effectiveReward(best) : null;
  return (
    <span className="muted small">
      {formatCount(packet.patches.length)} {packet.patches.length === 1 ? "patch" : "patches"}
      {best ? `, best #${best.patchIndex ?? "?"} (reward ${formatReward(reward)})` : packet.patches.length > 0 ? ", no best patch" : ""}
    </span>
  );
}

export function FailurePacketSection({ packet, anchor, bestId, shown, codeHref, open }: Props) {
  const headingId = `${anchor}-heading`;
  const best = packet.patches.find((p) => p.id === bestId) ?? null;
  return (
    <section id={anchor} className={`card ${styles.packet}`} aria-labelledby={headingId}>
      <details open={open} className={styles.fold}>
      <summary className={styles.packetHeader}>
        <h2 id={headingId}>
          Failure packet <span className="mono">{packet.id}</span>
        </h2>
        {packet.benchmark && (
          <Badge tone="accent" title="Benchmark">
            {packet.benchmark}
          </Badge>
        )}
        <span className="muted small">
          <RelativeTime ms={packet.createdAt} />
        </span>
        <Summary packet={packet} best={best} />
      </summary>
      <dl className="key-values small">
        <dt>Target</dt>
        <dd>
          <Target packet={packet} />
        </dd>
        <dt>Run</dt>
        <dd>{packet.runId ? <Link href={runPath(packet.runId)}>{packet.runName ?? packet.runId}</Link> : <span className="muted">not recorded</span>}</dd>
      </dl>

      <PacketText preview={packet.textPreview} chars={packet.textChars} lines={packet.textLines} />

      <h3 className="small">Source rollouts ({formatCount(packet.rolloutCount)})</h3>
      {packet.rolloutCount === 0 ? (
        <p className="muted small">The packet names no rollouts.</p>
      ) : (
        <ul className={styles.rollouts} aria-label={`Source rollouts of ${packet.id}`}>
          {packet.rollouts.map((r) => (
            <li key={r.id}>
              <Link href={rolloutPath(r.id)} className="mono small">
                {r.id}
              </Link>
              <RolloutOutcomeBadge success={r.success} reward={r.reward} />
              {r.truncated && <Badge tone="warning">truncated</Badge>}
            </li>
          ))}
          {packet.rollouts.length < packet.rolloutCount && (
            <li className="muted small">and {formatCount(packet.rolloutCount - packet.rollouts.length)} more</li>
          )}
        </ul>
      )}

      {packet.patches.length === 0 ? (
        <p className="muted">No patch evaluations for this packet yet.</p>
      ) : (
        <>
          <PatchesTable patches={packet.patches} bestId={bestId} shownCodeId={shown?.patchId ?? null} codeHref={codeHref} />
          <BestPatchNote best={best} />
        </>
      )}
      {shown && <PatchCodeView code={shown.code} patchLabel={shown.patchLabel} />}
      </details>
    </section>
  );
}
