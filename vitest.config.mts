import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      // `server-only` throws outside a React server bundle; in unit tests the modules run on the server anyway.
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    environment: "node",
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**"],
    testTimeout: 30_000,
    pool: "forks",
  },
});
