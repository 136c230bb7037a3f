// The house rules that are checked, not kept by habit: which folder is which layer, which way imports may go,
// and no import cycles (type-only ones are checked by eslint-rules/import-cycles.mjs, run after ESLint).
// `npm run lint` runs it first in `npm test`; eslint-rules/layers.test.ts proves each rule fires. The layers (README, "Layout"):
//   pure     lib/ (outside lib/services, lib/client, lib/files, lib/os): logic with no I/O — contract, statistics,
//            curves, views, formats. Runs on the server and in the browser; imports only other pure code and packages.
//   client   the TypeScript client of the event contract (any Node process: trainers, jobs, importers).
//   platform node helpers that know the operating system, not the product (private files).
//   tables   db/schema: the tables themselves. Only db (queries, mutations, applyEvents) names a table; a service
//            reads and writes through db's functions, so every write has one home.
//   db       the one write door (applyEvents), queries returning rows, mutations, migrations.
//   service  lib/services: auth, jobs, importers, ingestion, sync/follow, export, backup, the server's startup.
//   components  React UI; may name db row types, never call db.
//   app      routes, pages, server actions, the proxy.
//   program  programs/ beside the product (the reference experiment and its job, benches, the reliability run,
//            the CLI) and test support. They may import anything; nothing of the product imports them.
// A layer is one line to read, and a folder: pure code that belongs to a service's topic lives in that service's
// `pure/` subfolder ("lib/services/*/pure"), so no file is declared on its own; the most specific prefix wins.
import path from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import layers from "./eslint-rules/layer-imports.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));

export const LAYERS = {
  // Everything in lib/ is pure unless a more specific prefix below says otherwise: the folder tells the layer.
  pure: ["lib", "lib/services/*/pure"],
  platform: ["lib/files", "lib/os"],
  client: ["lib/client"],
  tables: ["db/schema"],
  db: ["db"],
  // lib/services: auth, backup, export, follow, importers, ingest, jobs, server, sync. The pure code of a service's
  // topic lives in its pure/ subfolder (auth/pure/principal, jobs/pure/template-schema, follow/pure/formats, …).
  service: ["lib/services"],
  components: ["components"],
  app: ["app", "proxy", "instrumentation"],
  program: [
    // programs/: the reference experiment and its job, the benches, the reliability run, the CLI.
    "programs", "test", "e2e", "scripts",
    // Test support beside the tests it serves.
    "lib/services/backup/test-support", "lib/services/importers/formats/swe-test-files",
    "lib/services/importers/formats/reader-test-files.test-helper", "lib/services/importers/import-cli.test-helper",
  ],
};

const SERVER_MODULES = ["server-only", "next/server", "next/headers", "next/cache", "better-sqlite3", "drizzle-orm"];
const PRODUCT = ["pure", "platform", "client", "tables", "db", "service", "components", "app"];

export const FORBIDDEN = [
  {
    from: ["pure"], layers: ["tables", "db", "service", "components", "app", "program"], modules: SERVER_MODULES,
    why: "pure lib runs on the server and in the browser; it takes data as arguments and never reaches a store or server code.",
  },
  {
    from: ["client"], layers: ["tables", "db", "service", "components", "app", "program"], modules: SERVER_MODULES,
    why: "the client runs in any Node process (trainers, jobs); it knows the contract, not the server.",
  },
  {
    from: ["platform"], layers: ["tables", "db", "service", "components", "app", "program"],
    why: "platform helpers (private files) know the operating system, not the product; db and services build on them.",
  },
  {
    from: ["db", "tables"], layers: ["service", "components", "app", "program"],
    why: "db is the floor under the services: they call it, it never calls them back (pass what it needs as arguments).",
  },
  {
    from: ["service", "components", "app"], layers: ["tables"], modules: ["drizzle-orm"],
    why: "only db names a table: read through db/queries, write through db/mutations or applyEvents, so every write has one home.",
  },
  {
    from: ["components"], layers: ["db"], allowTypeImports: true,
    why: "components may name a row type, never call the store: a page loads the rows and passes them down.",
  },
  {
    from: ["components"], layers: ["app", "program"],
    why: "components are used by pages, not the other way round, and never by programs' code.",
  },
  {
    from: ["service"], layers: ["components", "app", "program"],
    why: "server services are called by routes and programs; they never import them.",
  },
  {
    from: PRODUCT, layers: ["program"],
    why: "programs (reference experiment, benches, reliability, CLI, tests) stay apart from the product.",
  },
];

export default [
  { ignores: ["node_modules/**", ".next/**", "data/**", "test-results/**", "playwright-report/**", "clients/**", "next-env.d.ts"] },
  {
    files: ["**/*.{ts,tsx,mts}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: "off" },
    plugins: { layers, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
    },
    rules: {
      "layers/layer-imports": ["error", { root, layers: LAYERS, forbidden: FORBIDDEN }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Tests exercise a layer from outside (a store for a query's test, a bench fixture): the direction rule is for
    // the code they test, cycles still count.
    files: ["**/*.test.{ts,tsx}", "**/*.spec.ts", "**/*.test-data.ts"],
    rules: { "layers/layer-imports": "off" },
  },
];
