// Test support for the format readers: files handed over the way the registry peeks at them, and every
// real trajectory file in the shared data (read in place, never copied).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { realTrajectoriesDir } from "../../../../test/shared-data";
import { ImportProblem, type PeekedFile } from "../types";

export function peekFile(name: string, bytes: Uint8Array): PeekedFile {
  let text: string | null = null;
  let json: unknown = undefined;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = null;
  }
  if (text !== null) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { name, bytes, text, json };
}

export function peekText(name: string, text: string): PeekedFile {
  return peekFile(name, new TextEncoder().encode(text));
}

export function peekJson(name: string, value: unknown): PeekedFile {
  return peekText(name, JSON.stringify(value));
}

/** A real file by its path under real-trajectories, named as an import of that folder would name it. */
export function realFile(relative: string): PeekedFile {
  return peekFile(relative, new Uint8Array(readFileSync(path.join(realTrajectoriesDir, relative))));
}

/** Every data file under real-trajectories (SOURCES.md aside), as paths relative to it. */
export function allRealFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry !== "SOURCES.md") out.push(path.relative(realTrajectoriesDir, full).split(path.sep).join("/"));
    }
  };
  walk(realTrajectoriesDir);
  return out.sort();
}

/** The ImportProblem `run` throws; fails the test when it returns or throws anything else. */
export function problemOf(run: () => unknown): ImportProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportProblem) return error;
    throw error;
  }
  throw new Error("expected an ImportProblem");
}

/** OpenHands events that are turns: all but state changes, memory lookups and "No observation" fillers. */
export function isOpenHandsTurnEvent(event: { action?: unknown; observation?: unknown }): boolean {
  return !["change_agent_state", "recall", "null"].includes(event.action as string)
    && !["agent_state_changed", "null"].includes(event.observation as string);
}
