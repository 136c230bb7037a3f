import { defineConfig } from "vitest/config";
import os from "node:os";
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
    // One file more than there are cores: many tests wait on child processes (the CLI, servers, Slurm, Ray), so a
    // worker per core left the machine idle (on 2 cores: 380 s with 2 workers, 259 s with 3, 294 s with 4). The load
    // that adds cannot change a test's outcome through the reference experiment's task sandbox any more: its
    // wall-clock stop does not count attempts in which the process waited for a core (tasks/sandbox.ts).
    maxWorkers: os.availableParallelism() + 1,
  },
});
