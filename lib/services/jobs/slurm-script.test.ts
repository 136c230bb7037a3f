import { afterAll, describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sbatchDirectives, shellQuote, slurmBatchScript, type SlurmSandbox, type SlurmScriptInput } from "./slurm-script";
import { bwrapArgs, dropPrivilegesArgv } from "./sandbox";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-sbatch-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const HOSTILE = ["; rm -rf /", "$(touch PWNED)", "`touch PWNED`", "it's", `"double"`, "a b", "--flag", "$HOME", "\\", "'", "''", "*", "!", "é ✓", ""];

function input(overrides: Partial<SlurmScriptInput> = {}): SlurmScriptInput {
  const tokenFile = path.join(tmp, ".token");
  fs.writeFileSync(tokenFile, "hl_secret");
  return {
    jobId: "0123456789abcdef", logPath: "/data/jobs/0123/job.log", tokenFile, cwd: tmp,
    argv: [process.execPath, "-e", "process.stdout.write(JSON.stringify({ argv: process.argv.slice(1), env: process.env.NOTE, token: process.env.HARNESS_LAB_TOKEN, cwd: process.cwd() }))", ...HOSTILE],
    env: { NOTE: "x'; echo $(id) `id` \"y\"" },
    resources: { partition: "debug", cpus: 2, gpus: 1, memory: "4G", timeLimitMinutes: 30 },
    ...overrides,
  };
}

describe("slurmBatchScript", () => {
  it("passes every argument and env value through bash literally (nothing is executed, nothing splits)", () => {
    const script = slurmBatchScript(input());
    const file = path.join(tmp, "job.sbatch");
    fs.writeFileSync(file, script);
    // The same bash Slurm runs the script with; #SBATCH lines are comments to it.
    const out = JSON.parse(execFileSync("bash", [file], { cwd: "/", encoding: "utf8" }));
    expect(out.argv).toEqual(HOSTILE);
    expect(out.env).toBe("x'; echo $(id) `id` \"y\"");
    expect(out.token).toBe("hl_secret");
    expect(fs.realpathSync(out.cwd)).toBe(fs.realpathSync(tmp));
    expect(fs.existsSync(path.join(tmp, "PWNED"))).toBe(false);
    expect(fs.existsSync("/PWNED")).toBe(false);
    expect(script).not.toContain("hl_secret");
  });

  it("writes the resources as #SBATCH lines and keeps output appended to the job's log", () => {
    expect(sbatchDirectives(input())).toEqual([
      "#SBATCH --job-name=harness-lab-01234567", "#SBATCH --output=/data/jobs/0123/job.log", "#SBATCH --open-mode=append", "#SBATCH --no-requeue",
      "#SBATCH --partition=debug", "#SBATCH --cpus-per-task=2", "#SBATCH --gres=gpu:1", "#SBATCH --mem=4G", "#SBATCH --time=30",
    ]);
    expect(sbatchDirectives(input({ resources: {} }))).toHaveLength(4);
  });

  it.each(["/data/my jobs/job.log", "/data/jobs/%j.log", "/data/jobs/job.log\n#SBATCH --wrap=id"])("refuses a log path sbatch would misread: %j", (logPath) => {
    expect(() => slurmBatchScript(input({ logPath }))).toThrow(/cannot write "#SBATCH/);
  });

  it("refuses env names that are not names and a NUL anywhere", () => {
    expect(() => slurmBatchScript(input({ env: { "A;B": "x" } }))).toThrow(/not an environment variable name/);
    expect(() => shellQuote("a\u0000b")).toThrow(/NUL/);
  });

  it("single-quotes with the '\\'' idiom", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote("")).toBe("''");
  });
});

describe("slurmBatchScript with the sandbox (the real bubblewrap, as on a node that has it)", () => {
  const run = (script: string) => {
    const file = path.join(tmp, "sandboxed.sbatch");
    fs.writeFileSync(file, script);
    const result = spawnSync("bash", [file], { cwd: "/", encoding: "utf8" });
    return { status: result.status, out: result.stdout, err: result.stderr };
  };
  const node = fs.realpathSync(process.execPath);
  const layout = (privileged: boolean) => bwrapArgs({
    workDir: tmp, cwd: tmp, home: path.resolve(__dirname, "../../.."), nodePrefix: path.dirname(path.dirname(node)), storeFile: null, jobsRoot: path.dirname(tmp),
    extraReadOnly: [], homeEntries: [], network: { kind: "shared" }, privileged,
  });
  const sandbox = (args?: string[]): SlurmSandbox => ({
    required: true, asRoot: { args: args ?? layout(true), drop: dropPrivilegesArgv({ uid: 65534, gid: 65534 }) }, asUser: { args: args ?? layout(false) },
  });
  // What the job sees: its pid, whether this test's process exists for it, the args, the token, its uid and capabilities.
  const probe = (argv: string[]) => input({
    argv: [node, "-e", `const status = require("fs").readFileSync("/proc/self/status", "utf8"); process.stdout.write(JSON.stringify({ pid: process.pid, parent: require("fs").existsSync("/proc/${process.pid}"), argv: process.argv.slice(1), token: process.env.HARNESS_LAB_TOKEN, uid: /Uid:\\s+(\\d+)/.exec(status)[1], capEff: /CapEff:\\s+(\\S+)/.exec(status)[1] }))`, ...argv],
  });

  it("runs the command inside bwrap: its own pid namespace, the same arguments and token, no privileges", () => {
    fs.chmodSync(tmp, 0o755); // the job user writes nothing here, but enters it (its working directory)
    const { status, out, err } = run(slurmBatchScript({ ...probe(HOSTILE), sandbox: sandbox() }));
    expect(status, err).toBe(0);
    const seen = JSON.parse(out);
    expect(seen.parent).toBe(false);
    expect(seen.pid).toBeLessThan(10);
    expect(seen.argv).toEqual(HOSTILE);
    expect(seen.token).toBe("hl_secret");
    expect(seen.capEff).toBe("0000000000000000");
    if (process.getuid!() === 0) expect(seen.uid).toBe("65534"); // the script ran as root: the job did not
  });

  it("fails the job where bwrap cannot run when the sandbox is required; runs it unconfined with a warning otherwise", () => {
    const broken = ["--no-such-bwrap-option"];
    const required = run(slurmBatchScript({ ...probe([]), sandbox: sandbox(broken) }));
    expect(required.status).toBe(1);
    expect(required.err).toMatch(/^harness-lab: HARNESS_LAB_JOB_SANDBOX=bwrap, but bubblewrap cannot run on .+: bwrap: Unknown option --no-such-bwrap-option/);
    expect(required.out).toBe("");
    const auto = run(slurmBatchScript({ ...probe([]), sandbox: { ...sandbox(broken), required: false } }));
    expect(auto.status).toBe(0);
    expect(JSON.parse(auto.out).parent).toBe(true);
    expect(auto.err).toMatch(/WARNING: this job is NOT confined/);
  });
});
