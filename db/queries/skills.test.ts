import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { exampleEvents } from "../../lib/events/examples";
import { MAX_CHECKED_CHARS } from "../../lib/skills/mechanism-check";
import { harnessR1Events, harnessR1Ids, SKILL_TEXTS } from "../../test/fixtures/harness-r1/events";
import { checkMechanismSkills, getSkillFacets, listSkills } from "./skills";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function seed(events: unknown[]) {
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

const ids = harnessR1Ids("fx");
const ALL = { page: 1, pageSize: 100 };

describe("listSkills", () => {
  it("orders mechanism, hint, bank, then by task key, with a skill without task last in its kind", () => {
    seed([...harnessR1Events("fx"), ...exampleEvents("other")]);
    const { total, rows } = listSkills(store, ids.experiment, {}, ALL);
    expect(total).toBe(4);
    // Task keys: "fx-cart-b" sorts before "fx-search-a".
    expect(rows.map((r) => r.id)).toEqual([ids.skills.flagged, ids.skills.clean, ids.skills.hint, ids.skills.bank]);
  });

  it("gives text, task, epoch and the source rollouts with their outcome", () => {
    seed(harnessR1Events("fx"));
    const clean = listSkills(store, ids.experiment, {}, ALL).rows.find((r) => r.id === ids.skills.clean)!;
    expect(clean).toMatchObject({
      kind: "mechanism", taskId: ids.taskA, taskKey: "fx-search-a", taskTitle: "Find a red shirt", epoch: 1,
      text: SKILL_TEXTS.clean, textChars: SKILL_TEXTS.clean.length, sourceCount: 2,
    });
    // Successes first: the pair teacher 1 compared reads success, then failure.
    expect(clean.sources).toEqual([
      { id: ids.solved, success: true, reward: 1 },
      { id: ids.failed[0], success: false, reward: 0 },
    ]);
    const bank = listSkills(store, ids.experiment, { kind: "bank" }, ALL).rows[0];
    expect(bank).toMatchObject({ taskId: null, taskKey: null, epoch: null, sourceCount: 0, sources: [] });
  });

  it("filters by kind and by task, and both", () => {
    seed(harnessR1Events("fx"));
    const idsOf = (filter: Parameters<typeof listSkills>[2]) => listSkills(store, ids.experiment, filter, ALL).rows.map((r) => r.id);
    expect(idsOf({ kind: "mechanism" })).toEqual([ids.skills.flagged, ids.skills.clean]);
    expect(idsOf({ kind: "hint" })).toEqual([ids.skills.hint]);
    expect(idsOf({ taskId: ids.taskA })).toEqual([ids.skills.clean, ids.skills.hint]);
    expect(idsOf({ kind: "mechanism", taskId: ids.taskA })).toEqual([ids.skills.clean]);
    expect(idsOf({ kind: "bank", taskId: ids.taskA })).toEqual([]);
  });

  it("keeps only the given ids, counting what is left", () => {
    seed(harnessR1Events("fx"));
    const result = listSkills(store, ids.experiment, { onlyIds: new Set([ids.skills.bank, "not-a-skill"]) }, ALL);
    expect(result.total).toBe(1);
    expect(result.rows.map((r) => r.id)).toEqual([ids.skills.bank]);
  });

  it("pages through the skills in the same order", () => {
    seed(harnessR1Events("fx"));
    const pages = [1, 2, 3].map((page) => listSkills(store, ids.experiment, {}, { page, pageSize: 2 }));
    expect(pages.map((p) => p.total)).toEqual([4, 4, 4]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual([ids.skills.flagged, ids.skills.clean, ids.skills.hint, ids.skills.bank]);
  });

  it("cuts a huge text at MAX_CHECKED_CHARS and says how long it is", () => {
    const huge = "plain words ".repeat(MAX_CHECKED_CHARS / 6);
    seed(exampleEvents("big").map((e) => (e.type === "skill" ? { ...e, text: huge } : e)));
    const [row] = listSkills(store, "big-exp", {}, ALL).rows;
    expect(row.text).toHaveLength(MAX_CHECKED_CHARS);
    expect(row.textChars).toBe(huge.length);
  });
});

describe("checkMechanismSkills", () => {
  it("runs the paper's rule over the mechanism skills only and names the flagged ones", () => {
    seed(harnessR1Events("fx"));
    const result = checkMechanismSkills(store, ids.experiment);
    expect(result.checked).toBe(2);
    // The hint names code too, but the rule is for mechanism-level skills.
    expect([...result.flaggedIds]).toEqual([ids.skills.flagged]);
    expect(checkMechanismSkills(store, ids.experiment, ids.taskA)).toEqual({ checked: 1, flaggedIds: new Set() });
  });
});

describe("getSkillFacets", () => {
  it("counts skills by kind and lists the tasks that have skills", () => {
    seed([...harnessR1Events("fx"), ...exampleEvents("other")]);
    expect(getSkillFacets(store, ids.experiment)).toEqual({
      byKind: { mechanism: 2, hint: 1, bank: 1 },
      tasks: [
        { id: ids.taskB, key: "fx-cart-b", title: null, skills: 1 },
        { id: ids.taskA, key: "fx-search-a", title: "Find a red shirt", skills: 2 },
      ],
      withoutTask: 1,
    });
    expect(getSkillFacets(store, "nope")).toEqual({ byKind: { mechanism: 0, hint: 0, bank: 0 }, tasks: [], withoutTask: 0 });
  });
});
