import { describe, expect, it } from "vitest";
import { rowErrorsOf } from "../../app/components/admin/form-utils";

describe("rowErrorsOf: a list field's messages by row", () => {
  it("reads a top-level list: the list's own message and each row's first", () => {
    const errors = {
      phones: "Phone numbers may have at most 20 entries.",
      "phones.2.value": "Bad number",
      "phones.2.label": "x",
    };
    expect(rowErrorsOf(errors, "phones")).toEqual({
      list: "Phone numbers may have at most 20 entries.",
      rows: { 2: "Bad number" },
    });
  });

  it("reads a list under a path (the settings' notification lists), not its neighbours", () => {
    const errors = { "notifications.quotes.1": "Each address must be valid.", "notifications.services.0": "Other list" };
    expect(rowErrorsOf(errors, "notifications.quotes")).toEqual({ list: undefined, rows: { 1: "Each address must be valid." } });
  });
});
