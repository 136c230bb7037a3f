// Which rows of which tables make up one experiment, and which columns are local to a store. The comparator
// reads every column (SELECT *) and leaves out only the ones listed here with their reason, so a column added
// to the schema later is compared by default and an export that forgot it shows up as a difference.
import { sortKeysDeep } from "../../events/canonical-json";

type Row = Record<string, unknown>;

export interface ComparedTable {
  table: string;
  /** Columns that identify a row; the query orders by them. */
  key: string[];
  /** This experiment's rows (parameter @e), ordered by `key`. */
  sql: string;
  /** Column → why it may differ between the original and the copy. */
  excluded: Record<string, string>;
  /** Column → why it is left out for some rows only (normalize does it). */
  conditional?: Record<string, string>;
  /** A row-dependent exclusion, applied after `excluded` and before comparing. */
  normalize?: (row: Row) => Row;
}

const INGESTED = "the time this store received the record (set by the store at ingestion; the contract does not carry it)";

/** Rows of `table` whose `column` belongs to the experiment, ordered by the key. */
const own = (table: string, key: string[], excluded: Record<string, string> = { created_at: INGESTED }, column = "experiment_id"): ComparedTable => ({
  table, key, excluded, sql: `SELECT * FROM ${table} WHERE ${column} = @e ORDER BY ${key.join(", ")}`,
});

/** Rows of a child table reached through a parent that belongs to the experiment. */
const through = (table: string, key: string[], join: string, excluded: Record<string, string> = {}): ComparedTable => ({
  table, key, excluded, sql: `SELECT x.* FROM ${table} x ${join} ORDER BY ${key.map((k) => `x.${k}`).join(", ")}`,
});

export const COMPARED_TABLES: ComparedTable[] = [
  own("experiments", ["id"], { updated_at: "the time this store last changed the row (an import is a change)" }, "id"),
  own("runs", ["id"], {
    created_at: INGESTED, updated_at: "the time this store last changed the row",
    job_id: "jobs are local to a store (a launch on this machine); the export leaves the link out, the target has no such job",
  }),
  own("checkpoints", ["id"]),
  own("harness_versions", ["id"], {
    created_at: INGESTED,
    arrived_via: "who sent the version to this store (a token's kind, a person, a local command, the first start's reference experiment); the copy records its own arrival",
    reviewed_by: "the reviewer of this server who confirmed the code at a launch (a user of this store)",
    reviewed_at: "when a reviewer of this server confirmed the code",
  }),
  {
    table: "harness_files", key: ["harness_version_id", "path"], excluded: {},
    // The file's bytes, not just their hash, so a wrong content cannot hide behind a hash column.
    sql: `SELECT x.*, b.content AS blob_content FROM harness_files x JOIN harness_versions v ON v.id = x.harness_version_id
          LEFT JOIN blobs b ON b.hash = x.blob_hash WHERE v.experiment_id = @e ORDER BY x.harness_version_id, x.path`,
  },
  {
    table: "tasks", key: ["id"], excluded: { created_at: INGESTED },
    sql: `SELECT * FROM tasks WHERE id IN (SELECT task_id FROM rollouts WHERE experiment_id = @e
            UNION SELECT task_id FROM skills WHERE experiment_id = @e
            UNION SELECT r.task_id FROM eval_results r JOIN eval_runs v ON v.id = r.eval_run_id WHERE v.experiment_id = @e) ORDER BY id`,
  },
  through("metric_points", ["run_id", "key", "step"], "JOIN runs r ON r.id = x.run_id WHERE r.experiment_id = @e"),
  {
    table: "source_files", key: ["id"], excluded: { created_at: INGESTED },
    sql: "SELECT x.*, b.content AS blob_content FROM source_files x LEFT JOIN blobs b ON b.hash = x.blob_hash WHERE x.experiment_id = @e ORDER BY x.id",
  },
  own("rollouts", ["id"]),
  through("turns", ["rollout_id", "idx"], "JOIN rollouts r ON r.id = x.rollout_id WHERE r.experiment_id = @e", {
    id: "the row's number in this store (what the full-text index points at); assigned at ingestion",
  }),
  through("hook_events", ["rollout_id", "turn_idx", "seq"], "JOIN rollouts r ON r.id = x.rollout_id WHERE r.experiment_id = @e"),
  own("skills", ["id"]),
  through("skill_sources", ["skill_id", "rollout_id"], "JOIN skills s ON s.id = x.skill_id WHERE s.experiment_id = @e"),
  own("evolution_rounds", ["id"]),
  own("proposals", ["id"]),
  through("proposal_evidence", ["proposal_id", "rollout_id"], "JOIN proposals p ON p.id = x.proposal_id WHERE p.experiment_id = @e"),
  through("comparisons", ["id"], "JOIN proposals p ON p.id = x.proposal_id WHERE p.experiment_id = @e", { created_at: INGESTED }),
  through("comparison_rollouts", ["comparison_id", "rollout_id"], "JOIN comparisons c ON c.id = x.comparison_id JOIN proposals p ON p.id = c.proposal_id WHERE p.experiment_id = @e"),
  {
    ...through("decisions", ["id"], "JOIN proposals p ON p.id = x.proposal_id WHERE p.experiment_id = @e", {
      created_at: `${INGESTED}; for a person's decision this is when they decided, which the contract cannot carry`,
      nonce: "the random nonce of the review form a person submitted (guards double submits on that server)",
    }),
    conditional: {
      content_hash: "only for a person's decision (actor_kind human): the store used the decision's id, having no producer event; the copy hashes the exported event",
      rule_verdict: "compared as JSON content, not text: a person's decision stores it with keys in the order the server built them, the copy in the contract's sorted order",
    },
    // A rule's decision keeps its content hash (the very event the trainer sent), so only a person's is left out.
    normalize: (row) => {
      const canonical: Row = { ...row, rule_verdict: row.rule_verdict === null ? null : JSON.stringify(sortKeysDeep(JSON.parse(row.rule_verdict as string))) };
      if (row.actor_kind !== "human") return canonical;
      const { content_hash: _hash, ...rest } = canonical;
      return rest;
    },
  },
  own("harness_promotions", ["id"], { created_at: "the time the decision that caused it was applied in this store" }),
  own("eval_runs", ["id"]),
  through("eval_results", ["eval_run_id", "task_id"], "JOIN eval_runs v ON v.id = x.eval_run_id WHERE v.experiment_id = @e"),
  own("failure_packets", ["id"]),
  through("failure_packet_rollouts", ["failure_packet_id", "rollout_id"], "JOIN failure_packets f ON f.id = x.failure_packet_id WHERE f.experiment_id = @e"),
  own("patch_evaluations", ["id"]),
];

/** Tables no experiment owns, with the reason; together with COMPARED_TABLES they must cover the schema. */
export const STORE_LOCAL_TABLES: Record<string, string> = {
  users: "people who may sign in to this server",
  sessions: "sign-in sessions on this server",
  sign_in_links: "one-time sign-in links of this server",
  api_tokens: "tokens for this server (hashes)",
  audit_log: "who did what on this server; an import writes its own rows (e.g. one per applied decision)",
  jobs: "jobs launched on this machine or its cluster; not part of the event contract",
  job_templates: "job templates of this installation; not part of the event contract",
  blobs: "content-addressed file storage shared by all experiments; compared through harness_files and source_files",
  turns_fts: "the full-text index, rebuilt from turns",
  train_step_rates: "per-step training counts kept by triggers on rollouts; an import's rollouts rebuild them",
  train_step_groups: "per-group training counts kept by triggers on rollouts; an import's rollouts rebuild them",
  train_step_versions: "per-version training counts kept by triggers on rollouts; an import's rollouts rebuild them",
  turns_fts_progress: "how far the full-text index has caught up in this store",
  turns_fts_time_marks: "per block of indexed turns, the latest created_at of their rollouts (a search's stopping bound)",
  __drizzle_migrations: "the schema version of this store",
  sqlite_sequence: "SQLite's AUTOINCREMENT counters (audit_log)",
};

/** FTS5 keeps its index in shadow tables named after it. */
export const isStoreLocalTable = (name: string): boolean => name in STORE_LOCAL_TABLES || name.startsWith("turns_fts_");
