import { describe, expect, it } from "vitest";
import { fastValidateRollout } from "./fast-rollout";
import { RolloutEvent } from "./rollout-event";
import { validateEvent } from "./contract";
import { eventHash } from "./canonical-json";
import { exampleEvents } from "./examples";
import { eventPaths, getPath, setPath, wrongValues } from "../reliability/hostile-mutate";
import { ingestCases } from "../reliability/hostile-ingest-cases";
import type { HostileContext } from "../reliability/hostile-case";
import { mulberry32 } from "../stats/prng";

type Ev = Record<string, unknown>;

/** Key order and undefined-valued keys included: the output must be the schema's to the letter. */
const exact = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? "<undefined>" : v));

/** A rollout with every field the contract knows, free-form parts out of key order. */
function richRollout(): Ev {
  return {
    type: "rollout", id: "rich-1", experiment: "exp", run: "run", task: "task", harness_version: "h0", checkpoint: "ck",
    purpose: "eval", epoch: 2, step: 7, group: "g", sample_index: 3, reward: -0.25, success: false, exit_status: "max_turns",
    truncated: true, tokens: { completion: 30, prompt: 1200 }, cost_usd: 0.012, duration_ms: 4200, submission: "diff --git",
    source_format: "swe-agent", source_file: "src", metadata: { z: 1, a: { y: [1, { d: 2, c: 3 }], b: null }, model: "m" },
    started_at: "2026-11-01T10:00:00+02:00",
    turns: [
      { role: "system", content: "sys" },
      { role: "assistant", content: "é \u{1F600} text", reasoning: "why", action: { tool: "edit", args: { b: 2, a: 1 } }, observation: "ok",
        return_code: -1, format_error: true, tokens: 12, raw: [{ y: 1, x: 2 }, "s", 3, null],
        hooks: [{ position: "pre_action", hook: "h", effect: "rewrite", message: "m" }, { position: "episode_init" }] },
      { role: "tool", content: "", observation: "", return_code: 0, hooks: [] },
    ],
  };
}

/** A rollout as a trainer sends it: the bench's shape, defaults left out. */
function plainRollout(i: number): Ev {
  return {
    type: "rollout", id: `plain-${i}`, experiment: "exp", run: "run", task: `task-${i % 4}`, purpose: "train", step: i, group: `g-${i >> 2}`,
    sample_index: i % 4, reward: i % 3 === 0 ? 1 : 0, success: i % 3 === 0, truncated: false, started_at: 1_700_000_000_000 + i,
    turns: Array.from({ length: 6 }, (_, t) => ({
      role: t % 2 ? "tool" : "assistant", content: `turn ${t} of ${i}`, observation: "out", return_code: 0,
      hooks: t === 2 ? [{ position: "post_feedback", hook: "stall_detector", message: "no progress" }] : [],
    })),
  };
}

/** Asserts the fast check agrees with the schema on `value`; returns whether the fast check accepted it. */
function agrees(value: unknown, name: string): boolean {
  const schema = RolloutEvent.safeParse(value);
  const fast = fastValidateRollout(value);
  if (fast === undefined) return false;
  expect(schema.success, `${name}: the fast check accepted what the schema refuses`).toBe(true);
  if (!schema.success) return true;
  expect(exact(fast), name).toBe(exact(schema.data));
  expect(eventHash(fast), name).toBe(eventHash(schema.data));
  return true;
}

/** Every mutation of the hostile run's kind at every path (wrong types, null, missing, extra fields). */
function mutations(event: Ev): Array<{ name: string; event: unknown }> {
  const out: Array<{ name: string; event: unknown }> = [];
  for (const path of eventPaths(event)) {
    for (const [kind, wrong] of wrongValues(getPath(event, path))) out.push({ name: `${path.join(".")}=${kind}`, event: setPath(event, path, wrong) });
  }
  return out;
}

describe("fastValidateRollout", () => {
  it("accepts valid rollouts with the schema's output, key order and content hash", () => {
    const valid = [richRollout(), ...Array.from({ length: 8 }, (_, i) => plainRollout(i)), ...exampleEvents("fx").filter((e) => e.type === "rollout")];
    for (const [i, event] of valid.entries()) {
      // truncation_kind is left to the schema (its refinement ties it to truncated); the output must still agree.
      const fast = agrees(event, `valid ${i}`);
      if (!("truncation_kind" in event)) expect(fast, `valid ${i} took the schema's path`).toBe(true);
    }
  });

  it("leaves to the schema every input it refuses, so refusals keep the schema's field and reason", () => {
    let refused = 0;
    let accepted = 0;
    for (const base of [richRollout(), plainRollout(1)]) {
      for (const { name, event } of mutations(base)) {
        if (agrees(event, name)) accepted++;
        const result = validateEvent(event, 0);
        const schema = RolloutEvent.safeParse(event);
        if (!schema.success) {
          refused++;
          expect(result, name).toEqual({ ok: false, problems: schema.error.issues.slice(0, 20).map((issue) => ({ index: 0, path: issue.path.map(String).join("."), message: issue.message })) });
        }
      }
    }
    // Both kinds occur: mutations the schema refuses, and ones it accepts (e.g. a negative reward) that the fast check must get right.
    expect(refused).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(10);
  });

  it("agrees on the edges of each limit and on values JSON cannot carry but importers can", () => {
    const base = plainRollout(0);
    const turns = base.turns as Ev[];
    const cases: Array<[string, Ev]> = [
      ["id 256", { ...base, id: "x".repeat(256) }], ["id 257", { ...base, id: "x".repeat(257) }],
      ["id trailing space", { ...base, id: "a " }], ["id inner space", { ...base, id: "a b" }], ["id control", { ...base, id: "a\u0001b" }],
      ["id lone surrogate", { ...base, id: "a\ud800" }], ["content lone surrogate", { ...base, turns: [{ ...turns[0], content: "\udc00" }] }],
      ["step 2^53", { ...base, step: 2 ** 53 }], ["step -0", { ...base, step: -0 }], ["step 1.5", { ...base, step: 1.5 }],
      ["reward null", { ...base, reward: null }], ["reward NaN", { ...base, reward: Number.NaN }], ["reward Infinity", { ...base, reward: Infinity }],
      ["return_code negative", { ...base, turns: [{ ...turns[0], return_code: -9 }] }], ["exit_status empty", { ...base, exit_status: "" }],
      ["exit_status 1000", { ...base, exit_status: "e".repeat(1000) }], ["exit_status 1001", { ...base, exit_status: "e".repeat(1001) }],
      ["truncation_kind with truncated", { ...base, truncated: true, truncation_kind: "turns" }], ["truncation_kind alone", { ...base, truncation_kind: "turns" }],
      ["started_at ISO", { ...base, started_at: "2026-01-02T03:04:05Z" }], ["started_at bad ISO", { ...base, started_at: "yesterday" }],
      ["submission undefined", { ...base, submission: undefined }], ["format_error undefined", { ...base, turns: [{ ...turns[0], format_error: undefined }] }],
      ["turns empty", { ...base, turns: [] }], ["hooks 1001", { ...base, turns: [{ ...turns[0], hooks: Array.from({ length: 1001 }, () => ({ position: "pre_action" })) }] }],
      ["metadata deep", { ...base, metadata: JSON.parse(`${"{\"a\":".repeat(70)}1${"}".repeat(70)}`) }], ["metadata array", { ...base, metadata: [1] }],
      ["__proto__ key", JSON.parse(JSON.stringify(base).replace("{", "{\"__proto__\":{},"))], ["tokens extra", { ...base, tokens: { prompt: 1, total: 2 } }],
    ];
    for (const [name, event] of cases) {
      agrees(event, name);
      const schema = RolloutEvent.safeParse(event);
      if (!schema.success) expect(validateEvent(event, 0).ok, name).toBe(false);
    }
  });

  it("agrees with the schema on every rollout the hostile-input run sends", () => {
    const ctx: HostileContext = {
      adminToken: "a", readToken: "r", ingestToken: "i", expiredToken: "e", revokedToken: "v", viewerSession: "s", adminSession: "s",
      signInUser: "u", seedPrefix: "seed", maxBodyBytes: 64 * 1024, host: "localhost", signInActionId: "x",
    };
    let rollouts = 0;
    for (const hostile of ingestCases(ctx, mulberry32(19))) {
      if (hostile.body?.kind !== "bytes" || hostile.body.bytes.length > 1_000_000) continue;
      let values: unknown;
      try {
        values = JSON.parse(new TextDecoder().decode(hostile.body.bytes));
      } catch {
        continue;
      }
      for (const value of Array.isArray(values) ? values : [values]) {
        if ((value as Ev | null)?.type !== "rollout") continue;
        rollouts++;
        agrees(value, hostile.id);
      }
    }
    expect(rollouts).toBeGreaterThan(50);
  });
});
