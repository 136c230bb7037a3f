// OpenHands V1 (software-agent-sdk) persists a conversation as a folder: base_state.json and one file per
// event (events/event-00000-<id>.json, or event-NNNNN-<id>.json beside it in the CLI's layout). The readers
// see one file at a time, so the folder's event files (and its base_state.json) are offered to them as ONE
// file, "<folder>/event-*.json", whose content is {"openhands_conversation": 1, "base_state": …, "events":
// [the event files in name order]}: byte for byte the files' contents, so identity still comes from content.
import type { FileSource, SourceEntry } from "./sources";
import { compareNames } from "./file-names";

const EVENT_FILE = /^event-\d+-[^/]+\.json$/i;
export const CONVERSATION_SUFFIX = "/event-*.json";

function dirOf(name: string): string {
  const cut = name.lastIndexOf("/");
  return cut < 0 ? "" : name.slice(0, cut);
}

export function groupConversationFolders(source: FileSource): FileSource {
  const groups = new Map<string, { events: SourceEntry[]; state?: SourceEntry }>();
  for (const entry of source.entries) {
    const base = entry.name.slice(entry.name.lastIndexOf("/") + 1);
    if (!EVENT_FILE.test(base)) continue;
    const dir = dirOf(entry.name);
    const group = groups.get(dir) ?? { events: [] };
    group.events.push(entry);
    groups.set(dir, group);
  }
  if (groups.size === 0) return source;
  const byName = new Map(source.entries.map((e) => [e.name, e]));
  for (const [dir, group] of groups) {
    const parent = dir.endsWith("/events") || dir === "events" ? dirOf(dir) : dir;
    const state = byName.get(parent === "" ? "base_state.json" : `${parent}/base_state.json`) ?? byName.get(dir === "" ? "base_state.json" : `${dir}/base_state.json`);
    if (state) group.state = state;
  }
  const grouped = new Set<string>();
  const virtual = new Map<string, { events: SourceEntry[]; state?: SourceEntry }>();
  for (const [dir, group] of groups) {
    for (const e of group.events) grouped.add(e.name);
    if (group.state) grouped.add(group.state.name);
    virtual.set(`${dir}${CONVERSATION_SUFFIX}`.replace(/^\//, ""), group);
  }
  const entries = [
    ...source.entries.filter((e) => !grouped.has(e.name)),
    ...[...virtual].map(([name, g]) => ({ name, size: g.events.reduce((n, e) => n + e.size, g.state?.size ?? 0) })),
  ].sort((a, b) => compareNames(a.name, b.name));
  const encoder = new TextEncoder();
  return {
    ...source,
    entries,
    load(name) {
      const group = virtual.get(name);
      if (!group) return source.load(name);
      const parts: Uint8Array[] = [encoder.encode(`{"openhands_conversation":1,"base_state":`)];
      parts.push(group.state ? source.load(group.state.name) : encoder.encode("null"));
      parts.push(encoder.encode(`,"events":[`));
      group.events.forEach((e, i) => {
        if (i > 0) parts.push(encoder.encode(","));
        parts.push(source.load(e.name));
      });
      parts.push(encoder.encode("]}"));
      const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.byteLength;
      }
      return out;
    },
  };
}
