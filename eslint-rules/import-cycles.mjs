// No import cycles anywhere, type-only imports included (issue 42). ESLint's import-x/no-cycle skips `import type`
// (no cycle at run time), yet two files that import each other's types are still one room with two doors: whoever
// edits one must read the other. This check reads every TypeScript file's imports (type-only, re-exports and
// dynamic ones included, as TypeScript's own pre-processor lists them) and the Python client's relative imports
// (`if TYPE_CHECKING:` ones included), finds the strongly connected groups of files and names each cycle.
// `npm run lint` runs it after ESLint: `node eslint-rules/import-cycles.mjs` exits 1 naming every cycle.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SKIP = new Set(["node_modules", ".next", "data", "test-results", "playwright-report", ".git", "__pycache__", ".venv"]);
const TS_FILE = /\.(ts|tsx|mts)$/;

function walk(dir, keep, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

/** The repository's TypeScript files, as the project compiles and lints them (declaration files aside). */
function typescriptFiles(root) {
  const files = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name === "clients") continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) walk(full, (n) => TS_FILE.test(n) && !n.endsWith(".d.ts"), files);
    else if (TS_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

function resolveTypescript(root, known, from, spec) {
  let base;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, path.join(base, "index.ts"), path.join(base, "index.tsx"), base.replace(/\.m?js$/, ".ts")];
  return candidates.find((c) => known.has(c)) ?? null;
}

function typescriptEdges(root) {
  const files = typescriptFiles(root);
  const known = new Set(files);
  const edges = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set();
    for (const imported of info.importedFiles) {
      const target = resolveTypescript(root, known, file, imported.fileName);
      if (target && target !== file) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  return edges;
}

/** `from . import a, b`, `from .a import x`, `from ..pkg.a import x` (relative imports: the package's own files). */
const PY_IMPORT = /^[ \t]*from[ \t]+(\.+)([\w.]*)[ \t]+import[ \t]+(\([\w\s,]+\)|[\w \t,]+)/gm;

function pythonEdges(root) {
  const files = walk(path.join(root, "clients"), (n) => n.endsWith(".py"), []);
  const known = new Set(files);
  const moduleFile = (dir, dotted) => {
    const base = path.join(dir, ...dotted.split(".").filter(Boolean));
    return [`${base}.py`, path.join(base, "__init__.py")].find((c) => known.has(c)) ?? null;
  };
  const edges = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const m of fs.readFileSync(file, "utf8").matchAll(PY_IMPORT)) {
      let dir = path.dirname(file);
      for (let up = 1; up < m[1].length; up += 1) dir = path.dirname(dir);
      if (m[2]) {
        const target = moduleFile(dir, m[2]);
        if (target) targets.add(target);
      } else {
        for (const name of m[3].replace(/[()]/g, "").split(",").map((n) => n.trim().split(/\s+/)[0]).filter(Boolean)) {
          const target = moduleFile(dir, name);
          if (target) targets.add(target);
        }
      }
    }
    // A package's __init__ re-exporting its modules is how Python packages are made, not a cycle to break.
    edges.set(file, [...targets].filter((t) => t !== file && !t.endsWith("__init__.py")));
  }
  return edges;
}

/** The groups of files that import each other, directly or round a loop (Tarjan's strongly connected components). */
export function cyclesOf(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (start) => {
    // Iterative, so a deep import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = edges.get(node) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** Every import cycle of the repository at `root`, each as its files relative to the root. */
export function importCycles(root) {
  const edges = new Map([...typescriptEdges(root), ...pythonEdges(root)]);
  return cyclesOf(edges).map((group) => group.map((f) => path.relative(root, f)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const cycles = importCycles(root);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(" ↔ ")}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s), type-only imports included: move what both sides need into a file of its own`);
    process.exit(1);
  }
}
