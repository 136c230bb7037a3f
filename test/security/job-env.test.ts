// A job starts from an allow-list of the server's environment: what a program needs to run (PATH, locale,
// proxies, Slurm's config, the GPUs it was given), never the server's secrets. The e2e proof that a real
// job's environment lacks the admin token is e2e/security-logs.spec.ts.
import { describe, expect, it } from "vitest";
import { inheritedEnv } from "../../lib/services/jobs/job-config";

describe("inheritedEnv", () => {
  it("passes the allow-listed variables and nothing else", () => {
    const server: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      PATH: "/usr/bin",
      HOME: "/home/lab",
      LC_ALL: "C.UTF-8",
      HTTPS_PROXY: "http://proxy:3128",
      SLURM_CONF: "/etc/slurm/slurm.conf",
      CUDA_VISIBLE_DEVICES: "0",
      HARNESS_LAB_ADMIN_TOKEN: "hl_admin-secret",
      HARNESS_LAB_SLURMRESTD_TOKEN: "eyJ.jwt.secret",
      HARNESS_LAB_DB: "/data/lab.db",
      AWS_SECRET_ACCESS_KEY: "aws-secret",
      OPENAI_API_KEY: "sk-secret",
      NODE_OPTIONS: "--require /tmp/evil.js",
      LD_PRELOAD: "/tmp/evil.so",
      PATHX: "not PATH",
    };
    expect(inheritedEnv(server)).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/lab",
      LC_ALL: "C.UTF-8",
      HTTPS_PROXY: "http://proxy:3128",
      SLURM_CONF: "/etc/slurm/slurm.conf",
      CUDA_VISIBLE_DEVICES: "0",
    });
  });
});
