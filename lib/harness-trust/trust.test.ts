// The trust rule: which harness versions a launch must ask a reviewer to confirm.
import { describe, expect, it } from "vitest";
import { arrivalOf } from "./arrival";
import { isUnreviewed, type HarnessTrustFacts } from "./trust";

const facts = (over: Partial<HarnessTrustFacts> = {}): HarnessTrustFacts => ({
  arrivedVia: "ingest_token", origin: "proposal", firstInExperiment: false, reviewedBy: null, acceptedByPerson: false, ...over,
});

describe("isUnreviewed", () => {
  it("flags a version an ingest token or a job's token sent, and one stored before arrivals were recorded", () => {
    expect(isUnreviewed(facts())).toBe(true);
    expect(isUnreviewed(facts({ arrivedVia: "job_token" }))).toBe(true);
    expect(isUnreviewed(facts({ arrivedVia: "unknown" }))).toBe(true);
  });

  it("trusts what a person, an admin token or a local command wrote", () => {
    for (const arrivedVia of ["session", "admin_token", "local"] as const) expect(isUnreviewed(facts({ arrivedVia }))).toBe(false);
  });

  it("exempts the experiment's own H0, but not a later version that calls itself initial", () => {
    expect(isUnreviewed(facts({ origin: "initial", firstInExperiment: true }))).toBe(false);
    expect(isUnreviewed(facts({ origin: "initial", firstInExperiment: false }))).toBe(true);
    expect(isUnreviewed(facts({ origin: "proposal", firstInExperiment: true }))).toBe(true);
  });

  it("clears once a reviewer confirmed it or a person accepted its proposal", () => {
    expect(isUnreviewed(facts({ reviewedBy: "u1" }))).toBe(false);
    expect(isUnreviewed(facts({ acceptedByPerson: true }))).toBe(false);
  });
});

describe("arrivalOf", () => {
  it("names the kind of principal that sent a batch", () => {
    expect(arrivalOf({ kind: "user", scopes: ["ingest", "read", "admin"] })).toBe("session");
    expect(arrivalOf({ kind: "token", scopes: ["ingest", "read", "admin"] })).toBe("admin_token");
    expect(arrivalOf({ kind: "token", scopes: ["ingest"] })).toBe("ingest_token");
    expect(arrivalOf({ kind: "token", scopes: ["ingest"], jobId: "j" })).toBe("job_token");
  });
});
