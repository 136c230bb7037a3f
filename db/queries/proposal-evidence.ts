// A proposal's evidence rollouts with their most telling turns, previewed: the turns with a format error or
// a non-zero return code, and the last assistant turn with the observation it got. Previews are cut in SQL,
// so a megabyte observation is never read whole; the viewer link shows everything.
import "server-only";
import type { Store } from "../client";

/** Characters of a turn's content or observation shown inline. */
export const TURN_PREVIEW_CHARS = 600;
/** Evidence rollouts whose turns are shown inline; the rest are listed with their notes and links. */
export const EVIDENCE_WITH_TURNS = 12;
const PROBLEM_TURNS = 2;

export interface TellingTurn {
  idx: number;
  role: string;
  why: string;
  content: string;
  contentLength: number;
  observation: string | null;
  observationLength: number;
  returnCode: number | null;
}

export interface EvidenceRollout {
  rolloutId: string;
  note: string | null;
  taskKey: string;
  success: boolean;
  reward: number | null;
  exitStatus: string | null;
  numTurns: number;
  turns: TellingTurn[];
}

const TURN_COLUMNS = `idx, role, substr(content, 1, ${TURN_PREVIEW_CHARS}) AS content, length(content) AS contentLength,
  substr(observation, 1, ${TURN_PREVIEW_CHARS}) AS observation, coalesce(length(observation), 0) AS observationLength,
  return_code AS returnCode, format_error AS formatError`;

type TurnRow = Omit<TellingTurn, "why"> & { formatError: number };

export function getEvidence(store: Store, proposalId: string): EvidenceRollout[] {
  const { sqlite } = store;
  const rows = sqlite
    .prepare(
      `SELECT pe.rollout_id AS rolloutId, pe.note, t.key AS taskKey, r.success, r.reward, r.exit_status AS exitStatus, r.num_turns AS numTurns
       FROM proposal_evidence pe JOIN rollouts r ON r.id = pe.rollout_id JOIN tasks t ON t.id = r.task_id
       WHERE pe.proposal_id = ? ORDER BY pe.rowid`,
    )
    .all(proposalId) as Array<Omit<EvidenceRollout, "turns" | "success"> & { success: number }>;
  const problems = sqlite.prepare(
    `SELECT ${TURN_COLUMNS} FROM turns WHERE rollout_id = ? AND (format_error = 1 OR (return_code IS NOT NULL AND return_code <> 0))
     ORDER BY idx LIMIT ${PROBLEM_TURNS}`,
  );
  const lastAssistant = sqlite.prepare(`SELECT ${TURN_COLUMNS} FROM turns WHERE rollout_id = ? AND role = 'assistant' ORDER BY idx DESC LIMIT 1`);
  // When the agent's turn holds no observation, the environment's answer is the next turn (chat-style logs).
  const next = sqlite.prepare(`SELECT substr(content, 1, ${TURN_PREVIEW_CHARS}) AS content, length(content) AS length FROM turns WHERE rollout_id = ? AND idx = ?`);

  return rows.map((row, i) => {
    const turns: TellingTurn[] = [];
    if (i < EVIDENCE_WITH_TURNS) {
      for (const t of problems.all(row.rolloutId) as TurnRow[]) {
        const why = [t.formatError ? "format error" : null, t.returnCode !== null && t.returnCode !== 0 ? `return code ${t.returnCode}` : null]
          .filter(Boolean).join(", ");
        turns.push(toTurn(t, why));
      }
      const last = lastAssistant.get(row.rolloutId) as TurnRow | undefined;
      if (last && !turns.some((t) => t.idx === last.idx)) {
        const turn = toTurn(last, "last assistant turn");
        if (turn.observation === null) {
          const answer = next.get(row.rolloutId, last.idx + 1) as { content: string; length: number } | undefined;
          if (answer) Object.assign(turn, { observation: answer.content, observationLength: answer.length });
        }
        turns.push(turn);
      }
    }
    return { ...row, success: row.success === 1, turns };
  });
}

function toTurn({ formatError: _f, ...t }: TurnRow, why: string): TellingTurn {
  return { ...t, why };
}
