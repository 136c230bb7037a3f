// The code of one engineer patch: each hook file its proposal's candidate changes, next to the same file in the
// base harness (the target's current hooks). Plain text for now; the Monaco diff is another helper's component.
import Link from "next/link";
import type { ChangedHookFile, PatchCode } from "@/db/queries/patch-code";
import { formatCount } from "@/lib/format";
import { harnessComparePath } from "@/lib/patches/links";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { HookPositionBadges } from "./hook-position-badges";
import styles from "./patches.module.css";

const CHANGE_TONES: Record<ChangedHookFile["change"], BadgeTone> = { added: "success", removed: "danger", modified: "info" };

// lead: swap for HarnessDiff/MonacoDiff (<MonacoDiff original={f.base ?? ""} modified={f.candidate ?? ""} language by extension />).
function Side({ caption, text, chars }: { caption: string; text: string | null; chars: number | null }) {
  return (
    <figure>
      <figcaption>{caption}</figcaption>
      {text === null ? (
        <p className="muted small">(no such file)</p>
      ) : (
        <>
          <pre className="code-block">{text}</pre>
          {chars !== null && text.length < chars && (
            <p className="muted small">
              Showing the first {formatCount(text.length)} of {formatCount(chars)} characters.
            </p>
          )}
        </>
      )}
    </figure>
  );
}

export function PatchCodeView({ code, patchLabel }: { code: PatchCode; patchLabel: string }) {
  const diffHref = harnessComparePath(code.base.id, code.candidate.id);
  return (
    <section className={styles.code} aria-label={`Code of patch ${patchLabel}`}>
      <h3>
        Code of patch {patchLabel}: {code.base.label} → {code.candidate.label}
      </h3>
      <p className="small">
        The hook files the patch changes, against the target&apos;s current hooks. <Link href={diffHref}>Open the diff</Link>
      </p>
      {code.hookFiles.length === 0 && <p className="muted">The candidate harness changes no hook file.</p>}
      {code.hookFiles.map((f) => (
        <div key={f.path} className={styles.codeFile}>
          <h4>
            <span className="mono">{f.path}</span>
            <Badge tone={CHANGE_TONES[f.change]}>{f.change}</Badge>
            {f.hookPosition && <HookPositionBadges positions={[f.hookPosition]} />}
          </h4>
          <div className={styles.codeGrid}>
            <Side caption={`base (${code.base.label})`} text={f.base} chars={f.baseChars} />
            <Side caption={`candidate (${code.candidate.label})`} text={f.candidate} chars={f.candidateChars} />
          </div>
        </div>
      ))}
      {code.otherChangedPaths.length > 0 && (
        <p className="muted small">
          Also changed, not hooks: {code.otherChangedPaths.map((p, i) => (
            <span key={p}>
              {i > 0 && ", "}
              <span className="mono">{p}</span>
            </span>
          ))}
          . <Link href={diffHref}>Open the diff</Link> to see them.
        </p>
      )}
    </section>
  );
}
