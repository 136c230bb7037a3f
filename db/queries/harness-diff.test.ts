import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getHarnessDiffSides } from "./harness-diff";
import { compareHarnessFiles } from "../../lib/harness-diff/file-changes";
import { harnessDiffEvents, harnessDiffIds, PREPARE_PATCH_H1 } from "../../test/fixtures/harness-diff/versions";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  expect(applyEvents(store, harnessDiffEvents("q"))).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

describe("getHarnessDiffSides", () => {
  const ids = harnessDiffIds("q");

  it("loads both versions with each file's content, kind and hook position", () => {
    const { base, candidate } = getHarnessDiffSides(store, ids.base, ids.candidate);
    expect(base).toMatchObject({ id: ids.base, label: "H0", experimentName: "Harness diff q" });
    expect(candidate?.label).toBe("H1-candidate");
    expect(candidate?.files).toContainEqual({ path: "tools/prepare_patch.py", kind: "tool", hookPosition: null, content: PREPARE_PATCH_H1 });
    expect(candidate?.files).toContainEqual(expect.objectContaining({ path: "hooks/report_failures.py", kind: "hook", hookPosition: "pre_action" }));
  });

  it("feeds the comparison: one modified tool, one added hook, one removed prompt", () => {
    const { base, candidate } = getHarnessDiffSides(store, ids.base, ids.candidate);
    const changed = compareHarnessFiles(base?.files ?? [], candidate?.files ?? []).filter((c) => c.status !== "unchanged");
    expect(changed.map((c) => [c.path, c.status, c.added, c.removed])).toEqual([
      ["hooks/report_failures.py", "added", 5, 0],
      ["prompts/legacy_hint.md", "removed", 0, 1],
      ["tools/prepare_patch.py", "modified", 4, 2],
    ]);
  });

  it("says which side is missing", () => {
    const sides = getHarnessDiffSides(store, ids.base, "q:nope");
    expect(sides.base?.id).toBe(ids.base);
    expect(sides.candidate).toBeNull();
  });
});
