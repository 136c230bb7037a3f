// Nothing the browser loads may import zod. zod v4 probes `new Function("")` when it builds an object schema, and
// the pages' Content-Security-Policy (script-src without 'unsafe-eval') reports that probe as a violation on every
// page that loads it — the first landing of the live pages failed the e2e suite this way, through
// components/api-queries.ts → lib/live/live-query.ts. Schemas stay on the server (routes, db); the browser gets plain
// types and functions. This walks the value imports (not `import type`, which the compiler erases) from every
// "use client" module, as the bundler does, and names the chain that reaches zod.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The modules a file imports for their values: packages by name, project files by path. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specs.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const isClientModule = (file: string) => /^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*["']use client["']/.test(fs.readFileSync(file, "utf8"));

/** Every chain from a client module to `pkg` (one per client module, the first found). */
function chainsTo(pkg: string): string[] {
  const clients = [...sourceFiles(path.join(ROOT, "app")), ...sourceFiles(path.join(ROOT, "components"))].filter(isClientModule);
  const chains: string[] = [];
  for (const client of clients) {
    const seen = new Set<string>();
    const queue: string[][] = [[client]];
    while (queue.length) {
      const chain = queue.shift()!;
      const file = chain[chain.length - 1];
      if (seen.has(file)) continue;
      seen.add(file);
      const found = valueImports(file).find((spec) => spec === pkg || spec.startsWith(`${pkg}/`));
      if (found) {
        chains.push([...chain.map((f) => path.relative(ROOT, f)), found].join(" → "));
        break;
      }
      for (const spec of valueImports(file)) {
        const next = resolve(file, spec);
        if (next && !seen.has(next)) queue.push([...chain, next]);
      }
    }
  }
  return chains;
}

describe("the browser bundle", () => {
  it("finds client modules and follows their imports (the walk itself works)", () => {
    // @tanstack/react-query is what the client components do use: a walk that cannot find it finds nothing.
    expect(chainsTo("@tanstack/react-query").length).toBeGreaterThan(5);
  });

  it("imports no zod from any client module, however indirectly", () => {
    expect(chainsTo("zod")).toEqual([]);
  });
});
