"use client";
// The job's log, live: polls GET /api/v1/jobs/{id}/log from the last offset until the job has ended and
// everything is read. Rendered as TEXT in a <pre> (a log holds model output); the browser keeps the last
// ~1 MB and says how much earlier output was cut. Follows the bottom unless the reader scrolled up.
import { useEffect, useRef, useState } from "react";
import { appendBounded, type LogBuffer } from "@/lib/jobs/log-buffer";
import { formatCount } from "@/lib/format";
import styles from "./jobs.module.css";

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

  useEffect(() => {
    let offset = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const res = await fetch(`/api/v1/jobs/${encodeURIComponent(jobId)}/log?offset=${offset}`, { cache: "no-store", signal: controller.signal });
        const body = (await res.json()) as Chunk & { error?: string };
        if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`);
        offset = body.nextOffset;
        if (body.text) setLog((prev) => appendBounded(prev, body.text));
        setState({ done: body.done, error: null, size: body.size });
        if (body.done || stopped) return;
        // More waiting on the server (a chunk is at most 256 KB): read it at once.
        timer = setTimeout(poll, body.nextOffset < body.size ? 0 : POLL_MS);
      } catch (error) {
        if (stopped) return;
        setState((s) => ({ ...s, error: (error as Error).message }));
        timer = setTimeout(poll, POLL_MS * 3);
      }
    };
    void poll();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId]);

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
        {log.text || (state.done ? "(the log is empty)" : "(nothing yet)")}
      </pre>
    </section>
  );
}
