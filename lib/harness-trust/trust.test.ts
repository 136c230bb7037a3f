// The trust rule: which harness versions a launch must ask a reviewer to confirm.
import { describe, expect, it } from "vitest";
import { arrivalOf, HARNESS_ARRIVALS, OUTSIDE_ARRIVALS } from "./arrival";
import { isUnreviewed, type HarnessTrustFacts } from "./trust";

const facts = (over: Partial<HarnessTrustFacts> = {}): HarnessTrustFacts => ({
  arrivedVia: "ingest_token", reviewedBy: null, acceptedByPerson: false, ...over,
});

describe("isUnreviewed", () => {
  it("flags a version an ingest token or a job's token sent, and one stored before arrivals were recorded", () => {
    expect(isUnreviewed(facts())).toBe(true);
    expect(isUnreviewed(facts({ arrivedVia: "job_token" }))).toBe(true);
    expect(isUnreviewed(facts({ arrivedVia: "unknown" }))).toBe(true);
  });

  it("trusts what a person, an admin token, a local command or the first start's reference experiment wrote", () => {
    for (const arrivedVia of ["session", "admin_token", "local", "first_start"] as const) expect(isUnreviewed(facts({ arrivedVia }))).toBe(false);
    // Every arrival is either of the two kinds: a new one cannot slip in trusted by omission.
    expect(HARNESS_ARRIVALS.filter((a) => !OUTSIDE_ARRIVALS.has(a))).toEqual(["session", "admin_token", "local", "first_start"]);
  });

  it("exempts no version for being its experiment's H0 (issue 36): an H0 a token sent is unreviewed", () => {
    // What the rule used to exempt; the facts no longer carry it, and a stray field changes nothing.
    const h0 = { origin: "initial", firstInExperiment: true };
    expect(isUnreviewed({ ...facts(), ...h0 } as HarnessTrustFacts)).toBe(true);
    expect(isUnreviewed({ ...facts({ arrivedVia: "job_token" }), ...h0 } as HarnessTrustFacts)).toBe(true);
    expect(isUnreviewed({ ...facts({ arrivedVia: "ingest_token", reviewedBy: "u1" }), ...h0 } as HarnessTrustFacts)).toBe(false);
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
    expect(arrivalOf({ kind: "token", scopes: ["ingest", "read"], firstStart: true })).toBe("first_start");
  });
});
