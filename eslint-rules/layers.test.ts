// Proves the house rules of eslint.config.mjs fire: each probe is a small file written into the folder of one
// layer that breaks one rule (or closes a cycle), linted with the ESLint Node API against the real config. A rule
// that stopped firing (a layer renamed, a path no longer resolved) fails here instead of passing silently.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESLint } from "eslint";

const root = path.resolve(import.meta.dirname, "..");
const probeName = `lint-probe-${process.pid}`;
const written: string[] = [];

function probe(relativeDir: string, file: string, text: string): string {
  const dir = path.join(root, relativeDir, probeName);
  mkdirSync(dir, { recursive: true });
  if (!written.includes(dir)) written.push(dir);
  const filePath = path.join(dir, file);
  writeFileSync(filePath, text);
  return filePath;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});
afterAll(() => {
  for (const dir of written) rmSync(dir, { recursive: true, force: true });
});

async function messagesOf(filePath: string): Promise<{ ruleId: string | null; message: string; severity: number }[]> {
  const [result] = await eslint.lintFiles([filePath]);
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, severity: m.severity }));
}

const layerErrors = (messages: Awaited<ReturnType<typeof messagesOf>>) =>
  messages.filter((m) => m.ruleId === "layers/layer-imports" && m.severity === 2);

describe("import-direction rules", () => {
  it("pure lib may not import db (alias path)", async () => {
    const file = probe("lib/stats", "reads-store.ts", 'import { getStore } from "@/db/client";\nexport const s = getStore;\n');
    const errors = layerErrors(await messagesOf(file));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain("Layer pure must not import the db layer (@/db/client)");
  });

  it("pure lib may not import a server service, even for a type (relative path)", async () => {
    const file = probe("lib/curves", "names-user.ts", 'import type { UserRow } from "../../services/auth/users";\nexport type U = UserRow;\n');
    expect(layerErrors(await messagesOf(file))[0]?.message).toContain("Layer pure must not import the service layer");
  });

  it("pure lib may not import next/server or server-only", async () => {
    const file = probe("lib/results", "answers.ts", 'import "server-only";\nimport { NextResponse } from "next/server";\nexport const r = NextResponse;\n');
    const errors = layerErrors(await messagesOf(file));
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining("a server-only module (server-only)"),
      expect.stringContaining("a server-only module (next/server)"),
    ]);
  });

  it("db may not import a server service", async () => {
    const file = probe("db/mutations", "calls-jobs.ts", 'import { startJobSupervisor } from "../../../lib/services/jobs/supervisor";\nexport const s = startJobSupervisor;\n');
    expect(layerErrors(await messagesOf(file))[0]?.message).toContain("Layer db must not import the service layer");
  });

  it("components may import a db row type but not a db value", async () => {
    const typeOnly = probe("components/runs", "names-row.tsx", 'import type { RunStepRow } from "@/db/queries/run-steps";\nexport type R = RunStepRow;\n');
    expect(layerErrors(await messagesOf(typeOnly))).toEqual([]);
    const inlineType = probe("components/runs", "names-row-inline.tsx", 'import { type RunStepRow } from "@/db/queries/run-steps";\nexport type R = RunStepRow;\n');
    expect(layerErrors(await messagesOf(inlineType))).toEqual([]);
    const value = probe("components/runs", "calls-query.tsx", 'import { getStore } from "@/db/client";\nexport const s = getStore;\n');
    expect(layerErrors(await messagesOf(value))[0]?.message).toContain("Layer components must not import the db layer");
  });

  it("product code may not import a program", async () => {
    const fromApp = probe("app", "route-probe.ts", 'import { runBench } from "@/programs/bench/run";\nexport const b = runBench;\n');
    expect(layerErrors(await messagesOf(fromApp))[0]?.message).toContain("Layer app must not import the program layer");
    const fromService = probe("lib/services/jobs", "runs-demo.ts", 'export { runReferenceExperiment } from "../../../../programs/reference-experiment/run/harnessadapt";\n');
    expect(layerErrors(await messagesOf(fromService))[0]?.message).toContain("Layer service must not import the program layer");
  });

  it("a service may not name a table: it reads and writes through db's queries and mutations", async () => {
    const file = probe("lib/services/auth", "writes-users.ts", 'import { eq } from "drizzle-orm";\nimport { users } from "../../../../db/schema";\nexport const x = [eq, users];\n');
    const errors = layerErrors(await messagesOf(file));
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining("Layer service must not import a server-only module (drizzle-orm)"),
      expect.stringContaining("Layer service must not import the tables layer (../../../../db/schema)"),
    ]);
    const throughDb = probe("lib/services/auth", "calls-mutation.ts", 'import { insertSession } from "../../../../db/mutations/auth";\nexport const x = insertSession;\n');
    expect(layerErrors(await messagesOf(throughDb))).toEqual([]);
  });

  it("a service folder's pure/ subfolder is pure code, checked as such", async () => {
    const file = probe("lib/services/jobs/pure", "reads-store.ts", 'import { getStore } from "../../../../../db/client";\nexport const s = getStore;\n');
    expect(layerErrors(await messagesOf(file))[0]?.message).toContain("Layer pure must not import the db layer");
    const service = probe("lib/services/jobs/pure", "calls-service.ts", 'import { startJobSupervisor } from "../../supervisor";\nexport const s = startJobSupervisor;\n');
    expect(layerErrors(await messagesOf(service))[0]?.message).toContain("Layer pure must not import the service layer");
  });

  it("programs may import the product", async () => {
    const file = probe("programs/bench", "uses-store.ts", 'import { getStore } from "@/db/client";\nimport { median } from "@/lib/stats/median";\nexport const x = [getStore, median];\n');
    expect(layerErrors(await messagesOf(file))).toEqual([]);
  });
});

describe("no import cycles", () => {
  it("two modules importing each other are an error", async () => {
    const a = probe("lib/stats", "cycle-a.ts", 'import { b } from "./cycle-b";\nexport const a = () => b();\n');
    probe("lib/stats", "cycle-b.ts", 'import { a } from "./cycle-a";\nexport const b = (): unknown => a;\n');
    const cycles = (await messagesOf(a)).filter((m) => m.ruleId === "import-x/no-cycle" && m.severity === 2);
    expect(cycles).toHaveLength(1);
    expect(cycles[0].message).toMatch(/cycle/i);
  });
});
