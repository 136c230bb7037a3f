// The OpenHands event-list reader on the real saved trajectories (OpenHands' own runtime test data) and
// on broken ones. Expected numbers are counted here from the JSON, not taken from the reader.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Turn } from "../../../events/rollout-event";
import { openHandsEventsReader } from "./openhands";
import { allRealFiles, isOpenHandsTurnEvent, peekJson, problemOf, realFile } from "./reader-test-files.test-helper";

type Ev = Record<string, any>;
const REAL = ["openhands-events/basic.json", "openhands-events/basic_gui_mode.json"];

function eventsOf(relative: string): Ev[] {
  const json = realFile(relative).json as Ev[] | { trajectory: Ev[] };
  return Array.isArray(json) ? json : json.trajectory;
}

const turnEvents = (events: Ev[]) => events.filter(isOpenHandsTurnEvent);

describe("openHandsEventsReader on the real trajectories", () => {
  it.each(REAL)("%s: one rollout, a turn per action and observation, valid turns", (relative) => {
    const file = realFile(relative);
    expect(openHandsEventsReader.detect(file)).toBe(true);
    const parsed = openHandsEventsReader.read(file);
    expect(parsed.format).toBe("openhands-events");
    expect(parsed.rollouts).toHaveLength(1);
    const [rollout] = parsed.rollouts;
    const events = eventsOf(relative);
    const expected = turnEvents(events);
    expect(rollout.turns).toHaveLength(expected.length);
    expect(rollout.instanceId).toBe(relative.split("/").pop()!.replace(/\.json$/, ""));
    expect(rollout.attempt).toBe("");
    expect(() => z.array(Turn).parse(rollout.turns)).not.toThrow();

    const roles = expected.map((e) => e.action === "system" ? "system"
      : e.action !== undefined ? (e.source === "user" ? "user" : "assistant")
      : e.tool_call_metadata ? "tool" : "environment");
    expect(rollout.turns.map((t) => t.role)).toEqual(roles);
    // The user's task text is the first user turn.
    const firstUser = expected.find((e) => e.source === "user" && e.action === "message")!;
    expect(rollout.turns.find((t) => t.role === "user")?.content).toBe(firstUser.args.content);
  });

  it.each(REAL)("%s: actions keep their arguments, thoughts become reasoning", (relative) => {
    const rollout = openHandsEventsReader.read(realFile(relative)).rollouts[0];
    const expected = turnEvents(eventsOf(relative));
    expected.forEach((event, i) => {
      const turn = rollout.turns[i];
      if (event.action === undefined || turn.role !== "assistant") return;
      expect(turn.action?.action).toBe(event.action);
      expect(turn.action).not.toHaveProperty("thought");
      if (event.action === "run") expect(turn.action?.command).toBe(event.args.command);
      if (event.action === "edit") expect(turn.action?.path).toBe(event.args.path);
      const thought = event.args.thought ?? "";
      if (thought !== "" && thought !== turn.content) expect(turn.reasoning).toBe(thought);
    });
  });

  it("keeps the command exit codes, including a timed-out server's -1", () => {
    const relative = "openhands-events/basic_gui_mode.json";
    const rollout = openHandsEventsReader.read(realFile(relative)).rollouts[0];
    const codes = eventsOf(relative).filter((e) => e.observation === "run").map((e) => e.extras.metadata.exit_code);
    expect(codes).toEqual([0, -1]);
    expect(rollout.turns.filter((t) => t.return_code !== undefined).map((t) => t.return_code)).toEqual(codes);
  });

  it("takes the exit status from the finish action or the last agent state", () => {
    expect(openHandsEventsReader.read(realFile("openhands-events/basic.json")).rollouts[0].exitStatus).toBe("finished");
    const gui = eventsOf("openhands-events/basic_gui_mode.json").filter((e) => e.observation === "agent_state_changed");
    expect(openHandsEventsReader.read(realFile("openhands-events/basic_gui_mode.json")).rollouts[0].exitStatus)
      .toBe(gui[gui.length - 1].extras.agent_state);
  });

  it.each(REAL)("%s: tokens add up each model response once, the model comes from the responses", (relative) => {
    const rollout = openHandsEventsReader.read(realFile(relative)).rollouts[0];
    const responses = new Map<string, Ev>();
    for (const e of eventsOf(relative)) {
      const response = e.tool_call_metadata?.model_response;
      if (response && !responses.has(response.id)) responses.set(response.id, response);
    }
    const sum = (key: string) => [...responses.values()].reduce((n, r) => n + r.usage[key], 0);
    expect(rollout.tokens).toEqual({ prompt: sum("prompt_tokens"), completion: sum("completion_tokens") });
    expect(rollout.model).toBe([...responses.values()][0].model);
    const perTurn = rollout.turns.reduce((n, t) => n + (t.tokens ?? 0), 0);
    expect(perTurn).toBe(sum("completion_tokens"));
  });

  it("claims no other real trajectory file", () => {
    const claimed = allRealFiles().filter((relative) => openHandsEventsReader.detect(realFile(relative)));
    expect(claimed).toEqual(REAL);
  });
});

describe("openHandsEventsReader on other shapes", () => {
  const user = { id: 0, source: "user", action: "message", args: { content: "fix it" } };
  const run = { id: 1, source: "agent", action: "run", args: { command: "ls", thought: "look" }, tool_call_metadata: { function_name: "execute_bash", tool_call_id: "t1" } };
  const out = { id: 2, source: "agent", observation: "run", cause: 1, content: "a.py", extras: { command: "ls", exit_code: 0 } };

  it("reads the GUI export wrapper and an instance id it carries; the legacy exit_code place", () => {
    const parsed = openHandsEventsReader.read(peekJson("x/export.json", { trajectory: [user, run, out], instance_id: "task-7" }));
    expect(parsed.rollouts[0].instanceId).toBe("task-7");
    expect(parsed.rollouts[0].turns.map((t) => [t.role, t.return_code])).toEqual([["user", undefined], ["assistant", undefined], ["tool", 0]]);
  });

  it("does not claim chat message lists or SWE-agent steps", () => {
    expect(openHandsEventsReader.detect(peekJson("a.json", [{ role: "user", content: "hi", source: "user", action: "message" }]))).toBe(false);
    expect(openHandsEventsReader.detect(peekJson("a.traj", { trajectory: [{ action: "ls", observation: "a.py" }], history: [] }))).toBe(false);
    expect(openHandsEventsReader.detect(peekJson("a.json", []))).toBe(false);
  });

  it("reports an error state's reason and a hit iteration limit", () => {
    const reason = "RuntimeError: Agent reached maximum iteration in headless mode. Current iteration: 5, max iteration: 5";
    const state = { id: 3, source: "environment", observation: "agent_state_changed", content: "", extras: { agent_state: "error", reason } };
    const rollout = openHandsEventsReader.read(peekJson("t.json", [user, run, out, state])).rollouts[0];
    expect(rollout).toMatchObject({ exitStatus: "error", truncated: true, truncationKind: "turns", metadata: { error: reason } });
  });

  it.each([
    ["an args that is not an object", [user, { ...run, args: "ls" }], "[1].args"],
    ["an event that is neither action nor observation", [user, { id: 1, source: "agent" }], "[1]"],
    ["an action name that is not a string", [user, { ...run, action: 7 }, out], "[1].action"],
    ["an exit code that is text", [user, run, { ...out, extras: { metadata: { exit_code: "0" } } }], "[2].extras.metadata.exit_code"],
    ["a message whose content is a list", [{ ...user, args: { content: ["fix"] } }, run], "[0].args.content"],
    ["an event that is a number", [user, 5], "[1]"],
  ])("names the field of %s", (_what, events, field) => {
    const problem = problemOf(() => openHandsEventsReader.read(peekJson("bad.json", events)));
    expect(problem.field).toBe(field);
    expect(problem.reason).not.toBe("");
  });

  it("names the wrapper's field for a bad event inside it", () => {
    expect(problemOf(() => openHandsEventsReader.read(peekJson("bad.json", { trajectory: [user, null] }))).field).toBe("trajectory[1]");
  });
});
