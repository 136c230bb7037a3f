import { describe, expect, it } from "vitest";
import { TOKEN_PLACEHOLDER, trainerSnippets } from "./trainer-snippets";

describe("trainer snippets", () => {
  const snippets = trainerSnippets({ serverUrl: "https://lab.example.org:8443/", token: "hl_abc123", experiment: "gsm8k" });
  const byId = Object.fromEntries(snippets.map((s) => [s.id, s]));

  it("has one snippet per way in, in the page's order", () => {
    expect(snippets.map((s) => s.id)).toEqual(["python", "review-gate", "verl", "trl", "skyrl", "prime-rl", "rllm", "follow", "typescript"]);
  });

  it("fills in the server address (without a trailing slash) and the token everywhere", () => {
    for (const s of snippets) {
      expect(s.code, s.id).toContain("hl_abc123");
      expect(s.code, s.id).toContain("https://lab.example.org:8443");
      expect(s.code, s.id).not.toContain("8443/'");
      expect(s.code, s.id).not.toContain(TOKEN_PLACEHOLDER);
    }
  });

  it("uses the Python package's fixed names", () => {
    expect(byId.python!.code).toContain("from harness_lab import Client");
    expect(byId.python!.code).toContain(`client = Client("https://lab.example.org:8443", token="hl_abc123")`);
    expect(byId.python!.code).toContain(`with client.run("gsm8k", "grpo-seed1") as run:`);
    expect(byId.python!.code).toMatch(/run\.log_metrics\(step, \{"critic\/score\/mean": 0\.5\}\)/);
    expect(byId.python!.code).toContain("client.close()");
    expect(byId["review-gate"]!.code).toContain(`with client.run("gsm8k", "evolve-seed1") as run:`);
    expect(byId["review-gate"]!.code).toContain("decision = client.wait_for_decision(proposal, timeout=3600)");
    // verl builds its tracker in the Ray TaskRunner: install() in the entry point alone never reaches it.
    expect(byId.verl!.code).toContain("+ray_kwargs.ray_init.runtime_env.worker_process_setup_hook=harness_lab.integrations.verl.install");
    expect(byId.verl!.code).toContain(`trainer.logger='["console","harness_lab"]'`);
    expect(byId.skyrl!.code).toContain(`trainer.add_callback(HarnessLabCallback(experiment="gsm8k"))`);
    expect(byId["prime-rl"]!.code).toContain(`register(HarnessLabMonitor(experiment="gsm8k"))`);
    expect(byId.trl!.code).toContain("from harness_lab.integrations.trl import HarnessLabCallback");
    expect(byId.trl!.code).toContain(`GRPOTrainer(..., callbacks=[HarnessLabCallback(experiment="gsm8k")])`);
    expect(byId.skyrl!.code).toContain("from harness_lab.integrations.skyrl import HarnessLabCallback");
    expect(byId["prime-rl"]!.code).toContain("from harness_lab.integrations.prime_rl import HarnessLabMonitor");
    expect(byId.rllm!.code).toContain("from harness_lab.integrations.rllm import install");
  });

  it("says for each trainer what arrives and which release it was tested against", () => {
    for (const s of snippets) expect(s.arrives, s.id).toMatch(/\w/);
    expect(byId.trl!.arrives).toMatch(/rollout/);
    expect(byId.skyrl!.arrives).toMatch(/^Metrics per step and checkpoints\. No rollouts/);
    expect(byId.verl!.arrives).toMatch(/scalars only/);
    expect(Object.fromEntries(snippets.map((s) => [s.id, s.testedWith]))).toMatchObject({
      verl: "verl b178a3c", trl: "TRL 1.13.0, transformers 5.17", skyrl: "SkyRL a956457", "prime-rl": "prime-rl 559b447", rllm: "rllm 9beb6e0",
    });
  });

  it("runs as pasted: no names left for the reader to define, no elided arguments", () => {
    // The e2e (e2e/connect-snippets.spec.ts) runs these two; here, that nothing in them is a placeholder.
    for (const id of ["python", "review-gate"] as const) {
      expect(byId[id]!.code, id).not.toMatch(/\.\.\.|num_steps|<[a-z ]+>/);
    }
  });

  it("marks the snippet that reads (the review gate): only it needs a token with read", () => {
    expect(snippets.filter((s) => s.needsRead).map((s) => s.id)).toEqual(["review-gate"]);
    expect(byId["review-gate"]!.note).toMatch(/tick “waits for reviews”/);
  });

  it("says beside each trainer's snippet what it sends: metrics, rollouts, groups", () => {
    expect(byId.verl!.arrives).toMatch(/Rollouts, with their GRPO groups, .*through the follower/);
    expect(byId.python!.arrives).toMatch(/GRPO group/);
    expect(byId.trl!.arrives).toMatch(/groups of num_generations/);
    expect(byId["prime-rl"]!.arrives).toMatch(/grouped per step/);
    expect(byId.rllm!.arrives).toMatch(/trajectory groups/);
  });

  it("points rllm's UI logger at this server's rllm path with the token as its key", () => {
    expect(byId.rllm!.code).toContain("export RLLM_UI_URL='https://lab.example.org:8443/api/v1/rllm'");
    expect(byId.rllm!.code).toContain("export RLLM_API_KEY='hl_abc123'");
    // The logger names the experiment by rllm's project, and the token writes into its own experiment only.
    expect(byId.rllm!.code).toContain("trainer.project_name='gsm8k'");
  });

  it("gives the follower command with its target", () => {
    expect(byId.follow!.code).toContain("harness-lab follow ./outputs --experiment 'gsm8k'");
    expect(byId.follow!.code).toContain("--server 'https://lab.example.org:8443' --token 'hl_abc123'");
  });

  it("shows a placeholder before a token is minted, and quotes what it fills in", () => {
    const before = trainerSnippets({ serverUrl: "http://127.0.0.1:3000", token: null });
    for (const s of before) expect(s.code, s.id).toContain(TOKEN_PLACEHOLDER);
    const odd = trainerSnippets({ serverUrl: "http://h", token: "a'b\"c", experiment: "x" });
    const follow = odd.find((s) => s.id === "follow")!.code;
    expect(follow).toContain(`--token 'a'\\''b"c'`);
    expect(odd.find((s) => s.id === "python")!.code).toContain(`token="a'b\\"c"`);
  });
});
