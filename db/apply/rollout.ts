// Applier for rollouts: the rollout row, one row per turn, one row per hook message. The hot path of ingestion.
import "server-only";
import { createHash } from "node:crypto";
import type { EventOf } from "../../lib/events/contract";
import { ApplyContext, type ApplyStatus, insertImmutable, json, bool, orNull } from "./context";
import { joinEarlierVerdict } from "./verdict-join";
import { fillRolloutFacts } from "./rollout-fill";

export const INSERT_ROLLOUT = `INSERT INTO rollouts (id, experiment_id, run_id, task_id, harness_version_id, checkpoint_id, purpose, epoch, step,
  group_id, sample_index, reward, success, exit_status, truncated, truncation_kind, num_turns, prompt_tokens, completion_tokens,
  cost_usd, duration_ms, submission, source_format, source_file_id, metadata, started_at, content_hash, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
export const INSERT_TURN = `INSERT INTO turns (rollout_id, idx, role, content, reasoning, action, observation, return_code, format_error, tokens, raw)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_HOOK = "INSERT INTO hook_events (rollout_id, turn_idx, seq, position, hook, effect, message) VALUES (?, ?, ?, ?, ?, ?, ?)";

export function applyRollout(ctx: ApplyContext, e: EventOf<"rollout">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("runs", e.run, "run");
  ctx.ref("tasks", e.task, "task");
  ctx.ref("harness_versions", e.harness_version, "harness_version");
  ctx.ref("checkpoints", e.checkpoint, "checkpoint");
  ctx.ref("source_files", e.source_file, "source_file");
  const hash = ctx.hash(e);
  const filled = fillRolloutFacts(ctx, e, hash);
  if (filled !== undefined) return filled;
  return insertImmutable(ctx, "rollouts", "rollout", e.id, hash, () => {
    ctx.stmt(INSERT_ROLLOUT).run(
      e.id, e.experiment, e.run, e.task, orNull(e.harness_version), orNull(e.checkpoint), e.purpose, orNull(e.epoch), orNull(e.step),
      orNull(e.group), orNull(e.sample_index), e.reward, bool(e.success), orNull(e.exit_status), bool(e.truncated),
      orNull(e.truncation_kind), e.turns.length, orNull(e.tokens?.prompt), orNull(e.tokens?.completion), orNull(e.cost_usd),
      orNull(e.duration_ms), orNull(e.submission), e.source_format, orNull(e.source_file), json(e.metadata), orNull(e.started_at), hash, ctx.now,
    );
    const turn = ctx.stmt(INSERT_TURN);
    const hook = ctx.stmt(INSERT_HOOK);
    e.turns.forEach((t, idx) => {
      turn.run(e.id, idx, t.role, t.content, orNull(t.reasoning), json(t.action), orNull(t.observation), orNull(t.return_code),
        bool(t.format_error), orNull(t.tokens), json(t.raw));
      t.hooks.forEach((h, seq) => hook.run(e.id, idx, seq, h.position, orNull(h.hook), orNull(h.effect), orNull(h.message)));
    });
    joinEarlierVerdict(ctx, e);
  });
}

/** An imported original file: its bytes go to the content-addressed blobs, so re-imports store nothing twice. */
export function applySourceFile(ctx: ApplyContext, e: EventOf<"source_file">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  const hash = ctx.hash(e);
  return insertImmutable(ctx, "source_files", "source file", e.id, hash, () => {
    const blobHash = createHash("sha256").update(e.content).digest("hex");
    const size = e.encoding === "base64" ? Buffer.byteLength(e.content, "base64") : Buffer.byteLength(e.content);
    ctx.stmt("INSERT OR IGNORE INTO blobs (hash, size, content) VALUES (?, ?, ?)").run(blobHash, Buffer.byteLength(e.content), e.content);
    ctx.stmt(
      `INSERT INTO source_files (id, experiment_id, name, format, encoding, blob_hash, size, content_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.id, e.experiment, e.name, e.format, e.encoding, blobHash, size, hash, ctx.now);
  });
}
