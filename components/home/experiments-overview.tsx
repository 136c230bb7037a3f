// The experiments on the home page: the most recently active ones with their status, and the way to all.
import Link from "next/link";
import type { ExperimentSummary } from "@/db/queries/types";
import { experimentPath } from "@/lib/http/page-links";
import { formatCount } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "./home.module.css";

const SHOWN = 10;

export function ExperimentsOverview({ experiments }: { experiments: ExperimentSummary[] }) {
  return (
    <section className="card" aria-labelledby="home-experiments-heading">
      <h2 id="home-experiments-heading">Experiments</h2>
      {experiments.length === 0 ? (
        <p className="muted">
          No experiment yet. A trainer sends one through the API (see <Link href="/api-docs">API</Link>), or import
          trajectories under <Link href="/trajectories/import">Trajectories</Link>.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Recently active experiments">
          {experiments.slice(0, SHOWN).map((e) => (
            <li key={e.id}>
              <StatusBadge status={e.status} /> <Link href={experimentPath(e.id)}>{e.name}</Link>{" "}
              <span className="muted small">
                {e.method} · {formatCount(e.runs)} {e.runs === 1 ? "run" : "runs"} · {formatCount(e.rollouts)} rollouts · active{" "}
                <RelativeTime ms={e.latestActivity} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="small">
        <Link href="/experiments">All {formatCount(experiments.length)} experiments</Link>
      </p>
    </section>
  );
}
