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

/** [key, text] of every non-empty field of a turn, hook messages last. */
export function turnFieldTexts(turn: StoredTurn, hooks: readonly StoredHook[] = []): Array<[key: string, text: string]> {
  const fields: Array<[string, string]> = [];
  if (turn.reasoning) fields.push(["reasoning", turn.reasoning]);
  if (turn.content) fields.push(["content", turn.content]);
  if (turn.action) {
    const shown = actionDisplay(turn.action);
    fields.push(["action", shown.text]);
    if (shown.args !== null) fields.push(["action_args", shown.args]);
  }
  if (turn.observation !== null) fields.push(["observation", turn.observation]);
  for (const hook of hooks) if (hook.message) fields.push([hookFieldKey(hook.seq), hook.message]);
  return fields;
}
