// The code of one engineer patch: each hook file its proposal's candidate changes, next to the same file in the
// base harness (the target's current hooks), in the one Monaco diff wrapper.
import Link from "next/link";
import type { ChangedHookFile, PatchCode } from "@/db/queries/patch-code";
import { formatCount } from "@/lib/format";
import { harnessComparePath } from "@/lib/http/page-links";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { HookPositionBadges } from "./hook-position-badges";
import { MonacoDiff } from "@/components/editor/monaco-diff";
import { languageForPath } from "@/lib/harness-diff/language";
import styles from "./patches.module.css";

const CHANGE_TONES: Record<ChangedHookFile["change"], BadgeTone> = { added: "success", removed: "danger", modified: "info" };

/** When the query cut a file for size, say so: a diff of a cut file would show a false deletion at its end. */
function CutNote({ label, text, chars }: { label: string; text: string | null; chars: number | null }) {
  if (text === null || chars === null || text.length >= chars) return null;
  return (
    <p className="muted small">
      {label}: showing the first {formatCount(text.length)} of {formatCount(chars)} characters.
    </p>
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
          <MonacoDiff
            original={f.base}
            modified={f.candidate}
            language={languageForPath(f.path)}
            mode="side-by-side"
            ariaLabel={`${f.path}: ${code.base.label} → ${code.candidate.label}`}
          />
          <CutNote label={`base (${code.base.label})`} text={f.base} chars={f.baseChars} />
          <CutNote label={`candidate (${code.candidate.label})`} text={f.candidate} chars={f.candidateChars} />
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
