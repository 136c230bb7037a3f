// The launch form's preselection: the incumbent harness version (the promoted candidate while its promotion
// stands, H0 after it is taken back) and the latest policy checkpoint, each marked in its label.
import { describe, expect, it } from "vitest";
import { openStore } from "../client";
import { applyEvents } from "../apply-events";
import { listLaunchChoices } from "./launch-choices";
import { exampleEvents } from "../../lib/events/examples";

describe("listLaunchChoices", () => {
  it("suggests the incumbent and the latest policy checkpoint, and follows a promotion", () => {
    const store = openStore(":memory:");
    expect(applyEvents(store, [
      ...exampleEvents("lc"),
      { type: "checkpoint", id: "lc-ckpt-late", experiment: "lc-exp", role: "policy", step: 9 },
      { type: "checkpoint", id: "lc-target", experiment: "lc-exp", role: "target", step: 20 },
    ]).ok).toBe(true);
    const before = listLaunchChoices(store, "lc-exp");
    // The example's proposal was accepted: its candidate is the incumbent H1.
    expect(before.suggested).toEqual({ checkpoint: "lc-ckpt-late", harness_version: "lc-h1" });
    expect(before.checkpoint.filter((c) => c.label.endsWith(" — latest")).map((c) => c.id)).toEqual(["lc-ckpt-late"]);
    expect(before.harness_version.filter((c) => c.label.includes("— incumbent"))).toEqual([{ id: "lc-h1", label: expect.stringMatching(/ — incumbent H1$/) }]);

    // A reject takes the promotion back: H0 is the incumbent again.
    expect(applyEvents(store, [{ type: "decision", id: "lc-reject", proposal: "lc-prop", verdict: "reject", actor: "acceptance-rule" }]).ok).toBe(true);
    const after = listLaunchChoices(store, "lc-exp");
    expect(after.suggested.harness_version).toBe("lc-h0");
    expect(after.harness_version.filter((c) => c.label.includes("— incumbent"))).toEqual([{ id: "lc-h0", label: expect.stringMatching(/ — incumbent H0$/) }]);
  });
});
