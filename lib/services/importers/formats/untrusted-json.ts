// Reading fields of a parsed but untrusted JSON file. Every accessor takes the field's path so that a
// wrong type becomes an ImportProblem naming the field ("line 7.history[3].args") instead of a crash.
// Absent and null read the same (producers write None as null or leave the key out).
import { ImportProblem } from "../types";

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "a string", "null", "an array", … for the reason of a problem. */
export function describeJson(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  return `a ${typeof value}`;
}

export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent === "" ? key : `${parent}.${key}`;
}

export function problem(field: string, reason: string): never {
  throw new ImportProblem(field === "" ? "file" : field, reason);
}

export function expectRecord(value: unknown, field: string): JsonRecord {
  if (!isRecord(value)) problem(field, `must be an object, got ${describeJson(value)}`);
  return value;
}

export function expectArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) problem(field, `must be a list, got ${describeJson(value)}`);
  return value;
}

export function optRecord(obj: JsonRecord, key: string, parent: string): JsonRecord | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return expectRecord(value, fieldPath(parent, key));
}

export function optArray(obj: JsonRecord, key: string, parent: string): unknown[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return expectArray(value, fieldPath(parent, key));
}

export function optString(obj: JsonRecord, key: string, parent: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") problem(fieldPath(parent, key), `must be a string, got ${describeJson(value)}`);
  return value;
}

export function optNumber(obj: JsonRecord, key: string, parent: string): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    problem(fieldPath(parent, key), `must be a finite number, got ${describeJson(value)}`);
  }
  return value;
}

export function optInteger(obj: JsonRecord, key: string, parent: string): number | undefined {
  const value = optNumber(obj, key, parent);
  if (value !== undefined && !Number.isInteger(value)) problem(fieldPath(parent, key), `must be a whole number, got ${value}`);
  return value;
}

/** A non-negative whole count (tokens), or undefined when absent; wrong values are problems. */
export function optCount(obj: JsonRecord, key: string, parent: string): number | undefined {
  const value = optInteger(obj, key, parent);
  if (value !== undefined && value < 0) problem(fieldPath(parent, key), `must not be negative, got ${value}`);
  return value;
}

/** The text of a file or zip entry, or a problem when it is not UTF-8 JSON. */
export function parseJsonText(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return problem(field, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Milliseconds since the epoch from an ISO-8601 time. OpenHands writes local times without an offset
 * ("2025-01-27T22:44:56.900854"); those are read as UTC so the result does not depend on the machine
 * that imports the file. Microseconds are cut to milliseconds.
 */
export function isoToMillis(value: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!match) return undefined;
  const [, date, time, fraction = "0", offset = "Z"] = match;
  const millis = `${fraction}00`.slice(0, 3);
  const zone = offset === "Z" || offset.includes(":") ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const parsed = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}.${millis}${zone}`);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The file's name without folders and without its last extension: "a/b/basic.json" → "basic". */
export function fileStem(name: string): string {
  const base = name.split("/").pop() ?? name;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}
