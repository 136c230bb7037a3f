"use client";
// The upload form: files and folders are added to one selection (so a trajectories folder and a reports
// folder can go together), sent to POST /api/v1/imports with a progress bar, and answered with the report.
import { useRef, useState, type FormEvent } from "react";
import type { ImportReport } from "@/lib/services/importers/report";
import { formatCount } from "@/lib/format";
import { ImportReportTable } from "./import-report-table";
import { uploadWithProgress } from "./upload-with-progress";
import styles from "./import-form.module.css";

interface Props {
  experiments: Array<{ id: string; name: string }>;
  maxBytes: number;
  defaultRun: string;
  defaultBenchmark: string;
}

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; sent: number; total: number }
  | { kind: "importing" }
  | { kind: "done"; report: ImportReport }
  | { kind: "failed"; message: string; field?: string };

/** What the browser calls the file: its path inside the chosen folder, or just its name. */
const relativeName = (file: File) => file.webkitRelativePath || file.name;

// React's input props do not know the (widely supported) folder picker attribute.
const FOLDER_PICKER = { webkitdirectory: "", directory: "" } as Record<string, string>;

function formatMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function ImportForm({ experiments, maxBytes, defaultRun, defaultBenchmark }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const busy = phase.kind === "uploading" || phase.kind === "importing";
  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  const tooLarge = totalBytes > maxBytes;

  const add = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setFiles((current) => {
      const byName = new Map(current.map((f) => [relativeName(f), f]));
      for (const file of Array.from(list)) byName.set(relativeName(file), file);
      return [...byName.values()];
    });
  };

  const clear = () => {
    setFiles([]);
    if (fileInput.current) fileInput.current.value = "";
    if (folderInput.current) folderInput.current.value = "";
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (files.length === 0) {
      setPhase({ kind: "failed", message: "Choose at least one file or folder.", field: "files" });
      return;
    }
    const fields = new FormData(event.currentTarget);
    const data = new FormData();
    for (const name of ["experiment", "run", "harness", "benchmark"]) {
      const value = fields.get(name);
      if (typeof value === "string" && value.trim() !== "") data.set(name, value.trim());
    }
    for (const file of files) data.append("files", file, relativeName(file));
    setPhase({ kind: "uploading", sent: 0, total: totalBytes });
    const answer = await uploadWithProgress(
      "/api/v1/imports",
      data,
      (sent, total) => setPhase({ kind: "uploading", sent, total }),
      () => setPhase({ kind: "importing" }),
    );
    const body = answer.body as (ImportReport & { error?: undefined }) | { error?: string; field?: string } | null;
    // 422 (no file could be imported) carries the report too: it says why each file was not taken.
    if ((answer.status === 200 || answer.status === 422) && body && "files" in body) setPhase({ kind: "done", report: body });
    else if (answer.status === 0) setPhase({ kind: "failed", message: "The upload did not reach the server; check the connection and try again." });
    else setPhase({ kind: "failed", message: (body && "error" in body && body.error) || `The server answered ${answer.status}.`, field: body && "field" in body ? body.field : undefined });
  };

  return (
    <div>
      <form className="form" aria-label="Import trajectories" onSubmit={submit}>
        <fieldset className="form-row" disabled={busy}>
          <legend>Files</legend>
          <div className={styles.pickers}>
            <div className="form-row">
              <label htmlFor="import-files">Add files</label>
              <input id="import-files" ref={fileInput} type="file" multiple onChange={(e) => add(e.currentTarget.files)} />
            </div>
            <div className="form-row">
              <label htmlFor="import-folder">Add a folder</label>
              <input id="import-folder" ref={folderInput} type="file" multiple {...FOLDER_PICKER} onChange={(e) => add(e.currentTarget.files)} />
            </div>
          </div>
          <p className={styles.selection} aria-live="polite">
            <span>
              {files.length === 0 ? "No files chosen." : `${formatCount(files.length)} ${files.length === 1 ? "file" : "files"} chosen, ${formatMb(totalBytes)}.`}
            </span>
            {files.length > 0 && (
              <button type="button" className="button button-secondary button-small" onClick={clear}>
                Clear selection
              </button>
            )}
          </p>
          {tooLarge && (
            <p className="error" role="alert">
              That is more than {formatMb(maxBytes)}; upload it in parts or use <code>npx harness-lab import</code>.
            </p>
          )}
        </fieldset>
        <div className="form-row">
          <label htmlFor="import-experiment">Experiment</label>
          <input id="import-experiment" name="experiment" required maxLength={1000} list="import-experiments" autoComplete="off" aria-describedby="import-experiment-hint"
            aria-invalid={phase.kind === "failed" && phase.field === "experiment" ? true : undefined} />
          <span id="import-experiment-hint" className="hint">An existing experiment&rsquo;s name or id, or a new name.</span>
          <datalist id="import-experiments">
            {experiments.map((e) => (
              <option key={e.id} value={e.name} label={e.id} />
            ))}
          </datalist>
        </div>
        <div className="form-row">
          <label htmlFor="import-run">Run</label>
          <input id="import-run" name="run" maxLength={1000} placeholder={defaultRun} />
        </div>
        <div className="form-row">
          <label htmlFor="import-harness">Harness label</label>
          <input id="import-harness" name="harness" maxLength={1000} placeholder="e.g. H0 (optional)" />
        </div>
        <div className="form-row">
          <label htmlFor="import-benchmark">Benchmark</label>
          <input id="import-benchmark" name="benchmark" maxLength={1000} placeholder={defaultBenchmark} aria-describedby="import-benchmark-hint" />
          <span id="import-benchmark-hint" className="hint">For tasks whose files name no benchmark.</span>
        </div>
        <div>
          <button type="submit" className="button" disabled={busy || tooLarge}>
            {busy ? "Importing…" : "Upload and import"}
          </button>
        </div>
      </form>

      {busy && (
        <div className={styles.progress}>
          <label htmlFor="import-progress">
            {phase.kind === "uploading" ? `Uploading: ${formatMb(phase.sent)} of ${formatMb(phase.total)}` : "Uploaded; reading and importing the files…"}
          </label>
          {phase.kind === "uploading" ? (
            <progress id="import-progress" aria-label="Upload progress" max={Math.max(1, phase.total)} value={phase.sent} />
          ) : (
            <progress id="import-progress" aria-label="Upload progress" />
          )}
        </div>
      )}
      {phase.kind === "failed" && (
        <p className="error" role="alert">
          {phase.message}
        </p>
      )}
      {phase.kind === "done" && <ImportReportTable report={phase.report} />}
    </div>
  );
}
