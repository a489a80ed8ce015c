import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Paragraphs, paragraphs } from "../../app/components/paragraphs";

/** The one rule for staff-written text on the public pages (product, About, home, services, categories). */
describe("paragraphs", () => {
  it("starts a new paragraph at a blank line and keeps a single line break inside its paragraph", () => {
    expect(paragraphs("Built for heat.\nAnd dust.\n\nServiced in minutes.")).toEqual([
      ["Built for heat.", "And dust."],
      ["Serviced in minutes."],
    ]);
  });

  it("reads Windows line ends, blank lines of spaces and runs of blank lines alike", () => {
    const expected = [["One", "two"], ["Three"]];
    expect(paragraphs("One\r\ntwo\r\n\r\nThree")).toEqual(expected);
    expect(paragraphs("One\ntwo\n   \t\nThree")).toEqual(expected);
    expect(paragraphs("\n\n  One  \n two\n\n\n\nThree\n")).toEqual(expected);
  });

  it("has no paragraphs for an empty text", () => {
    expect(paragraphs("")).toEqual([]);
    expect(paragraphs(" \n \n")).toEqual([]);
  });

  it("draws one <p> per paragraph, its lines separated by <br>", () => {
    expect(renderToStaticMarkup(<Paragraphs text={"A\nB\n\nC"} className="mt-4" />)).toBe(
      '<p class="mt-4">A<br/>B</p><p class="mt-4">C</p>',
    );
    expect(renderToStaticMarkup(<Paragraphs text="One line only." />)).toBe("<p>One line only.</p>");
    expect(renderToStaticMarkup(<Paragraphs text="" className="mt-4" />)).toBe("");
  });
});
