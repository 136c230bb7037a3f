// The first-start reference experiment runs as a child of `serve`; like a job, it must not inherit the server's
// secrets (issue 13: the admin token in the environment was readable by whatever that child runs).
import { describe, expect, it } from "vitest";
import { referenceExperimentEnv } from "./first-start-demo";

describe("referenceExperimentEnv", () => {
  it("passes the allow-listed variables and its own token, never the server's admin token or store", () => {
    const env = referenceExperimentEnv("hl_reference", {
      PATH: "/usr/bin", LANG: "C.UTF-8", HARNESS_LAB_ADMIN_TOKEN: "hl_admin_secret", HARNESS_LAB_DB: "/srv/lab/store.db",
      HARNESS_LAB_SLURMRESTD_TOKEN: "jwt", AWS_SECRET_ACCESS_KEY: "aws",
    });
    expect(env).toEqual({ PATH: "/usr/bin", LANG: "C.UTF-8", NEXT_TELEMETRY_DISABLED: "1", HARNESS_LAB_TOKEN: "hl_reference" });
  });
});
