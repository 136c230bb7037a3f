// The import-direction rule of the declared layers (eslint.config.mjs says which folder is which layer).
// One local rule instead of a pattern list per folder: the repository imports by relative path ("../../db/client")
// as often as by alias ("@/db/client"), so a rule must resolve each specifier to a repository path before it can
// tell which layer the import reaches into. Type-only imports are told apart because some edges allow them
// (a component may name a row type of a query, never call one).
import path from "node:path";

/** Repository-relative path ("db/queries/curves") of a specifier, or null for a package ("zod", "node:fs"). */
export function repoPathOf(specifier, fromFile, root) {
  let absolute;
  if (specifier.startsWith("@/")) absolute = path.join(root, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
    absolute = path.resolve(path.dirname(fromFile), specifier);
  } else return null;
  return path.relative(root, absolute).split(path.sep).join("/").replace(/\.(m?[jt]sx?)$/, "");
}

// Whether a declared prefix names this path: a folder or a file without extension, where a "*" segment stands for
// any one folder ("lib/*/pure": the pure code of every service folder).
function prefixMatches(repoPath, prefix) {
  const want = prefix.split("/");
  const have = repoPath.split("/");
  if (have.length < want.length) return false;
  return want.every((segment, i) => segment === "*" || segment === have[i]);
}

/** The layer of a repository path: the most specific declared prefix (most segments, then longest) wins. */
export function layerOf(repoPath, layers) {
  let best = null;
  for (const [layer, prefixes] of Object.entries(layers)) {
    for (const prefix of prefixes) {
      if (!prefixMatches(repoPath, prefix)) continue;
      const rank = [prefix.split("/").length, prefix.replaceAll("*", "").length];
      if (!best || rank[0] > best.rank[0] || (rank[0] === best.rank[0] && rank[1] > best.rank[1])) best = { layer, rank };
    }
  }
  return best?.layer ?? null;
}

function isTypeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

export const layerImports = {
  meta: {
    type: "problem",
    docs: { description: "Imports follow the declared layers: pure lib, db, server services, components, app, programs." },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          layers: { type: "object" },
          forbidden: { type: "array" },
        },
        required: ["root", "layers", "forbidden"],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "Layer {{from}} must not import {{what}} ({{target}}): {{why}}",
    },
  },
  create(context) {
    const { root, layers, forbidden } = context.options[0];
    const file = context.filename;
    const own = path.relative(root, file).split(path.sep).join("/").replace(/\.(m?[jt]sx?)$/, "");
    const from = layerOf(own, layers);
    if (!from) return {};
    const rules = forbidden.filter((r) => r.from.includes(from));
    if (rules.length === 0) return {};

    function check(node, source, typeOnly) {
      if (!source || typeof source.value !== "string") return;
      const specifier = source.value;
      const repoPath = repoPathOf(specifier, file, root);
      const target = repoPath === null ? null : layerOf(repoPath, layers);
      for (const rule of rules) {
        if (typeOnly && rule.allowTypeImports) continue;
        const hitsLayer = target !== null && (rule.layers ?? []).includes(target);
        const hitsModule = repoPath === null && (rule.modules ?? []).some((m) => specifier === m || specifier.startsWith(m + "/"));
        if (hitsLayer || hitsModule) {
          context.report({
            node: source,
            messageId: "forbidden",
            data: { from, what: hitsLayer ? `the ${target} layer` : "a server-only module", target: specifier, why: rule.why },
          });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === "type"),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.source, true),
    };
  },
};

export default { rules: { "layer-imports": layerImports } };
