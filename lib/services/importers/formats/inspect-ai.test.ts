// The Inspect AI reader on the real logs (Inspect's own test data: an agentic browser run with tool
// calls and an `includes` score, and one small log saved both as .json and as .eval) and on broken ones.
import { unzipSync, zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Turn } from "../../../events/rollout-event";
import { inspectLogReader } from "./inspect-ai";
import { MAX_EVAL_ENTRY_BYTES as MAX_ENTRY_BYTES } from "../limits";
import { allRealFiles, peekFile, peekJson, problemOf, realFile } from "./reader-test-files.test-helper";

type Json = Record<string, any>;
const BROWSER = "inspect-ai/2025-05-12T20-27-36-04-00_browser.json";
const REAL = ["inspect-ai/2025-05-12T20-27-36-04-00_browser.json", "inspect-ai/log_formats.eval", "inspect-ai/log_formats.json"];

/** The samples of a real log, from the JSON or by unzipping the archive here. */
function samplesOf(relative: string): Json[] {
  const file = realFile(relative);
  if (!relative.endsWith(".eval")) return (file.json as Json).samples;
  const entries = unzipSync(file.bytes);
  return Object.keys(entries).filter((n) => /^samples\/[^/]+\.json$/.test(n))
    .map((n) => JSON.parse(new TextDecoder().decode(entries[n])));
}

describe("inspectLogReader on the real logs", () => {
  it.each(REAL)("%s: one rollout per sample, one turn per message, valid turns", (relative) => {
    const file = realFile(relative);
    expect(inspectLogReader.detect(file)).toBe(true);
    const parsed = inspectLogReader.read(file);
    expect(parsed.format).toBe(relative.endsWith(".eval") ? "inspect-eval" : "inspect-json");
    const samples = samplesOf(relative);
    expect(parsed.rollouts).toHaveLength(samples.length);
    for (const sample of samples) {
      const rollout = parsed.rollouts.find((r) => r.instanceId === String(sample.id))!;
      expect(rollout.attempt).toBe("");
      expect(rollout.turns.map((t) => t.role)).toEqual(sample.messages.map((m: Json) => m.role));
      expect(() => z.array(Turn).parse(rollout.turns)).not.toThrow();
      const calls = sample.messages.flatMap((m: Json) => m.tool_calls ?? []);
      const readCalls = rollout.turns.flatMap((t) => (t.action?.tool_calls as Json[] | undefined) ?? []);
      expect(readCalls.map((c) => [c.id, c.function, c.arguments])).toEqual(calls.map((c: Json) => [c.id, c.function, c.arguments]));
      const toolOutputs = sample.messages.filter((m: Json) => m.role === "tool").map((m: Json) => m.content);
      expect(rollout.turns.filter((t) => t.role === "tool").map((t) => t.observation)).toEqual(toolOutputs);
    }
  });

  it("reads the browser log's task, includes score, tokens and time", () => {
    const log = realFile(BROWSER).json as Json;
    const sample = log.samples[0];
    const rollout = inspectLogReader.read(realFile(BROWSER)).rollouts[0];
    expect(sample.scores.includes.value).toBe("C");
    expect(rollout).toMatchObject({ benchmark: log.eval.task, model: log.eval.model, success: true, reward: 1 });
    const usage = sample.model_usage[log.eval.model];
    expect(rollout.tokens).toEqual({ prompt: usage.input_tokens, completion: usage.output_tokens });
    expect(rollout.durationMs).toBe(Math.round(sample.total_time * 1000));
    expect(rollout.metadata?.scores).toEqual(sample.scores);
    const last = sample.messages[sample.messages.length - 1];
    expect(rollout.turns[rollout.turns.length - 1]).toMatchObject({ role: "assistant", content: last.content });
  });

  it("reads log_formats.json and log_formats.eval into the same rollouts", () => {
    const fromJson = inspectLogReader.read(realFile("inspect-ai/log_formats.json")).rollouts;
    const fromEval = inspectLogReader.read(realFile("inspect-ai/log_formats.eval")).rollouts;
    expect(fromEval).toEqual(fromJson);
    const sample = samplesOf("inspect-ai/log_formats.json")[0];
    expect(sample.scores.match.value).toBe("I");
    expect(fromJson[0]).toMatchObject({ benchmark: "popularity", success: false, reward: 0 });
    // No per-sample model_usage in this older log: the model calls' usage adds up instead.
    const calls = sample.transcript.events.filter((e: Json) => e.event === "model");
    const sum = (key: string) => calls.reduce((n: number, e: Json) => n + e.output.usage[key], 0);
    expect(fromJson[0].tokens).toEqual({ prompt: sum("input_tokens"), completion: sum("output_tokens") });
  });

  it("claims no other real trajectory file", () => {
    expect(allRealFiles().filter((relative) => inspectLogReader.detect(realFile(relative)))).toEqual(REAL);
  });
});

const message = (role: string, content: unknown, extra: Json = {}) => ({ role, content, ...extra });
const sample = (over: Json = {}) => ({
  id: "q1", epoch: 1, input: "2+2?", target: "4",
  messages: [message("user", "2+2?"), message("assistant", "4")],
  scores: { match: { value: "C", answer: "4" } }, metadata: {}, ...over,
});
const log = (samples: unknown[], over: Json = {}) => ({
  version: 2, status: "success", eval: { task: "arith", model: "m/x", config: {} }, samples, ...over,
});
const read = (value: unknown) => inspectLogReader.read(peekJson("logs/arith.json", value));
const archive = (entries: Record<string, unknown>) => {
  const files = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, typeof v === "string" ? strToU8(v) : strToU8(JSON.stringify(v))]));
  return zipSync(files);
};
const header = { version: 2, status: "success", eval: { task: "arith", model: "m/x", config: {} } };

/** Rewrites a 32-bit field of the central directory record of `entry` (the sizes fflate trusts). */
function patchCentral(zip: Uint8Array, entry: string, offset: number, value: number, bytes = 4): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 < out.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    if (new TextDecoder().decode(out.subarray(i + 46, i + 46 + nameLength)) !== entry) continue;
    if (bytes === 4) view.setUint32(i + offset, value, true);
    else view.setUint16(i + offset, value, true);
    return out;
  }
  throw new Error(`no central record for ${entry}`);
}

describe("inspectLogReader on other logs", () => {
  it("numbers attempts by epoch when a log ran several", () => {
    const rollouts = read(log([sample(), sample({ epoch: 2, scores: { match: { value: "I" } } })], { eval: { task: "arith", config: { epochs: 2 } } })).rollouts;
    expect(rollouts.map((r) => [r.instanceId, r.attempt, r.success])).toEqual([["q1", "epoch 1", true], ["q1", "epoch 2", false]]);
  });

  it("reads reasoning parts, attachments, media parts and unparsable tool calls", () => {
    const messages = [
      message("user", [{ type: "text", text: "what is this?" }, { type: "image", image: "data:image/png;base64,AAAA" }]),
      message("assistant", [{ type: "reasoning", reasoning: "It is a picture." }, { type: "text", text: "attachment://abc" }],
        { tool_calls: [{ id: "c1", function: "bash", arguments: {}, parse_error: "bad JSON" }] }),
      message("tool", "", { tool_call_id: "c1", function: "bash", error: { type: "parsing", message: "could not parse" } }),
    ];
    const [rollout] = read(log([sample({ messages, attachments: { abc: "A cat." } })])).rollouts;
    expect(rollout.turns[0].content).toBe("what is this?\n[image]");
    expect(rollout.turns[1]).toMatchObject({ content: "A cat.", reasoning: "It is a picture.", format_error: true });
    expect(rollout.turns[2]).toMatchObject({ role: "tool", observation: "could not parse", raw: { error: { type: "parsing" } } });
    expect(rollout.turns[2].return_code).toBeUndefined();
  });

  it("marks errors, hit limits and cancelled logs in the exit status", () => {
    const [errored, limited, plain] = read(log([
      sample({ id: 1, error: { message: "sandbox died", traceback: "" }, scores: undefined }),
      sample({ id: 2, limit: { type: "message", limit: 30 } }),
      sample({ id: 3 }),
    ], { status: "cancelled" })).rollouts;
    expect(errored).toMatchObject({ exitStatus: "error", metadata: { error: "sandbox died" } });
    expect(errored.success).toBeUndefined();
    expect(limited).toMatchObject({ exitStatus: "message_limit", truncated: true, truncationKind: "turns" });
    expect(plain.exitStatus).toBe("cancelled");
    const failedLog = read(log([sample()], { status: "error", error: { message: "eval crashed" } })).rollouts[0];
    expect(failedLog).toMatchObject({ exitStatus: "error", metadata: { error: "eval crashed" } });
  });

  it("leaves the outcome unknown with several scorers or a score that is no reward", () => {
    const two = read(log([sample({ scores: { a: { value: "C" }, b: { value: 0.2 } } })])).rollouts[0];
    const ten = read(log([sample({ scores: { grade: { value: 7 } } })])).rollouts[0];
    for (const r of [two, ten]) {
      expect(r.success).toBeUndefined();
      expect(r.reward).toBeUndefined();
    }
  });

  it("reads an unfinished .eval from its journal start record", () => {
    const zip = archive({ "_journal/start.json": { version: 2, eval: header.eval, plan: {} }, "samples/q1_epoch_1.json": sample() });
    const parsed = inspectLogReader.read(peekFile("logs/a.eval", zip));
    expect(parsed.rollouts.map((r) => [r.instanceId, r.success])).toEqual([["q1", true]]);
  });

  it.each([
    ["a role Inspect does not have", log([sample({ messages: [message("robot", "hi")] })]), "samples[0].messages[0].role"],
    ["messages that are not a list", log([sample({ messages: "hi" })]), "samples[0].messages"],
    ["a content part that is text", log([sample({ messages: [message("user", ["hi"])] })]), "samples[0].messages[0].content[0]"],
    ["a tool call without a function", log([sample({ messages: [message("assistant", "", { tool_calls: [{ id: "c" }] })] })]), "samples[0].messages[0].tool_calls[0].function"],
    ["a sample without an id", log([sample({ id: null })]), "samples[0].id"],
    ["a sample that is a string", log(["q1"]), "samples[0]"],
    ["a log without samples", log([]), "samples"],
    ["a token count that is negative", log([sample({ model_usage: { "m/x": { input_tokens: -1 } } })]), "samples[0].model_usage.m/x.input_tokens"],
  ])("names the field of %s", (_what, value, field) => {
    const problem = problemOf(() => read(value));
    expect(problem.field).toBe(field);
    expect(problem.reason).not.toBe("");
  });

  it("reports a truncated or foreign .eval as not a readable zip", () => {
    const bytes = realFile("inspect-ai/log_formats.eval").bytes;
    for (const broken of [bytes.slice(0, Math.floor(bytes.length / 2)), strToU8("not a zip at all")]) {
      const file = peekFile("logs/broken.eval", broken);
      expect(inspectLogReader.detect(file)).toBe(true);
      const problem = problemOf(() => inspectLogReader.read(file));
      expect(problem.field).toBe("file");
      expect(problem.reason).toMatch(/^not a readable zip: /);
    }
  });

  it("names the entry of a .eval whose parts are missing, not JSON, or compressed with zstd", () => {
    expect(problemOf(() => inspectLogReader.read(peekFile("a.eval", archive({ "samples/q1_epoch_1.json": sample() })))).field).toBe("header.json");
    expect(problemOf(() => inspectLogReader.read(peekFile("a.eval", archive({ "header.json": "{oops", "samples/q1_epoch_1.json": sample() })))).field).toBe("header.json");
    const badSample = archive({ "header.json": header, "samples/q1_epoch_1.json": sample({ messages: 3 }) });
    expect(problemOf(() => inspectLogReader.read(peekFile("a.eval", badSample))).field).toBe("samples/q1_epoch_1.json.messages");
    const zstd = patchCentral(archive({ "header.json": header, "samples/q1_epoch_1.json": sample() }), "samples/q1_epoch_1.json", 10, 93, 2);
    const problem = problemOf(() => inspectLogReader.read(peekFile("a.eval", zstd)));
    expect(problem).toMatchObject({ field: "samples/q1_epoch_1.json" });
    expect(problem.reason).toMatch(/zstd/);
  });

  it("refuses entries that declare more than the per-entry or total uncompressed size before inflating them", () => {
    const one = patchCentral(archive({ "header.json": header, "samples/q1_epoch_1.json": sample() }), "samples/q1_epoch_1.json", 24, MAX_ENTRY_BYTES + 1);
    expect(problemOf(() => inspectLogReader.read(peekFile("bomb.eval", one))).field).toBe("samples/q1_epoch_1.json");
    let many: Uint8Array = archive({ "header.json": header, ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`samples/q${i}_epoch_1.json`, sample({ id: `q${i}` })])) });
    for (const i of [1, 2, 3, 4, 5]) many = patchCentral(many, `samples/q${i}_epoch_1.json`, 24, MAX_ENTRY_BYTES - 1);
    // Four declarations of 64 MB − 1 and the header pass the 256 MB of one archive at the fourth sample.
    expect(problemOf(() => inspectLogReader.read(peekFile("bomb.eval", many))).field).toBe("samples/q4_epoch_1.json");
  });
});
