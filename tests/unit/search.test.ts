import { describe, expect, it } from "vitest";
import { pageWindow } from "../../app/components/products/pagination";
import { ratingText, reviewSummary, roundToHalf, starRating } from "../../app/components/products/rating-stars";
import { shareTargets } from "../../app/components/share-links/share-links";
import { containsPattern, MAX_QUERY_LENGTH, MAX_QUERY_TERMS, normalizeQuery, searchTerms } from "../../server/content/search";
import { chooseSpelling, correctQuery, editDistance, similarity } from "../../server/content/search-spelling";
import { HIGHLIGHT_END, HIGHLIGHT_START, highlightParts, plainText } from "../../shared/lib/highlight";

describe("search query handling", () => {
  it("trims and collapses whitespace; blank means no query", () => {
    expect(normalizeQuery("  oil   free\tscrew \n")).toBe("oil free screw");
    expect(normalizeQuery("   ")).toBe("");
    expect(normalizeQuery(null)).toBe("");
    expect(normalizeQuery("x".repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it("splits into lower-case words without duplicates, at most MAX_QUERY_TERMS", () => {
    expect(searchTerms("Rotary SCREW rotary")).toEqual(["rotary", "screw"]);
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(MAX_QUERY_TERMS);
  });

  it("escapes the LIKE pattern characters", () => {
    expect(containsPattern("screw")).toBe("%screw%");
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\d")).toBe("%c:\\\\d%");
  });
});

describe("highlighted text", () => {
  const m = (w: string) => `${HIGHLIGHT_START}${w}${HIGHLIGHT_END}`;
  it("splits marked text into plain and marked parts", () => {
    expect(highlightParts(`The ${m("oil")}-${m("free")} range`)).toEqual([
      { text: "The ", marked: false },
      { text: "oil", marked: true },
      { text: "-", marked: false },
      { text: "free", marked: true },
      { text: " range", marked: false },
    ]);
    expect(highlightParts("nothing marked")).toEqual([{ text: "nothing marked", marked: false }]);
    expect(highlightParts("")).toEqual([]);
  });
  it("drops stray markers instead of showing them", () => {
    expect(highlightParts(`a${HIGHLIGHT_END}b ${HIGHLIGHT_START}c`)).toEqual([
      { text: "ab ", marked: false },
      { text: "c", marked: true },
    ]);
    expect(plainText(`The ${m("oil")} range`)).toBe("The oil range");
  });
});

describe("pagination window", () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, null, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [10, 10, [1, null, 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, null, 10]],
  ])("page %i of %i", (page, count, expected) => {
    expect(pageWindow(page, count)).toEqual(expected);
  });
});

describe("rating stars", () => {
  it.each([
    [4.7, 4.5],
    [4.8, 5],
    [4.2, 4],
    [4.25, 4.5],
    [0, 0],
    [7, 5],
    [-1, 0],
  ])("%f shows %f stars", (rating, stars) => {
    expect(roundToHalf(rating)).toBe(stars);
  });

  it("says the rating with one decimal at most", () => {
    expect(ratingText(4.7)).toBe("4.7");
    expect(ratingText(4)).toBe("4");
    expect(ratingText(4.66)).toBe("4.7");
  });

  it("a product's rating is the average and number of the rated testimonials about it; none rated, none", () => {
    expect(reviewSummary([{ star: "4" }, { star: "5" }, { star: null }])).toEqual({ average: 4.5, count: 2 });
    expect(reviewSummary([{ star: "5" }])).toEqual({ average: 5, count: 1 });
    expect(reviewSummary([{ star: null }, { star: "" }])).toBeNull();
    expect(reviewSummary([])).toBeNull();
  });

  it("reads a testimonial's stars as a whole number from 1 to 5, anything else as not rated", () => {
    expect(["1", "5", " 3 "].map(starRating)).toEqual([1, 5, 3]);
    expect(["0", "6", "4.5", "x", "", null].map(starRating)).toEqual([null, null, null, null, null, null]);
  });
});

describe("share links", () => {
  it("put the page URL and title in each service's share URL", () => {
    const url = "https://www.pneuma-air.example/products/a/b";
    const byName = Object.fromEntries(shareTargets(url, "PN & Co", "Short.").map((t) => [t.name, t.href]));
    expect(byName.WhatsApp).toBe(`https://wa.me/?text=${encodeURIComponent(`PN & Co – ${url}`)}`);
    expect(byName.LinkedIn).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    expect(byName.Facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(byName.X).toBe(`https://x.com/intent/post?text=PN%20%26%20Co&url=${encodeURIComponent(url)}`);
    const mail = new URL(byName["E-mail"]!);
    expect(mail.searchParams.get("subject")).toBe("PN & Co");
    expect(mail.searchParams.get("body")).toBe(`Short.\n\n${url}`);
  });
});

describe("spelling (did you mean)", () => {
  const lexicon = (words: string[]) => ({ words, known: new Set(words) });
  const catalogue = lexicon(["compressor", "compressors", "screw", "rotary", "dryer", "drive", "scroll", "receiver", "oil"]);

  it("measures trigram similarity as pg_trgm does", () => {
    // pg_trgm: similarity('word', 'two words') = 0.363636 (F.35.2 of the PostgreSQL 16 documentation's example).
    expect(similarity("word", "two words")).toBeCloseTo(0.363636, 5);
    expect(similarity("screw", "screw")).toBe(1);
    expect(editDistance("drier", "dryer")).toBe(1);
    expect(editDistance("drier", "drive")).toBe(2);
  });

  it("corrects unknown words to the nearest catalogue word, keeps known words, prefixes and numbers", () => {
    expect(correctQuery("compresor", catalogue)).toBe("compressor");
    expect(correctQuery("rotary scrw", catalogue)).toBe("rotary screw");
    expect(correctQuery("drier", catalogue)).toBe("dryer");
    expect(correctQuery("oil-free 15", catalogue)).toBeNull();
    expect(correctQuery("compress", catalogue)).toBeNull();
    expect(correctQuery("xyzzy", catalogue)).toBeNull();
  });
});

describe("forgiving search: which results to show (issue 29)", () => {
  const mark = (w: string) => `${HIGHLIGHT_START}${w}${HIGHLIGHT_END}`;
  const product = (name: string, text: string) => ({
    id: name,
    name,
    slug: name,
    text,
    price: null,
    mainImage: "",
    categoryName: "",
    categorySlug: "",
  });
  const results = (...products: ReturnType<typeof product>[]) => ({ products, categories: [], services: [], faqs: [] });
  const inText = results(product("PN-RS 15 Rotary Screw Compressor", `Delivers ${mark("drier")} air.`));
  const byName = (n: number) => results(...Array.from({ length: n }, (_, i) => product(`Air ${mark("Dryer")} ${i}`, "")));

  it("shows the correction's results when the words found nothing, or only incidental matches", () => {
    const none = results();
    expect(chooseSpelling(none, "dryer", byName(1), false)).toEqual({
      results: byName(1),
      spelling: { kind: "replaced", corrected: "dryer", found: 0 },
    });
    expect(chooseSpelling(inText, "dryer", byName(3), false).spelling).toEqual({
      kind: "replaced",
      corrected: "dryer",
      found: 1,
    });
  });

  it("shows the correction's results when they are many times more, even if the words matched a name", () => {
    const named = results(product(`${mark("Drier")} Kit`, ""));
    expect(chooseSpelling(named, "dryer", byName(5), false).spelling.kind).toBe("replaced");
  });

  it("only offers a correction that is better but not clearly, or when asked for the words exactly", () => {
    const named = results(product(`${mark("Drier")} Kit`, ""));
    expect(chooseSpelling(named, "dryer", byName(3), false)).toEqual({
      results: named,
      spelling: { kind: "offered", corrected: "dryer" },
    });
    // Text matches only, but the correction's are in text too: not clearly better.
    expect(
      chooseSpelling(inText, "dryer", results(product("A", mark("dryer")), product("B", mark("dryer"))), false).spelling.kind,
    ).toBe("offered");
    expect(chooseSpelling(inText, "dryer", byName(3), true)).toEqual({
      results: inText,
      spelling: { kind: "offered", corrected: "dryer" },
    });
  });

  it("keeps the words' own results when the correction finds no more", () => {
    expect(chooseSpelling(inText, "dryer", results(), false)).toEqual({ results: inText, spelling: { kind: "none" } });
    expect(chooseSpelling(inText, "dryer", inText, false).spelling).toEqual({ kind: "none" });
  });
});
