import { describe, expect, it } from "vitest";
import { LIST_CONTENT } from "../../shared/content/registry";

/**
 * The admin screens' texts come from each list declaration; SPEC §8 quotes them. The browser tests check that
 * a screen shows its declaration's text (tests/browser/admin-list-types.spec.ts); this checks the texts are
 * SPEC's, letter for letter (FAQ and core values came later: their texts follow the same pattern).
 */
const SPEC_TEXTS: Record<string, { empty: string; deleteFailed: string }> = {
  banner: { empty: "No banners found", deleteFailed: "Failed to delete banner" },
  industrial: { empty: "No industrials found", deleteFailed: "Failed to delete industrial" },
  testimonial: { empty: "No testimonials found", deleteFailed: "Failed to delete testimonial" },
  story: { empty: "No story sections found", deleteFailed: "Failed to delete story" },
  facility: { empty: "No facilities found", deleteFailed: "Failed to delete facility" },
  "team-member": { empty: "No team members found", deleteFailed: "Failed to delete team member" },
  service: { empty: "No services found", deleteFailed: "Failed to delete service" },
  "core-value": { empty: "No core values found", deleteFailed: "Failed to delete core value" },
  faq: { empty: "No questions found", deleteFailed: "Failed to delete question" },
};

describe("list declarations carry the SPEC §8 texts", () => {
  // A type added later has no SPEC text to hold to: only these are checked, and they must all still exist.
  it.each(Object.entries(SPEC_TEXTS))("%s: empty list and failed delete", (name, texts) => {
    const c = LIST_CONTENT.find((l) => l.name === name);
    expect(c, `list type ${name}`).toBeDefined();
    const { empty, deleteFailed } = c!.admin.texts;
    expect({ empty, deleteFailed }).toEqual(texts);
  });
});
