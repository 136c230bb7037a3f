// The texts a turn shows, in the order the viewer shows them. Summaries, full-turn reads and find all
// go through this one function, so a find result's offsets point into exactly the text on screen.

export interface StoredTurn {
  content: string;
  reasoning: string | null;
  action: Record<string, unknown> | null;
  observation: string | null;
}

export interface StoredHook {
  seq: number;
  message: string | null;
}

export interface ActionDisplay {
  kind: "command" | "json";
  /** The command itself, or the whole action pretty-printed. */
  text: string;
  /** For a command: the action's other keys pretty-printed; null when there are none. */
  args: string | null;
}

/** A shell command reads best as a command; anything else as pretty-printed JSON. */
export function actionDisplay(action: Record<string, unknown>): ActionDisplay {
  const command = action.command ?? action.cmd;
  if (typeof command === "string") {
    const { command: _c, cmd: _m, ...rest } = action;
    return { kind: "command", text: command, args: Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : null };
  }
  return { kind: "json", text: JSON.stringify(action, null, 2), args: null };
}

export const hookFieldKey = (seq: number) => `hook:${seq}`;

/**
 * A message that only wraps the turn's parsed fields (mini-swe-agent's "THOUGHT: … ```bash …```", an
 * output inside <returncode>/<output> tags) says nothing the reasoning, action and observation do not:
 * showing it too would print every command and output twice. "Raw" still shows it as it was.
 */
export function contentIsRedundant(turn: StoredTurn): boolean {
  if (!turn.content) return false;
  const command = turn.action ? (turn.action.command ?? turn.action.cmd) : undefined;
  const parts = [turn.reasoning, typeof command === "string" ? command : null, turn.observation].filter((p): p is string => !!p);
  if (parts.length === 0 || !parts.every((part) => turn.content.includes(part))) return false;
  // Only the agent's own wrapping may be left over; any other words are worth showing.
  let rest = turn.content;
  for (const part of parts) rest = rest.replace(part, "");
  return rest.replace(WRAPPING, "").trim() === "";
}

/** mini-swe-agent's and SWE-agent's framing around thought, command and output. */
const WRAPPING = /<returncode>-?\d+<\/returncode>|<\/?(?:output|output_head|output_tail|warning)>|```[\w-]*|THOUGHT:|DISCUSSION:?/g;

/** [key, text] of every non-empty field of a turn, hook messages last. */
export function turnFieldTexts(turn: StoredTurn, hooks: readonly StoredHook[] = []): Array<[key: string, text: string]> {
  const fields: Array<[string, string]> = [];
  if (turn.reasoning) fields.push(["reasoning", turn.reasoning]);
  if (turn.content && !contentIsRedundant(turn)) fields.push(["content", turn.content]);
  if (turn.action) {
    const shown = actionDisplay(turn.action);
    fields.push(["action", shown.text]);
    if (shown.args !== null) fields.push(["action_args", shown.args]);
  }
  if (turn.observation !== null) fields.push(["observation", turn.observation]);
  for (const hook of hooks) if (hook.message) fields.push([hookFieldKey(hook.seq), hook.message]);
  return fields;
}
