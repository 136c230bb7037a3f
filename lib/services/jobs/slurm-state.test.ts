import { describe, expect, it } from "vitest";
import { parseExitCode, parseSacct, parseSbatchOutput, parseScontrol, parseSqueue, phaseOf } from "./slurm-state";

// Outputs as Slurm 22.05 prints them (shared/slurm/README.md and this machine).
describe("Slurm output parsing", () => {
  it("reads sbatch --parsable, also on multi-cluster setups", () => {
    expect(parseSbatchOutput("7\n")).toBe("7");
    expect(parseSbatchOutput("12;cluster\n")).toBe("12");
    expect(parseSbatchOutput("sbatch: error: Batch job submission failed\n")).toBeNull();
  });

  it("reads squeue lines for the right job only", () => {
    expect(parseSqueue("3|RUNNING|None\n", "3")).toEqual({ state: "RUNNING", phase: "running", exitCode: null, reason: null });
    expect(parseSqueue("4|PENDING|Resources\n", "4")).toEqual({ state: "PENDING", phase: "queued", exitCode: null, reason: "Resources" });
    expect(parseSqueue("", "3")).toBeNull();
    expect(parseSqueue("31|RUNNING|None\n", "3")).toBeNull();
  });

  it("reads scontrol show job -o: state, reason, exit code and signal", () => {
    const failed = "JobId=2 JobName=wrap UserId=root(0) JobState=FAILED Reason=NonZeroExitCode Dependency=(null) ExitCode=3:0 RunTime=00:00:00";
    expect(parseScontrol(failed)).toEqual({ state: "FAILED", phase: "failed", exitCode: 3, reason: "Slurm state FAILED, NonZeroExitCode" });
    const cancelled = "JobId=3 JobName=longjob JobState=CANCELLED Reason=None Dependency=(null) ExitCode=0:15";
    expect(parseScontrol(cancelled)).toEqual({ state: "CANCELLED", phase: "cancelled", exitCode: null, reason: "Slurm state CANCELLED, signal 15" });
    expect(parseScontrol("JobId=5 JobState=COMPLETED Reason=None ExitCode=0:0")).toEqual({ state: "COMPLETED", phase: "succeeded", exitCode: 0, reason: null });
    expect(parseScontrol("slurm_load_jobs error: Invalid job id specified")).toBeNull();
  });

  it("reads sacct -c lines, ignoring job steps and 'by UID' suffixes", () => {
    expect(parseSacct("2|FAILED|3:0\n3|CANCELLED by 0|0:0\n", "3")).toEqual({ state: "CANCELLED", phase: "cancelled", exitCode: 0, reason: "Slurm state CANCELLED" });
    expect(parseSacct("7.batch|COMPLETED|0:0\n7|COMPLETED|0:0\n", "7")?.phase).toBe("succeeded");
    expect(parseSacct("", "7")).toBeNull();
  });

  it("maps every state to a phase", () => {
    expect(["PENDING", "RUNNING", "COMPLETING", "COMPLETED", "CANCELLED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL"].map(phaseOf))
      .toEqual(["queued", "running", "running", "succeeded", "cancelled", "failed", "failed", "failed"]);
    expect(parseExitCode("garbage")).toEqual({ exitCode: null, signal: null });
  });
});
