import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseRayJob, rayEndReason, rayEntrypoint, raySubmitBody } from "./ray-api";

// The same hostile strings the real-Ray test sends (test/jobs/ray-jobs.test.ts), here through the local /bin/sh.
const HOSTILE = [
  "it's", `"double" 'single'`, "$(touch /tmp/hl-sh-pwned)", "`id`", "line one\nline two", "; touch /tmp/hl-sh-pwned2 ;", "", "-n", "--help",
  "héllo wörld ✓ 日本語 🎉", "$HOME ${PATH}", "back\\slash\\", "*", "  spaced   out  ", "'", `'\\''`, "&& echo x || true", "> /tmp/hl-sh-out < /etc/passwd",
  "tab\there\rcr", "!! #comment",
];

describe("rayEntrypoint", () => {
  it("gives sh exactly the argv, whatever the arguments hold", () => {
    const argv = [process.execPath, "-e", "process.stdout.write(JSON.stringify(process.argv.slice(1)))", ...HOSTILE];
    const out = execFileSync("/bin/sh", ["-c", rayEntrypoint(argv, "/tmp")], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(HOSTILE);
    for (const planted of ["/tmp/hl-sh-pwned", "/tmp/hl-sh-pwned2", "/tmp/hl-sh-out"]) expect(fs.existsSync(planted)).toBe(false);
  });

  it("enters the working directory first when there is one, and execs the command", () => {
    expect(rayEntrypoint(["python3", "train.py"], "/data/it's here")).toBe(`cd '/data/it'\\''s here' && exec 'python3' 'train.py'`);
    expect(rayEntrypoint(["python3", "train.py"], null)).toBe(`exec 'python3' 'train.py'`);
    expect(execFileSync("/bin/sh", ["-c", rayEntrypoint(["pwd"], "/tmp")], { encoding: "utf8" }).trim()).toBe("/tmp");
  });

  it("refuses a NUL byte (no shell can pass it) and an empty command", () => {
    expect(() => rayEntrypoint(["echo", "a\u0000b"], null)).toThrow(/NUL/);
    expect(() => rayEntrypoint([], null)).toThrow(/empty command/);
  });
});

describe("raySubmitBody", () => {
  it("puts the environment (the token with it) in runtime_env.env_vars and never in the entrypoint", () => {
    const body = raySubmitBody({
      jobId: "j1", argv: ["node", "run.mjs"], cwd: null, env: { HARNESS_LAB_URL: "http://lab:3000", HARNESS_LAB_TOKEN: "hl_secret_123" },
      resources: { cpus: 2, gpus: 1, memory: "4G", workingDir: "gcs://_ray_pkg_abc.zip", partition: "ignored-on-ray" },
    });
    expect(body).toEqual({
      entrypoint: "exec 'node' 'run.mjs'",
      submission_id: "harness-lab-j1",
      runtime_env: { env_vars: { HARNESS_LAB_URL: "http://lab:3000", HARNESS_LAB_TOKEN: "hl_secret_123" }, working_dir: "gcs://_ray_pkg_abc.zip" },
      metadata: { harness_lab_job: "j1" },
      entrypoint_num_cpus: 2, entrypoint_num_gpus: 1, entrypoint_memory: 4 * 1024 ** 3,
    });
    expect(body.entrypoint).not.toContain("hl_secret_123");
  });
});

describe("parseRayJob", () => {
  it("maps Ray's statuses to the job's, with the exit code of an ended job", () => {
    expect(parseRayJob({ status: "PENDING", message: "Job has not started yet." })).toEqual({ status: "PENDING", phase: "queued", exitCode: null, message: "Job has not started yet." });
    expect(parseRayJob({ status: "RUNNING", driver_exit_code: null })).toMatchObject({ phase: "running", exitCode: null });
    expect(parseRayJob({ status: "SUCCEEDED", driver_exit_code: 0 })).toMatchObject({ phase: "succeeded", exitCode: 0 });
    const failed = parseRayJob({ status: "FAILED", driver_exit_code: 3, message: "Job entrypoint command failed with exit code 3, last available logs:\nbad things" })!;
    expect(failed).toMatchObject({ phase: "failed", exitCode: 3, message: "Job entrypoint command failed with exit code 3, last available logs:" });
    expect(rayEndReason(failed)).toBe("Ray: FAILED, exit code 3, Job entrypoint command failed with exit code 3, last available logs:");
    expect(parseRayJob({ status: "STOPPED", message: "Job was intentionally stopped." })).toMatchObject({ phase: "cancelled", exitCode: null });
    expect(parseRayJob({ status: "SOMETHING_NEW" })).toBeNull();
    expect(parseRayJob("Job x does not exist")).toBeNull();
  });
});
