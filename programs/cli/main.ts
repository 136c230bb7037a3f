// Entry of the `harness-lab` CLI: one file per command under ./commands, loaded on demand.
const commands: Record<string, { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }> = {
  serve: { summary: "migrate, build if needed, and serve the dashboard on HOST:PORT", load: () => import("./commands/serve") },
  migrate: { summary: "apply the database migrations", load: () => import("./commands/migrate") },
  import: { summary: "import trajectories and reports from PATH… --experiment NAME [--server URL --token T | --db FILE]", load: () => import("./commands/import") },
  export: { summary: "write one experiment as an event-log directory that sync imports: EXPERIMENT_ID DIR [--db FILE]", load: () => import("./commands/export") },
  sync: { summary: "apply events-*.jsonl files from DIR [--server URL --token T | --db FILE]", load: () => import("./commands/sync") },
  follow: { summary: "follow a trainer's output files in DIR (verl, prime-rl, SkyRL, TRL, rllm) --experiment NAME [--server URL --token T | --db FILE] [--once]", load: () => import("./commands/follow") },
  backup: { summary: "copy the store to FILE with SQLite's online backup, safe while serving [--db STORE] [--force]", load: () => import("./commands/backup") },
  maintain: { summary: "bring the full-text index up to date and merge it (faster searches), safe while serving [--db STORE]", load: () => import("./commands/maintain") },
  restore: { summary: "replace the store with the backup FILE (refuses while a server has it open) [--db STORE] [--force]", load: () => import("./commands/restore") },
  "sign-in-link": { summary: "print a one-time sign-in link [--user NAME]", load: () => import("./commands/sign-in-link") },
  reliability: { summary: "crash safety, hostile input and concurrency against the server, one JSON object [--quick] [--only PART] [--seed N]", load: () => import("./commands/reliability") },
  bench: { summary: "run the benchmarks and print one JSON object", load: () => import("./commands/bench") },
  demo: { summary: "run the reference experiment [--seed N] [--size small|default] [--server URL --token T | --db FILE]", load: () => import("./commands/demo") },
  "reference-job": { summary: "one phase of the reference experiment, run as a job (train-epoch|compare-candidate|evaluate)", load: () => import("./commands/reference-job") },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(14)} ${c.summary}`);
  return `usage: harness-lab <command> [options]\n\ncommands:\n${lines.join("\n")}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`harness-lab: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  return (await command.load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`harness-lab: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
