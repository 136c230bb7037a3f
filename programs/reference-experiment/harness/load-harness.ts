// Turning a harness's files into callable tools and hooks. Each distinct file is compiled once
// (sandbox.ts caches scripts by content hash) and each distinct file set is loaded once (cached here by
// its id), because the experiment runs thousands of episodes on a handful of harness versions and on
// the K = 8 engineer patches of each failure packet. A file set that cannot load throws
// HarnessLoadError listing every problem, so a generated patch can be scored "invalid" with a reason.
import { HOOK_POSITIONS } from "../../../lib/domain/vocabulary";
import { COMPONENTS } from "./components";
import { DEFAULT_HARNESS_CONFIG, h0Files } from "./h0";
import { createRealm, evaluateModule, sha256 } from "./sandbox";
import type { HarnessConfig, HarnessFile, Hook, HookPosition, LoadedHarness, Tool } from "./types";

export class HarnessLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`harness does not load: ${problems.join("; ")}`);
  }
}

const byPath = (a: HarnessFile, b: HarnessFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Content hash of a file set, independent of file order. */
export function harnessId(files: readonly HarnessFile[]): string {
  const parts = [...files].sort(byPath).map((f) => `${f.path}\0${f.kind}\0${f.hookPosition ?? ""}\0${sha256(f.content)}`);
  return sha256(parts.join("\n")).slice(0, 32);
}

const NAME = /^[a-z][a-z0-9_]*$/;

/** "hooks/pre_action/10-refuse_malformed_edit.js" → "refuse_malformed_edit". */
function nameFromPath(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.(m?js|cjs)$/, "");
  return base.replace(/^\d+[-_]/, "");
}

export function parseHarnessConfig(text: string | undefined, problems: string[] = []): HarnessConfig {
  const config: HarnessConfig = { ...DEFAULT_HARNESS_CONFIG };
  if (text === undefined) return config;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    problems.push(`config.json: ${(error as Error).message}`);
    return config;
  }
  if (typeof parsed !== "object" || parsed === null) {
    problems.push("config.json: not an object");
    return config;
  }
  for (const key of Object.keys(DEFAULT_HARNESS_CONFIG) as (keyof HarnessConfig)[]) {
    const value = (parsed as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const minimum = key === "formatRequeries" ? 0 : 1;
    if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
      problems.push(`config.json: ${key} must be an integer ≥ ${minimum}`);
      continue;
    }
    config[key] = value;
  }
  return config;
}

/** Content hashes of the catalogue's code files (see LoadedHarness.trusted). */
let trustedCode: Set<string> | null = null;
function isTrustedCode(content: string): boolean {
  trustedCode ??= new Set([...h0Files(), ...COMPONENTS.flatMap((c) => c.files)].filter((f) => f.kind === "tool" || f.kind === "hook").map((f) => sha256(f.content)));
  return trustedCode.has(sha256(content));
}

const cache = new Map<string, LoadedHarness>();
const CACHE_LIMIT = 64;

export function loadHarness(files: readonly HarnessFile[]): LoadedHarness {
  const id = harnessId(files);
  const cached = cache.get(id);
  if (cached) return cached;
  const loaded = load(id, files);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(id, loaded);
  return loaded;
}

function load(id: string, input: readonly HarnessFile[]): LoadedHarness {
  const files = [...input].sort(byPath);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) problems.push(`${f.path}: duplicate path`);
    seen.add(f.path);
  }
  const configs = files.filter((f) => f.kind === "config");
  if (configs.length > 1) problems.push(`more than one config file: ${configs.map((f) => f.path).join(", ")}`);
  const config = parseHarnessConfig(configs[0]?.content, problems);

  const realm = createRealm();
  const tools: Record<string, Tool> = {};
  const toolNames: string[] = [];
  const hooks = Object.fromEntries(HOOK_POSITIONS.map((p) => [p, [] as Hook[]])) as Record<HookPosition, Hook[]>;

  const moduleOf = (f: HarnessFile): Record<string, unknown> | null => {
    try {
      const exports = evaluateModule(realm, f.content, f.path);
      if (typeof exports.run !== "function") {
        problems.push(`${f.path}: exports no run function`);
        return null;
      }
      return exports;
    } catch (error) {
      problems.push(`${f.path}: ${(error as Error)?.name ?? "Error"}: ${(error as Error)?.message ?? String(error)}`);
      return null;
    }
  };
  const nameOf = (f: HarnessFile, exports: Record<string, unknown>): string | null => {
    const name = typeof exports.name === "string" ? exports.name : nameFromPath(f.path);
    if (!NAME.test(name)) {
      problems.push(`${f.path}: name "${name}" must be lower_snake_case`);
      return null;
    }
    return name;
  };

  for (const f of files) {
    if (f.kind === "tool") {
      const exports = moduleOf(f);
      const name = exports && nameOf(f, exports);
      if (!exports || !name) continue;
      if (tools[name]) {
        problems.push(`${f.path}: tool "${name}" is also defined by ${tools[name].path}`);
        continue;
      }
      const run = exports.run as Tool["run"];
      tools[name] = {
        name,
        path: f.path,
        description: typeof exports.description === "string" ? exports.description : "",
        run: (api, args) => run.call(exports, api, args),
      };
      toolNames.push(name);
    } else if (f.kind === "hook") {
      if (!f.hookPosition || !(HOOK_POSITIONS as readonly string[]).includes(f.hookPosition)) {
        problems.push(`${f.path}: a hook needs a lifecycle position (${HOOK_POSITIONS.join(", ")})`);
        continue;
      }
      const exports = moduleOf(f);
      const name = exports && nameOf(f, exports);
      if (!exports || !name) continue;
      const run = exports.run as Hook["run"];
      hooks[f.hookPosition].push({ name, path: f.path, position: f.hookPosition, run: (ctx) => run.call(exports, ctx) });
    }
  }
  if (problems.length > 0) throw new HarnessLoadError(problems);

  const prompt = files.filter((f) => f.kind === "prompt").map((f) => f.content.trimEnd()).join("\n\n");
  const toolList = toolNames.map((n) => `- ${n}: ${tools[n].description}`).join("\n");
  return {
    id,
    files,
    config,
    systemPrompt: `${prompt}\n\nTools:\n${toolList}`.trim(),
    tools,
    toolNames,
    hooks,
    skills: files.filter((f) => f.kind === "skill").map((f) => f.content.trim()),
    disabled: new Set(),
    trusted: files.every((f) => (f.kind !== "tool" && f.kind !== "hook") || isTrustedCode(f.content)),
    setRandom: realm.setRandom,
  };
}

/** The problems of a file set, or [] when it loads (for scoring generated patches). */
export function harnessProblems(files: readonly HarnessFile[]): string[] {
  try {
    loadHarness(files);
    return [];
  } catch (error) {
    if (error instanceof HarnessLoadError) return error.problems;
    throw error;
  }
}
