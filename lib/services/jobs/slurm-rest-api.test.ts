import { describe, expect, it } from "vitest";
import { fromWaitStatus, memoryMegabytes, parseJobAnswer, parseScontrolToken, parseSubmitAnswer, restSubmitBody } from "./slurm-rest-api";

// Answers shaped as this machine's slurmrestd 22.05.8 (OpenAPI v0.0.38) gave them.
const job = (fields: Record<string, unknown>) => ({ meta: {}, errors: [], jobs: [{ job_id: 49, ...fields }] });

describe("slurmrestd v0.0.38 requests", () => {
  it("puts every #SBATCH setting into job properties (slurmrestd does not read the script's directives)", () => {
    const body = restSubmitBody({
      jobId: "abcdef0123456789", script: "#!/bin/bash\nexec true\n", logPath: "/jobs/x/job.log", cwd: "/work",
      environment: { PATH: "/usr/bin" }, resources: { partition: "debug", cpus: 2, gpus: 1, memory: "4G", timeLimitMinutes: 10 },
    });
    expect(body).toEqual({
      script: "#!/bin/bash\nexec true\n",
      job: {
        name: "harness-lab-abcdef01", current_working_directory: "/work", standard_output: "/jobs/x/job.log", standard_error: "/jobs/x/job.log",
        open_mode: "append", requeue: false, environment: { PATH: "/usr/bin" }, partition: "debug", cpus_per_task: 2, gres: "gpu:1", memory_per_node: 4096, time_limit: 10,
      },
    });
    expect(Object.keys(restSubmitBody({ jobId: "j", script: "s", logPath: "l", cwd: "c", environment: {}, resources: {} }).job)).not.toContain("partition");
  });

  it("converts --mem text to megabytes", () => {
    expect([memoryMegabytes("512"), memoryMegabytes("512M"), memoryMegabytes("2G"), memoryMegabytes("1T"), memoryMegabytes("1500K")]).toEqual([512, 512, 2048, 1048576, 2]);
    expect(() => memoryMegabytes("4 GB")).toThrow(/whole number/);
  });
});

describe("slurmrestd v0.0.38 answers", () => {
  it("turns the raw wait status into an exit code or a signal", () => {
    expect(fromWaitStatus(0)).toEqual({ exitCode: 0, signal: null });
    expect(fromWaitStatus(768)).toEqual({ exitCode: 3, signal: null });
    expect(fromWaitStatus(9)).toEqual({ exitCode: null, signal: 9 });
    expect(fromWaitStatus(undefined)).toEqual({ exitCode: null, signal: null });
  });

  it("reads the submitted job's id, or the refusal", () => {
    expect(parseSubmitAnswer({ errors: [], job_id: 49, step_id: "BATCH" })).toEqual({ ok: true, id: "49" });
    expect(parseSubmitAnswer({ errors: [{ error_number: 2051, error: "Invalid partition name specified", description: "Batch job submission failed" }] }))
      .toEqual({ ok: false, error: "slurmrestd refused the job: Batch job submission failed (Slurm error 2051)" });
    expect(parseSubmitAnswer({ errors: [] })).toEqual({ ok: false, error: "slurmrestd answered without a job id" });
  });

  it("reads states: queued, running, completed, failed with exit 3, cancelled", () => {
    expect(parseJobAnswer(job({ job_state: "PENDING", state_reason: "Resources", exit_code: 0 }), "49")).toEqual({ kind: "known", state: { state: "PENDING", phase: "queued", exitCode: null, reason: "Resources" } });
    expect(parseJobAnswer(job({ job_state: "RUNNING", state_reason: "None", exit_code: 0 }), "49")).toEqual({ kind: "known", state: { state: "RUNNING", phase: "running", exitCode: null, reason: null } });
    expect(parseJobAnswer(job({ job_state: "COMPLETED", state_reason: "None", exit_code: 0 }), "49")).toEqual({ kind: "known", state: { state: "COMPLETED", phase: "succeeded", exitCode: 0, reason: null } });
    expect(parseJobAnswer(job({ job_state: "FAILED", state_reason: "NonZeroExitCode", exit_code: 768 }), "49"))
      .toEqual({ kind: "known", state: { state: "FAILED", phase: "failed", exitCode: 3, reason: "Slurm state FAILED, NonZeroExitCode" } });
    expect(parseJobAnswer(job({ job_state: "CANCELLED", state_reason: "None", exit_code: 9 }), "49"))
      .toEqual({ kind: "known", state: { state: "CANCELLED", phase: "cancelled", exitCode: null, reason: "Slurm state CANCELLED, signal 9" } });
  });

  it("knows an unknown job (error 2017) from other errors", () => {
    expect(parseJobAnswer({ errors: [{ description: "Unable to find JobId=99999", error_number: 2017, error: "Invalid job id specified" }], jobs: [] }, "99999")).toEqual({ kind: "unknown" });
    expect(parseJobAnswer(job({ job_state: "RUNNING" }), "50")).toEqual({ kind: "unknown" });
    expect(parseJobAnswer({ errors: [{ error_number: 1007, error: "Protocol authentication error" }] }, "1")).toEqual({ kind: "error", error: "slurmrestd: Protocol authentication error (Slurm error 1007)" });
  });

  it("reads the token scontrol prints", () => {
    expect(parseScontrolToken("SLURM_JWT=eyJhbGciOi.abc.def\n")).toBe("eyJhbGciOi.abc.def");
    expect(parseScontrolToken("scontrol: error: ...\n")).toBeNull();
  });
});
