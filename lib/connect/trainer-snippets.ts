// The copy-ready snippets of the "Connect a trainer" page, one per way in, with this server's address and a
// token filled in. Pure and in one place, so the page, its test and the README say the same thing. The Python
// names are the harness_lab package's (clients/python); the follower and rllm ones are this server's. The two
// plain-Python snippets run as they are (e2e/connect-snippets.spec.ts copies them off the page and runs them).

export interface SnippetInput {
  /** This server's address as the trainer reaches it, e.g. "http://127.0.0.1:3000". */
  serverUrl: string;
  /** An ingest token, or null before one is minted (a placeholder is shown). */
  token: string | null;
  /** Experiment name used in the examples. */
  experiment?: string;
}

export interface Snippet {
  id: "python" | "review-gate" | "verl" | "trl" | "skyrl" | "prime-rl" | "rllm" | "follow" | "typescript";
  title: string;
  language: "python" | "bash" | "typescript";
  /** One sentence on when to use it. */
  note: string;
  code: string;
  /** What reaches the dashboard through it: metrics, rollouts, groups — and what does not. */
  arrives: string;
  /** The trainer release its integration was tested against (null: no trainer of its own). */
  testedWith: string | null;
  /** Set when the snippet reads as well as sends: its token must be minted with the review gate ticked. */
  needsRead?: true;
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
      note: "Any training loop: log metrics and rollouts; sending happens on a background thread. Runs as it is; put your loop's values in place of the examples.",
      arrives: "What you log: metrics per step, rollouts with their turns, the samples of one prompt at one step as a GRPO group (so trainable rate and group pages work); also harness versions, proposals, evaluations.",
      testedWith: null,
      code: [
        `# ${install}`,
        "from harness_lab import Client",
        "",
        `client = Client(${quoteDouble(url)}, token=${quoteDouble(token)})`,
        `with client.run(${quoteDouble(experiment)}, "grpo-seed1") as run:`,
        "    for step in range(3):  # your training loop",
        `        run.log_metrics(step, {"critic/score/mean": 0.5})`,
        "        # the samples of one prompt at one step form a GRPO group; turns are chat messages",
        "        for sample, reward in enumerate([1.0, 0.0]):",
        `            run.log_rollout(step=step, task="django__django-11099", sample=sample, reward=reward,`,
        `                            turns=[{"role": "user", "content": "Fix the failing test"},`,
        `                                   {"role": "assistant", "content": "Patched utils.py"}])`,
        "client.close()",
      ].join("\n"),
    },
    {
      id: "review-gate",
      title: "Plain Python: the review gate",
      language: "python",
      note: "A trainer that proposes a harness change and waits until a reviewer approves or rejects it on the Proposals page. Its token needs read of this experiment: tick “waits for reviews” when minting. harness-v1/ and harness-v2/ are your harness's directories (tools/, hooks/, skills/, prompts/).",
      arrives: "The two harness versions with their files, the proposal (its run and round make it a new one each time), and back to the trainer: the reviewer's decision.",
      testedWith: null,
      needsRead: true,
      code: [
        `# ${install}`,
        "from harness_lab import Client",
        "",
        `client = Client(${quoteDouble(url)}, token=${quoteDouble(token)})`,
        `with client.run(${quoteDouble(experiment)}, "evolve-seed1") as run:`,
        `    h0 = run.harness_version_from_dir("harness-v1/", "H0")`,
        `    h1 = client.harness_version_from_dir(${quoteDouble(experiment)}, "harness-v2/", "H1", parent=h0, origin="proposal")`,
        `    proposal = run.proposal(base=h0, candidate=h1, title="Run the related tests before submitting", round=1)`,
        `    print("waiting for a review of", proposal, flush=True)`,
        "    decision = client.wait_for_decision(proposal, timeout=3600)  # Approve or Reject under Proposals",
        `    print("decided:", decision.status, "by", decision.actor)`,
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
        `# on a multi-node Ray cluster, pass the three HARNESS_LAB_* variables under +ray_kwargs.ray_init.runtime_env.env_vars`,
        `# rollouts: add trainer.rollout_data_dir=./outputs/rollout_data and run the follower below`,
      ].join("\n"),
      arrives: "Metrics per step (verl's tracker carries scalars only). Rollouts, with their GRPO groups, from verl's rollout dumps through the follower below.",
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
      note: "rllm's UI logger talks to this server directly: the token is the API key, and rllm's project is the experiment (the token writes into its own experiment only).",
      code: [
        `export RLLM_UI_URL=${quoteShell(`${url}/api/v1/rllm`)}`,
        `export RLLM_API_KEY=${quoteShell(token)}`,
        `python3 -m rllm.trainer ... trainer.logger="['console','ui']" trainer.project_name=${quoteShell(experiment)}`,
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
