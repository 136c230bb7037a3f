"use client";
// The first-visit orientation on the home page: what each section of the lab is for, in the order a
// researcher's day goes. Dismissing it sets a cookie holding the user's id (lib/home/home-view.ts), so the
// server leaves it out on later visits in this browser; nothing is written to the store.
import Link from "next/link";
import { useState } from "react";
import { ORIENTATION_COOKIE } from "@/lib/home/home-view";
import styles from "./home.module.css";

const YEAR_S = 365 * 24 * 60 * 60;

export function Orientation({ userId }: { userId: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const dismiss = () => {
    document.cookie = `${ORIENTATION_COOKIE}=${encodeURIComponent(userId)}; path=/; max-age=${YEAR_S}; samesite=lax`;
    setOpen(false);
  };
  return (
    <section className={`card ${styles.orientation}`} aria-labelledby="orientation-heading">
      <h2 id="orientation-heading">Welcome to Harness Lab</h2>
      <p>This page shows what is going on across the lab. A typical day:</p>
      <ol>
        <li>
          <strong>Check what runs</strong> below: training runs and launched jobs with their progress (all jobs under{" "}
          <Link href="/jobs">Jobs</Link>).
        </li>
        <li>
          <strong>Read the curves</strong> of an <Link href="/experiments">experiment</Link>: the vertical lines mark where
          the harness changed; their labels lead to the proposal behind the change.
        </li>
        <li>
          <strong>Review</strong> what waits in the <Link href="/proposals">proposal inbox</Link>: each proposal carries its
          comparison, evidence and diff.
        </li>
        <li>
          <strong>Look at trajectories</strong> under <Link href="/trajectories">Trajectories</Link> to see why an agent
          failed, and compare harness versions in the evaluation matrix.
        </li>
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={dismiss}>
        Got it, hide this
      </button>
    </section>
  );
}
