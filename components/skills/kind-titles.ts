// The three skill variants the paper compares (DOMAIN.md), in the words the page uses for them.
import type { SKILL_KINDS } from "@/lib/domain/vocabulary";

type SkillKind = (typeof SKILL_KINDS)[number];

export const KIND_TITLES: Record<SkillKind, string> = {
  mechanism: "mechanism-level",
  hint: "near-answer hint",
  bank: "skill bank",
};

/** Section headings of the skills page. */
export const KIND_HEADINGS: Record<SkillKind, string> = {
  mechanism: "Mechanism-level skills",
  hint: "Near-answer hints",
  bank: "Skill bank",
};

export const KIND_NOTES: Record<SkillKind, string> = {
  mechanism: "When and why a repair strategy applies; no repository paths, code symbols or literal code. Given in training only.",
  hint: "Concrete fixes close to the answer.",
  bank: "Generic procedures, not tied to one task.",
};
