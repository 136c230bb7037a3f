// Proves the cycle check of `npm run lint` (import-cycles.mjs) finds what ESLint's import-x/no-cycle lets through —
// two files importing each other's types, a Python module importing its importer under `if TYPE_CHECKING:` — on a
// small tree written for the test, and that the repository itself has none (issue 42: 0 import cycles).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the lint (no types of its own)
import { cyclesOf, importCycles } from "./import-cycles.mjs";

const repo = path.resolve(import.meta.dirname, "..");
let tree = "";

function write(files: Record<string, string>): string {
  tree = mkdtempSync(path.join(os.tmpdir(), "cycles-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, name)), { recursive: true });
    writeFileSync(path.join(tree, name), text);
  }
  return tree;
}

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = "";
});

describe("the import-cycle check", () => {
  it("names a cycle of type-only imports, through the @/ alias too", () => {
    const root = write({
      "lib/services/jobs/runtime.ts": 'import { check } from "./runner";\nexport interface Runtime { n: number }\nexport const tick = () => check;\n',
      "lib/services/jobs/runner.ts": 'import type { Runtime } from "@/lib/services/jobs/runtime";\nexport const check = (r: Runtime) => r.n;\n',
      "components/a.tsx": 'import { b } from "./b";\nexport const a = b;\n',
      "components/b.tsx": "export const b = 1;\n",
    });
    expect(importCycles(root)).toEqual([["lib/services/jobs/runner.ts", "lib/services/jobs/runtime.ts"]]);
  });

  it("names a Python module that imports its importer under TYPE_CHECKING", () => {
    const root = write({
      "clients/python/pkg/__init__.py": "from .client import Client\n",
      "clients/python/pkg/client.py": "from . import events, ids\nfrom .run import Run\n",
      "clients/python/pkg/run.py": "from typing import TYPE_CHECKING\nfrom . import events\nif TYPE_CHECKING:\n    from .client import Client\n",
      "clients/python/pkg/events.py": "from .ids import make\n",
      "clients/python/pkg/ids.py": "def make(): pass\n",
    });
    expect(importCycles(root)).toEqual([["clients/python/pkg/client.py", "clients/python/pkg/run.py"]]);
  });

  it("finds loops longer than two and keeps separate loops apart", () => {
    const edges = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a", "d"]], ["d", []], ["e", ["f"]], ["f", ["e"]]]);
    expect(cyclesOf(edges)).toEqual([["a", "b", "c"], ["e", "f"]]);
  });

  it("finds none in this repository", () => {
    expect(importCycles(repo)).toEqual([]);
  });
});
