// The copy-ready snippets of the "Connect a trainer" page, one per way in, with this server's address and a
// token filled in. Pure and in one place, so the page, its test and the README say the same thing. The Python
// names are the harness_lab package's (clients/python); the follower and rllm ones are this server's.

export interface SnippetInput {
  /** This server's address as the trainer reaches it, e.g. "http://127.0.0.1:3000". */
  serverUrl: string;
  /** An ingest token, or null before one is minted (a placeholder is shown). */
  token: string | null;
  /** Experiment name used in the examples. */
  experiment?: string;
}

export interface Snippet {
  id: "python" | "verl" | "trl" | "skyrl" | "prime-rl" | "rllm" | "follow" | "typescript";
  title: string;
  language: "python" | "bash" | "typescript";
  /** One sentence on when to use it. */
  note: string;
  code: string;
}

export const TOKEN_PLACEHOLDER = "<ingest token: mint one above>";

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** A value safe inside a double-quoted Python/TS string or a single-quoted shell word. */
function quoteDouble(value: string): string {
  return JSON.stringify(value);
}
function quoteShell(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function trainerSnippets(input: SnippetInput): Snippet[] {
  const url = trimSlash(input.serverUrl);
  const token = input.token ?? TOKEN_PLACEHOLDER;
  const experiment = input.experiment ?? "my-experiment";
  const env = [
    `export HARNESS_LAB_URL=${quoteShell(url)}`,
    `export HARNESS_LAB_TOKEN=${quoteShell(token)}`,
    `export HARNESS_LAB_EXPERIMENT=${quoteShell(experiment)}`,
  ].join("\n");
  const install = "pip install ./clients/python   # from a clone of this repository";
  return [
    {
      id: "python",
      title: "Plain Python",
      language: "python",
      note: "Any training loop: log metrics and rollouts; sending happens on a background thread.",
      code: [
        `# ${install}`,
        "from harness_lab import Client",
        "",
        `client = Client(${quoteDouble(url)}, token=${quoteDouble(token)})`,
        `with client.run(${quoteDouble(experiment)}, "grpo-seed1") as run:`,
        "    for step in range(num_steps):",
        `        run.log_metrics(step, {"critic/score/mean": 0.4})`,
        `        run.log_rollout(step=step, task="django__django-11099", sample=0, reward=1.0, turns=[...])`,
        "client.close()",
      ].join("\n"),
    },
    {
      id: "verl",
      title: "verl",
      language: "bash",
      note: "Registers a harness_lab tracker backend; verl's own metrics keep their names.",
      code: [
        `# ${install}`,
        env,
        `# in your entry point, before the trainer starts:`,
        `#   from harness_lab.integrations.verl import install; install()`,
        `python3 -m verl.trainer.main_ppo ... trainer.logger='["console","harness_lab"]'`,
      ].join("\n"),
    },
    {
      id: "trl",
      title: "TRL (GRPOTrainer)",
      language: "python",
      note: "A TrainerCallback: on_log sends the trainer's logs, on_train_end flushes.",
      code: [
        `# ${install}`,
        "import os",
        `os.environ["HARNESS_LAB_URL"] = ${quoteDouble(url)}`,
        `os.environ["HARNESS_LAB_TOKEN"] = ${quoteDouble(token)}`,
        "from harness_lab.integrations.trl import HarnessLabCallback",
        "",
        `trainer = GRPOTrainer(..., callbacks=[HarnessLabCallback(experiment=${quoteDouble(experiment)})])`,
        "trainer.train()",
      ].join("\n"),
    },
    {
      id: "skyrl",
      title: "SkyRL",
      language: "python",
      note: "A TrainingCallback (on_step_end, on_log); configuration from the HARNESS_LAB_* variables.",
      code: [
        `# ${install}`,
        `# ${env.split("\n").join("\n# ")}`,
        "from harness_lab.integrations.skyrl import HarnessLabCallback",
        "",
        `callback = HarnessLabCallback(experiment=${quoteDouble(experiment)})`,
        "# pass it to your SkyRL trainer's callbacks",
      ].join("\n"),
    },
    {
      id: "prime-rl",
      title: "prime-rl",
      language: "python",
      note: "A Monitor (log_metrics, log_episodes) next to prime-rl's own.",
      code: [
        `# ${install}`,
        `# ${env.split("\n").join("\n# ")}`,
        "from harness_lab.integrations.prime_rl import HarnessLabMonitor",
        "",
        `monitor = HarnessLabMonitor(experiment=${quoteDouble(experiment)})`,
        "# add it to the orchestrator's monitors",
      ].join("\n"),
    },
    {
      id: "rllm",
      title: "rllm (no code)",
      language: "bash",
      note: "rllm's UI logger talks to this server directly: the token is the API key.",
      code: [
        `export RLLM_UI_URL=${quoteShell(`${url}/api/v1/rllm`)}`,
        `export RLLM_API_KEY=${quoteShell(token)}`,
        `python3 -m rllm.trainer ... trainer.logger="['console','ui']"`,
        `# or, through the harness_lab package: from harness_lab.integrations.rllm import install; install()`,
      ].join("\n"),
    },
    {
      id: "follow",
      title: "Followers (no code)",
      language: "bash",
      note: "Reads the files verl, prime-rl, SkyRL, TRL and rllm already write, while they write them.",
      code: [
        `npx harness-lab follow ./outputs --experiment ${quoteShell(experiment)} \\`,
        `  --server ${quoteShell(url)} --token ${quoteShell(token)}`,
        `# verl: trainer.logger='["console","file"]' trainer.rollout_data_dir=./outputs/rollout_data`,
        `# TRL:  GRPOConfig(output_dir="./outputs", log_completions=True)`,
      ].join("\n"),
    },
    {
      id: "typescript",
      title: "TypeScript",
      language: "typescript",
      note: "The client in lib/client: batches, retries and keeps the order of events.",
      code: [
        `import { HarnessLabClient } from "harness-lab/lib/client/harness-lab-client";`,
        "",
        `const client = new HarnessLabClient({ url: ${quoteDouble(url)}, token: ${quoteDouble(token)} });`,
        "await client.sendMany([",
        `  { type: "experiment", id: ${quoteDouble(experiment)}, name: ${quoteDouble(experiment)}, method: "grpo" },`,
        `  { type: "run", id: "grpo-seed1", experiment: ${quoteDouble(experiment)}, kind: "train", status: "running" },`,
        `  { type: "metrics", run: "grpo-seed1", step: 0, values: { "critic/score/mean": 0.4 } },`,
        "]);",
        "await client.close(); // flushes what is still buffered",
      ].join("\n"),
    },
  ];
}
