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
  /** What reaches the dashboard through it: metrics, rollouts, groups — and what does not. */
  arrives: string;
  /** The trainer release its integration was tested against (null: no trainer of its own). */
  testedWith: string | null;
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
      arrives: "Whatever you log: metrics per step, rollouts with their turns, GRPO groups, harness versions, proposals.",
      testedWith: null,
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
      note: "Registers a harness_lab tracker backend; verl builds its tracker inside the Ray TaskRunner, so Ray's setup hook installs it there.",
      code: [
        `# ${install}`,
        env,
        `python3 -m verl.trainer.main_ppo ... trainer.logger='["console","harness_lab"]' \\`,
        `  +ray_kwargs.ray_init.runtime_env.worker_process_setup_hook=harness_lab.integrations.verl.install`,
        `# rollouts: add trainer.rollout_data_dir=./outputs/rollout_data and run the follower below`,
      ].join("\n"),
      arrives: "Metrics per step (verl's tracker carries scalars only). Rollouts from its rollout dumps through the follower.",
      testedWith: "verl b178a3c",
    },
    {
      id: "trl",
      title: "TRL (GRPOTrainer)",
      language: "python",
      note: "A TrainerCallback: it reads each step's completions from its trainer; it never raises into training.",
      arrives: "Metrics per step; every completion as a rollout (prompt, completion, each reward function's value, advantage) in groups of num_generations; a train() that raises marks the run failed.",
      testedWith: "TRL 1.13.0, transformers 5.17",
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
      note: "A TrainingCallback with SkyRL's on_X(trainer, callback_input, control) hooks; configuration from the HARNESS_LAB_* variables.",
      code: [
        `# ${install}`,
        `# ${env.split("\n").join("\n# ")}`,
        "from harness_lab.integrations.skyrl import HarnessLabCallback",
        "",
        `trainer.add_callback(HarnessLabCallback(experiment=${quoteDouble(experiment)}))   # or RayPPOTrainer(..., callbacks=[...])`,
      ].join("\n"),
      arrives: "Metrics per step and checkpoints. No rollouts: no SkyRL hook carries generations; its eval dumps come in through the follower.",
      testedWith: "SkyRL a956457",
    },
    {
      id: "prime-rl",
      title: "prime-rl",
      language: "python",
      note: "A monitor appended to prime_rl.monitors.MONITORS after setup (prime-rl has no hook for custom monitors): metrics and episodes.",
      code: [
        `# ${install}`,
        `# ${env.split("\n").join("\n# ")}`,
        "from harness_lab.integrations.prime_rl import HarnessLabMonitor, register",
        "",
        "# in the orchestrator, after `await monitors.setup(...)`:",
        `register(HarnessLabMonitor(experiment=${quoteDouble(experiment)}))`,
      ].join("\n"),
      arrives: "Metrics per step; each episode once as a rollout (marked when the effective filter left it out), grouped per step.",
      testedWith: "prime-rl 559b447",
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
      arrives: "Metrics per step; episodes as rollouts with their whole dialog, in their trajectory groups; eval results.",
      testedWith: "rllm 9beb6e0",
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
        `# TRL:  GRPOConfig(output_dir="./outputs", log_completions=True); add --reward-weights to get TRL's combined reward`,
      ].join("\n"),
      arrives: "What the trainers write as files: verl's metrics and rollout dumps, rllm's episodes, prime-rl's metrics and episodes (each once), TRL's completions, SkyRL's eval dumps (SkyRL writes no training metrics to files).",
      testedWith: "the files of verl b178a3c, rllm 9beb6e0, prime-rl 559b447, SkyRL a956457 and TRL 1.13 writers",
    },
    {
      id: "typescript",
      title: "TypeScript",
      language: "typescript",
      note: "The client in lib/client: batches, retries and keeps the order of events.",
      arrives: "Any event of the contract, in order.",
      testedWith: null,
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
