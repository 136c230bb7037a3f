// The text of an ATIF message or tool result, as a reader of the trajectory should see it. ATIF-v1.6 made both
// "text or a list of ContentPart" (harbor/models/trajectories/content.py: {type: "text", text} or {type: "image",
// source {media_type, path}}); writers outside Harbor also put objects there (a command's {stdout, stderr,
// exit_code}). An image is named by where it is, an object shown as its JSON: nothing becomes "[object Object]"
// and nothing is dropped without a word.
import { describeJson, fieldPath, isRecord, problem } from "./untrusted-json";

function partText(part: unknown, field: string): string {
  if (typeof part === "string") return part;
  if (!isRecord(part)) problem(field, `must be a content part object, got ${describeJson(part)}`);
  if (typeof part.text === "string") return part.text;
  if (part.type === "image") {
    const source = isRecord(part.source) ? part.source : {};
    const where = typeof source.path === "string" ? source.path : typeof source.url === "string" ? source.url : undefined;
    const media = typeof source.media_type === "string" ? source.media_type : "image";
    return `[${media}${where !== undefined ? ` ${where}` : ""}]`;
  }
  return JSON.stringify(part, null, 2);
}

/** Text, content parts, a number or flag, or an object (shown as its JSON); "" for nothing. */
export function atifText(value: unknown, field: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((part, i) => partText(part, fieldPath(field, i))).join("\n");
  return JSON.stringify(value, null, 2);
}
