import { describe, expect, it } from "vitest";
import { JobListQuery, parseJobFilters, toJobFilter } from "./api-query";

describe("job list filters", () => {
  it("maps the query names to the store's filter", () => {
    const parsed = JobListQuery.parse({ status: "running", executor: "local", experiment: "e1", kind: "evaluate", template: "t", launchedBy: "u1", before: "123", limit: "5" });
    expect(toJobFilter(parsed)).toEqual({ status: "running", executor: "local", experimentId: "e1", kind: "evaluate", templateId: "t", createdBy: "u1", before: 123, limit: 5 });
  });

  it("names the parameter of a bad value and refuses unknown ones", () => {
    const bad = JobListQuery.safeParse({ status: "sleeping" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ["status"], message: expect.stringContaining("queued") });
    expect(JobListQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(JobListQuery.safeParse({ colour: "red" }).success).toBe(false);
  });

  it("keeps the page's good filters and reports each bad one by name", () => {
    expect(parseJobFilters({ status: "failed", kind: "nope", executor: ["slurm", "local"], experiment: "" })).toEqual({
      query: { status: "failed", executor: "slurm" },
      problems: [expect.stringMatching(/^kind: must be one of/)],
    });
  });
});
