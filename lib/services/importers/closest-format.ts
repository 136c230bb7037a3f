// Which known format a file no reader claimed resembles most, judged by what most of its records are: a bounded
// sample of its lines (JSON Lines) or its top-level keys (one JSON document). Two uses (registry.ts):
// - a clear majority hands the file to that format's reader anyway, so a session whose FIRST line is unusual
//   (a bookkeeping record, a record type newer than the reader) is still read; the reader's own parse decides;
// - otherwise the refusal names the closest format and what did not match, instead of a bare "not recognised".
// Pure: text in, a resemblance out. The signatures here are deliberately loose (they only rank); the readers'
// detect() stays the strict first pass.
import { isRecord, type JsonRecord } from "./formats/untrusted-json";

export interface Resemblance {
  /** The reader (FormatReader.name) of the closest format. */
  reader: string;
  /** What a person calls the format. */
  label: string;
  /** How many sampled items look like the format, of how many sampled. */
  matched: number;
  of: number;
  unit: "lines" | "keys";
  /** The first sampled item that does not look like the format, said plainly; absent when all do. */
  mismatch?: string;
}

/** Lines looked at: enough to see what most records are, bounded so a 1 GB file costs no more than a small one. */
export const SAMPLED_LINES = 60;
const MAX_SAMPLED_CHARS = 4 << 20;

interface LineFormat {
  reader: string;
  label: string;
  /** What a matching line is called in the message ("session lines"). */
  noun: string;
  matches(line: JsonRecord): boolean;
}

const CLAUDE_BOOKKEEPING = new Set(["file-history-snapshot", "summary", "last-prompt", "queue-operation", "progress", "custom-title", "agent-name", "attachment", "pr-link", "system"]);
const CODEX_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);

const LINE_FORMATS: LineFormat[] = [
  {
    reader: "claude-code",
    label: "Claude Code",
    noun: "session lines",
    matches: (l) => typeof l.type === "string" && (typeof l.sessionId === "string" || CLAUDE_BOOKKEEPING.has(l.type) || (typeof l.uuid === "string" && "parentUuid" in l)),
  },
  {
    reader: "codex-cli",
    label: "Codex CLI",
    noun: "rollout lines ({timestamp, type, payload})",
    matches: (l) => typeof l.type === "string" && CODEX_TYPES.has(l.type) && "payload" in l,
  },
  {
    reader: "openhands-v1",
    label: "OpenHands V1 SDK",
    noun: "events ({kind, source})",
    matches: (l) => typeof l.kind === "string" && /Event$/.test(l.kind) && typeof l.source === "string",
  },
  {
    reader: "openhands-output",
    label: "OpenHands evaluation output",
    noun: "instance lines ({instance_id, history, test_result})",
    matches: (l) => "instance_id" in l && Array.isArray(l.history),
  },
];

interface KeyFormat {
  reader: string;
  label: string;
  /** Top-level keys the format's documents have; the first `needed` are the ones that decide. */
  keys: string[];
  needed: number;
}

const KEY_FORMATS: KeyFormat[] = [
  { reader: "atif", label: "ATIF (Harbor, Terminal-Bench)", keys: ["schema_version", "steps", "session_id", "agent", "final_metrics"], needed: 2 },
  { reader: "mini-swe-agent", label: "mini-swe-agent", keys: ["messages", "info", "trajectory_format"], needed: 2 },
  { reader: "swe-agent", label: "SWE-agent", keys: ["trajectory", "history", "info", "environment"], needed: 2 },
  { reader: "openhands-output", label: "OpenHands evaluation output", keys: ["instance_id", "history", "test_result", "instruction", "metadata"], needed: 3 },
  { reader: "inspect-ai", label: "Inspect AI log", keys: ["version", "status", "eval", "samples", "results", "plan"], needed: 3 },
  { reader: "swebench-report", label: "SWE-bench report", keys: ["resolved_ids", "completed_ids", "total_instances", "submitted_ids", "unresolved_ids"], needed: 2 },
  { reader: "harbor-result", label: "Harbor trial result", keys: ["trial_name", "task_name", "verifier_result", "agent_result", "config"], needed: 3 },
  { reader: "openhands-v1", label: "OpenHands V1 SDK conversation", keys: ["base_state", "events", "execution_status", "agent"], needed: 2 },
];

interface SampledLine {
  line: number;
  value: unknown;
  raw: string;
}

/** Up to SAMPLED_LINES non-empty lines from the start, each parsed (undefined when it is not JSON). */
function sampleLines(text: string): SampledLine[] {
  const out: SampledLine[] = [];
  let start = 0;
  let line = 0;
  while (start < text.length && start < MAX_SAMPLED_CHARS && out.length < SAMPLED_LINES) {
    const end = text.indexOf("\n", start);
    const raw = text.slice(start, end === -1 ? text.length : end);
    line++;
    start = end === -1 ? text.length : end + 1;
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    out.push({ line, value, raw });
  }
  return out;
}

function describeLine(item: SampledLine): string {
  if (item.value === undefined) return `line ${item.line} is not complete JSON (${item.raw.length > 40 ? "cut off or malformed" : JSON.stringify(item.raw)})`;
  if (!isRecord(item.value)) return `line ${item.line} is not a JSON object`;
  const type = typeof item.value.type === "string" ? item.value.type : typeof item.value.kind === "string" ? item.value.kind : undefined;
  const keys = Object.keys(item.value).slice(0, 6).join(", ");
  return type !== undefined ? `line ${item.line} is a "${type.slice(0, 40)}" record (keys ${keys})` : `line ${item.line} has keys ${keys}`;
}

function lineResemblance(sample: SampledLine[]): Resemblance | undefined {
  if (sample.length === 0 || !sample.some((s) => isRecord(s.value))) return undefined;
  let best: Resemblance | undefined;
  for (const format of LINE_FORMATS) {
    const matched = sample.filter((s) => isRecord(s.value) && format.matches(s.value)).length;
    if (matched === 0 || (best && matched <= best.matched)) continue;
    const odd = sample.find((s) => !(isRecord(s.value) && format.matches(s.value)));
    best = { reader: format.reader, label: format.label, matched, of: sample.length, unit: "lines", ...(odd ? { mismatch: describeLine(odd) } : {}) };
  }
  return best;
}

function keyResemblance(json: JsonRecord): Resemblance | undefined {
  let best: { format: KeyFormat; matched: number } | undefined;
  for (const format of KEY_FORMATS) {
    const matched = format.keys.filter((k) => k in json).length;
    if (matched > 0 && (!best || matched / format.keys.length > best.matched / best.format.keys.length)) best = { format, matched };
  }
  if (!best) return undefined;
  const missing = best.format.keys.slice(0, best.format.needed).filter((k) => !(k in json));
  const mismatch = missing.length > 0 ? `it has no ${missing.map((k) => `"${k}"`).join(" or ")}` : undefined;
  return { reader: best.format.reader, label: best.format.label, matched: best.matched, of: best.format.keys.length, unit: "keys", ...(mismatch ? { mismatch } : {}) };
}

/** Keys a JSON text that did not parse (cut off, say) still shows near its start: "schema_version" etc. */
function keysInBrokenJson(text: string): JsonRecord {
  const keys: JsonRecord = {};
  for (const m of text.slice(0, 64 << 10).matchAll(/"([A-Za-z_][A-Za-z0-9_]{0,40})"\s*:/g)) keys[m[1]!] = true;
  return keys;
}

/** The closest known format of a file no reader claimed, or undefined when it resembles none. */
export function closestFormat(file: { text: string | null; json: unknown }): Resemblance | undefined {
  if (file.text === null) return undefined;
  if (isRecord(file.json)) return keyResemblance(file.json);
  if (file.json !== undefined) return undefined;
  const trimmed = file.text.trimStart();
  const sample = sampleLines(file.text);
  if (sample.length > 1 && sample.some((s) => isRecord(s.value))) return lineResemblance(sample);
  // (Part of) one JSON document that does not parse, cut off say: judge it by the keys it shows.
  if (trimmed.startsWith("{")) return keyResemblance(keysInBrokenJson(trimmed)) ?? lineResemblance(sample);
  return lineResemblance(sample);
}

/**
 * What a JSON file that resembles no known format is, and what the formats would need: so even that refusal says
 * what did not match. Undefined for text that is not JSON at all (a README is not worth a lecture).
 */
export function describeUnknownShape(file: { text: string | null; json: unknown }): string | undefined {
  if (file.text === null) return undefined;
  const keysOf = (r: JsonRecord) => Object.keys(r).slice(0, 8).map((k) => `"${k.slice(0, 40)}"`).join(", ") || "no keys";
  const needs = KEY_FORMATS.slice(0, 4).map((f) => `${f.label} has ${f.keys.slice(0, f.needed).map((k) => `"${k}"`).join(" and ")}`).join("; ");
  if (isRecord(file.json)) return `it is a JSON object with ${keysOf(file.json)}, which matches no known format (${needs})`;
  if (Array.isArray(file.json)) return `it is a JSON list of ${file.json.length} items, which matches no known format (a mini-swe-agent .traj.json list holds role/content messages)`;
  const first = sampleLines(file.text).find((s) => isRecord(s.value));
  if (!first) return undefined;
  return `its lines are JSON objects (line ${first.line} has ${keysOf(first.value as JsonRecord)}), which match no known line format (Claude Code lines have "type" and "sessionId"; Codex CLI lines "type" and "payload"; OpenHands V1 events "kind" and "source")`;
}

/** True when most of what was sampled looks like the format: the reader may then try the file. */
export function isClearMajority(r: Resemblance): boolean {
  if (r.unit === "keys") return r.mismatch === undefined;
  return r.of >= 2 && r.matched * 4 >= r.of * 3;
}

/** "looks like Claude Code: 38 of 40 sampled lines are session lines; line 1 is a "x" record (keys …)", said of "it". */
export function describeResemblance(r: Resemblance): string {
  const noun = r.unit === "lines" ? LINE_FORMATS.find((f) => f.reader === r.reader)?.noun ?? "records" : undefined;
  const head = r.unit === "lines"
    ? `looks like ${r.label}: ${r.matched} of ${r.of} sampled lines are ${noun}`
    : `is closest to ${r.label}: it has ${r.matched} of the format's ${r.of} usual top-level keys`;
  return r.mismatch ? `${head}; ${r.mismatch}` : head;
}
