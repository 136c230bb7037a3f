// One unreviewed harness version on the launch form: that it came from outside (and through which kind of
// token), its changed files with the changed lines as text against the version it is compared with (the
// incumbent when a person vouched for it) and a link to the full Monaco diff — or, with nothing reviewed to
// compare with (an H0 a token sent), its whole files, every line as added — and the confirmation checkbox the
// launch needs (lib/services/jobs/unreviewed-gate.ts refuses without it).
import type { HarnessReview } from "@/db/queries/harness-review-diff";
import { describeArrival } from "@/lib/harness-trust/arrival";
import { harnessComparePath, harnessHistoryPath } from "@/lib/http/page-links";

/** The version with every file's content (GET /api/v1/harness-versions/{id}; a signed-in browser may read it). */
const harnessVersionApiPath = (id: string) => `/api/v1/harness-versions/${encodeURIComponent(id)}`;
import styles from "./jobs.module.css";

export const CONFIRM_LABEL = "I have reviewed this harness version's code";

interface Props {
  review: HarnessReview;
  /** The server refused the launch because this version was not confirmed. */
  refused: boolean;
}

export function UnreviewedHarnessReview({ review, refused }: Props) {
  const { version, base, files } = review;
  const id = `confirm-${version.id}`;
  const heading = `${id}-heading`;
  return (
    <section className={styles.review} aria-labelledby={heading}>
      <h3 id={heading}>Unreviewed harness version {version.label}</h3>
      <p role="alert" className="small">
        Harness version <strong>{version.label}</strong> (<span className="mono">{version.id}</span>) came from outside: it arrived{" "}
        {describeArrival(version.arrivedVia)} and no person has reviewed its code. The job would run this code on the server; read{" "}
        {base ? "the change" : "it"} before launching.
      </p>
      <p className="small">
        {base ? (
          <>
            Compared with {base.incumbent ? "the incumbent" : "its nearest reviewed ancestor"} <strong>{base.label}</strong>:{" "}
            {files.length} file{files.length === 1 ? "" : "s"} changed.{" "}
          </>
        ) : (
          <>
            No reviewed version to compare with: its {files.length} file{files.length === 1 ? " is" : "s are"} shown whole, every line as
            added.{" "}
          </>
        )}
        {base ? (
          <a href={harnessComparePath(base.id, version.id)} target="_blank" rel="noreferrer">
            Open the full diff
          </a>
        ) : (
          <>
            <a href={harnessHistoryPath(version.experimentId)} target="_blank" rel="noreferrer">
              Open the harness history
            </a>{" "}
            or{" "}
            <a href={harnessVersionApiPath(version.id)} target="_blank" rel="noreferrer">
              its files as JSON
            </a>
          </>
        )}
      </p>
      {files.map((file) => (
        <details key={file.path} open>
          <summary className="small">
            <span className="mono">{file.path}</span> ({file.status}, from line {file.startLine})
          </summary>
          <pre className={styles.reviewDiff} aria-label={`Changed lines of ${file.path}`}>
            {file.lines.join("\n")}
            {file.omitted > 0 &&
              (base
                ? `\n… ${file.omitted} more changed line(s): open the full diff`
                : `\n… ${file.omitted} more line(s), too many to show here: read them in its files as JSON before confirming`)}
          </pre>
        </details>
      ))}
      <div className="form-field">
        <label>
          <input type="checkbox" name="confirmUnreviewed" value={version.id} id={id} aria-required="true" aria-invalid={refused || undefined} />{" "}
          {CONFIRM_LABEL} ({version.label})
        </label>
        {refused && <span className={`small ${styles.error}`}>Required: tick it once you have read the change above.</span>}
      </div>
    </section>
  );
}
