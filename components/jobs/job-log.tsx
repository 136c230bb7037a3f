"use client";
// The job's log, live: streamed from GET /api/v1/jobs/{id}/log?follow=1 (a text body that grows while the job
// runs and ends when it ends), with the JSON form (?offset=N) to learn where things stand and as the fallback
// when a stream breaks. Rendered as TEXT in a <pre> (a log holds model output); the browser keeps the last
// ~1 MB and says how much earlier output was cut. Follows the bottom unless the reader scrolled up. Progress
// lines show as "▸ progress 40 % · step 2 of 5" (lib/services/jobs/log-display.ts); the raw log is a download.
import { useEffect, useMemo, useRef, useState } from "react";
import { appendBounded, type LogBuffer } from "@/lib/services/jobs/log-buffer";
import { readableLog } from "@/lib/services/jobs/log-display";
import { formatCount } from "@/lib/format";
import styles from "./jobs.module.css";
import { fetchJson } from "@/lib/http/fetch-json";
import { scanProgress } from "@/lib/services/jobs/progress";
import { useReportLogProgress } from "./log-progress";

const POLL_MS = 1_000;

interface Chunk {
  text: string;
  nextOffset: number;
  size: number;
  done: boolean;
}

export function JobLog({ jobId }: { jobId: string }) {
  const [log, setLog] = useState<LogBuffer>({ text: "", cut: 0 });
  const [state, setState] = useState<{ done: boolean; error: string | null; size: number }>({ done: false, error: null, size: 0 });
  const pre = useRef<HTMLPreElement>(null);
  const stick = useRef(true);
  const reportProgress = useReportLogProgress(jobId);

  useEffect(() => {
    let offset = 0;
    let stopped = false;
    let failures = 0;
    const controller = new AbortController();
    const base = `/api/v1/jobs/${encodeURIComponent(jobId)}/log`;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The last progress line read so far goes to the progress bar (log-progress.ts); a line may span two reads.
    let carry = "";
    const append = (text: string) => {
      setLog((prev) => appendBounded(prev, text));
      const scanned = scanProgress(carry, text);
      carry = scanned.carry;
      if (scanned.last) reportProgress(scanned.last);
    };

    /** One JSON chunk from `offset`: what is there, and whether the job has ended. */
    const readChunk = async (): Promise<Chunk> => {
      const body = await fetchJson<Chunk>(`${base}?offset=${offset}`, controller.signal);
      offset = body.nextOffset;
      if (body.text) append(body.text);
      setState({ done: body.done, error: null, size: body.size });
      return body;
    };

    /** The log from `offset` as it is written, until the job ends (the server closes the body then). */
    const stream = async () => {
      const res = await fetch(`${base}?offset=${offset}&follow=1`, { cache: "no-store", signal: controller.signal });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        offset += value.byteLength;
        const text = decoder.decode(value, { stream: true });
        if (text) append(text);
        setState((s) => ({ ...s, size: Math.max(s.size, offset) }));
      }
    };

    const run = async () => {
      while (!stopped) {
        try {
          // Catch up (a chunk is at most 256 KB), then follow; after three broken streams, poll instead.
          const chunk = await readChunk();
          if (chunk.done) return;
          if (chunk.nextOffset < chunk.size) continue;
          if (failures < 3) await stream();
          else await wait(POLL_MS);
        } catch (error) {
          if (stopped) return;
          failures += 1;
          setState((s) => ({ ...s, error: (error as Error).message }));
          await wait(POLL_MS);
        }
      }
    };
    void run();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [jobId, reportProgress]);

  const shown = useMemo(() => readableLog(log.text), [log.text]);

  useEffect(() => {
    if (stick.current && pre.current) pre.current.scrollTop = pre.current.scrollHeight;
  }, [log.text]);

  return (
    <section className="section" aria-labelledby="job-log">
      <h2 id="job-log">Log</h2>
      <p className="muted small" role="status">
        {state.done ? "The job has ended; this is its whole log" : "Following the log while the job runs"}
        {state.size > 0 ? ` (${formatCount(state.size)} bytes)` : ""}.
        {log.cut > 0 && ` Earlier output is cut: the first ${formatCount(log.cut)} characters are not shown.`}
      </p>
      <p className="small">
        {/* The streamed text form of the log from its start: while the job runs, the download grows until it ends. */}
        <a href={`/api/v1/jobs/${encodeURIComponent(jobId)}/log?follow=1`} download={`job-${jobId}.log`}>
          Download the raw log
        </a>{" "}
        <span className="muted">(progress lines as the job printed them)</span>
      </p>
      {state.error && (
        <p className={`small ${styles.error}`} role="alert">
          Could not read the log: {state.error}
        </p>
      )}
      <pre
        ref={pre}
        className={styles.log}
        tabIndex={0}
        aria-label="Job log"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {shown || (state.done ? "(the log is empty)" : "(nothing yet)")}
      </pre>
    </section>
  );
}
