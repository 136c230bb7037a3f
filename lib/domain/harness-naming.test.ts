// The one naming of harness versions, on the shapes of the reference experiment (programs/reference-experiment): the producer's
// label, the promotion order and the files must never disagree silently.
import { describe, expect, it } from "vitest";
import { filesKey, incumbentSubject, nameHarnessVersions, promotionPhrase, promotionSubject, promotionSubjectText, type NamingFileRow } from "./harness-naming";

const version = (id: string, label: string, seq: number) => ({ id, label, createdAt: 1_000, seq });
const files = (versionId: string, ...hashes: string[]): NamingFileRow[] => hashes.map((h, i) => ({ versionId, path: `f${i}`, blobHash: h, kind: "tool", hookPosition: null }));
const file = (path: string, blobHash: string, hookPosition: string | null = null) => ({ path, blobHash, kind: hookPosition ? "hook" : "tool", hookPosition });

describe("nameHarnessVersions", () => {
  // Epoch 1 accepts nothing (H1 is recorded with H0's files); epoch 2's candidate is accepted — the first
  // promotion, so the store numbers it H1 — and the trainer records its files again as H2.
  const names = nameHarnessVersions({
    versions: [version("h0", "H0", 1), version("h1", "H1", 2), version("cand", "H1+reproduce_first", 3), version("h2", "H2", 4)],
    files: [...files("h0", "a"), ...files("h1", "a"), ...files("cand", "a", "b"), ...files("h2", "a", "b").reverse()],
    promotions: [{ harnessVersionId: "cand", kind: "promote", label: "H1" }],
  });

  it("says where the producer's label, the promotion order and the files disagree", () => {
    expect(names.nameOf("h0")).toBe("H0");
    expect(names.nameOf("h1")).toBe("H1 (same files as H0; incumbent H1 is H1+reproduce_first)");
    expect(names.nameOf("cand")).toBe("H1+reproduce_first (promoted as incumbent H1)");
    expect(names.nameOf("h2")).toBe("H2 (same files as H1+reproduce_first)");
  });

  it("shows identical versions as one: the earliest with the files stands for the rest, whatever the file order", () => {
    expect(names.byId.get("h1")?.representativeId).toBe("h0");
    expect(names.byId.get("h2")?.representativeId).toBe("cand");
    expect(names.byId.get("cand")?.representativeId).toBe("cand");
    expect(filesKey([file("x", "1"), file("y", "2")])).toBe(filesKey([file("y", "2"), file("x", "1")]));
    expect(filesKey([file("x", "1")])).not.toBe(filesKey([file("x", "2")]));
    // The same bytes run at another point of the episode are another harness (the diff calls it a moved hook).
    expect(filesKey([file("h.py", "1", "pre_action")])).not.toBe(filesKey([file("h.py", "1", "post_feedback")]));
    expect(filesKey([file("h.py", "1", "pre_action")])).toBe(filesKey([file("h.py", "1", "pre_action")]));
  });

  it("names the version a promotion promoted", () => {
    expect(promotionSubject({ kind: "promote", label: "H1", harnessVersionId: "cand" }, names)).toBe("H1+reproduce_first (numbered H1 in promotion order)");
  });

  it("adds nothing when the three agree (a trainer labels its promoted versions H1, H2 in order)", () => {
    const agree = nameHarnessVersions({
      versions: [version("h0", "H0", 1), version("h1", "H1", 2), version("h2", "H2", 3)],
      files: [...files("h0", "a"), ...files("h1", "b"), ...files("h2", "c")],
      promotions: [{ harnessVersionId: "h1", kind: "promote", label: "H1" }, { harnessVersionId: "h2", kind: "promote", label: "H2" }],
    });
    expect(["h0", "h1", "h2"].map(agree.nameOf)).toEqual(["H0", "H1", "H2"]);
    expect(promotionSubject({ kind: "promote", label: "H2", harnessVersionId: "h2" }, agree)).toBe("H2");
    expect(agree.nameOf("unknown")).toBe("unknown");
  });

  it("does not call a label taken when the promoted version holds the same files (the trainer re-recorded it)", () => {
    const resent = nameHarnessVersions({
      versions: [version("h0", "H0", 1), version("cand", "H0+x", 2), version("h1", "H1", 3)],
      files: [...files("h0", "a"), ...files("cand", "b"), ...files("h1", "b")],
      promotions: [{ harnessVersionId: "cand", kind: "promote", label: "H1" }],
    });
    expect(resent.nameOf("h1")).toBe("H1 (same files as H0+x)");
  });
});

// Issue 40, item 5: home said "H1 promoted to incumbent" (the promotion order's number) while "H1" was another
// version with H0's files; every page now says the promotion the same way, by the promoted version's own label.
describe("a promotion in words", () => {
  it("names the promoted version by its label and the promotion order's number beside it", () => {
    expect(promotionPhrase("promote", promotionSubjectText("H1", "H1+refuse_unhelpful_edit")))
      .toBe("promoted to incumbent H1+refuse_unhelpful_edit (numbered H1 in promotion order)");
    expect(promotionPhrase("promote", promotionSubjectText("H2", "H2"))).toBe("promoted to incumbent H2");
    expect(promotionPhrase("demote", promotionSubjectText("H1", "H1+x"))).toBe("demoted (H1+x (numbered H1 in promotion order) taken back)");
  });

  it("names the incumbent the same way on every page: its own label first, the initial version by its label alone", () => {
    expect(incumbentSubject({ label: "H1", versionLabel: "H1+refuse_unhelpful_edit", proposalId: "p" })).toBe("H1+refuse_unhelpful_edit (numbered H1 in promotion order)");
    expect(incumbentSubject({ label: "H2", versionLabel: "H2", proposalId: "p" })).toBe("H2");
    // Never promoted: the store calls it "H0" whatever its producer named it; the page says the producer's name.
    expect(incumbentSubject({ label: "H0", versionLabel: "baseline", proposalId: null })).toBe("baseline");
  });
});
