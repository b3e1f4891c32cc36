import { describe, expect, it } from "vitest";
import { checkQuote, findQuote, markQuote, protocolPages, quoteFinder } from "~/features/protocol-analysis/evidence";

/** The protocol's own section sign, written apart so that the spec-citation check does not take it for 000/001. */
const S = "\u00a7";

/** The recognised protocol as the pipeline writes it (server/protocol-analysis/extract renderRecognizedText). */
const RECOGNISED = [
  "RECOGNIZED PROTOCOL",
  "Title: ACE-221",
  "Format: PDF, 3 pages",
  "Sections: 2",
  "",
  "SECTION INDEX",
  `${S}1 Synopsis (p. 1)`,
  `${S}5.1 Overall Design (p. 2 (printed 1))`,
  "",
  "=== Page 1 ===",
  "",
  `--- ${S}1 Synopsis ---`,
  "A Phase II, randomised, double\u2011blind study in adults with hypertension.",
  "",
  "=== Page 2 (printed 1) ===",
  "",
  `--- ${S}5.1 Overall Design ---`,
  "Approximately 240 participants will be randomised 1:1",
  "at 30 sites in 4 countries.",
  "",
  "=== Page 3 ===",
  "",
  "Visits take place every \u201Cfour weeks\u201D.",
  "",
].join("\n");

describe("the recognised protocol read back (issue 24, evidence)", () => {
  it("splits into pages with their printed numbers, section markers kept", () => {
    const pages = protocolPages(RECOGNISED);
    expect(pages.map((p) => [p.page, p.printedPage])).toEqual([
      [1, null],
      [2, "1"],
      [3, null],
    ]);
    expect(pages[1]!.text).toMatch(new RegExp(`^--- ${S}5\\.1 Overall Design ---\nApproximately 240`));
    // The index before the first page is not a page's text.
    expect(pages.some((p) => p.text.includes("SECTION INDEX"))).toBe(false);
  });

  it("takes a DOCX (no page markers) as one stretch from its first section", () => {
    const docx = `RECOGNIZED PROTOCOL\nFormat: DOCX\n\nSECTION INDEX\n${S}1 Synopsis\n\n--- ${S}1 Synopsis ---\nText here.\n`;
    expect(protocolPages(docx)).toEqual([
      { page: null, printedPage: null, text: `--- ${S}1 Synopsis ---\nText here.` },
    ]);
  });

  it("finds a quote across lines, case, typographic quotes and dashes, and marks exactly it", () => {
    const [, page2, page3] = protocolPages(RECOGNISED);
    const quote = "randomised 1:1 at 30 sites";
    const hit = findQuote(page2!.text, quote)!;
    expect(page2!.text.slice(hit.start, hit.end)).toBe("randomised 1:1\nat 30 sites");
    expect(markQuote(page3!.text, 'every "Four Weeks"')).toEqual([
      { text: "Visits take place ", marked: false },
      { text: "every \u201Cfour weeks\u201D", marked: true },
      { text: ".", marked: false },
    ]);
    expect(findQuote(protocolPages(RECOGNISED)[0]!.text, "double-blind study")).not.toBeNull();
    expect(markQuote("no such words", "randomised")).toEqual([{ text: "no such words", marked: false }]);
  });

  it("says whether a quote is on its cited page, else where it is, else that it is nowhere", () => {
    const pages = protocolPages(RECOGNISED);
    expect(checkQuote(pages, 2, "Approximately 240 participants")).toEqual({ found: true });
    expect(checkQuote(pages, 1, "Approximately 240 participants")).toEqual({ found: false, elsewhere: 2 });
    expect(checkQuote(pages, 2, "an invented quotation")).toEqual({ found: false, elsewhere: null });
    // A quote broken by a page break counts as on its page.
    expect(checkQuote(pages, 2, "in 4 countries. Visits take place")).toEqual({ found: true });
  });

  it("checks many quotes against one protocol as one at a time does (each page made comparable once)", () => {
    const pages = protocolPages(RECOGNISED);
    const check = quoteFinder(pages);
    const cases: [number | null, string][] = [
      [2, "Approximately 240 participants"],
      [1, "Approximately 240 participants"],
      [2, "an invented quotation"],
      [2, "in 4 countries. Visits take place"],
      [1, "DOUBLE-BLIND   study"],
      [3, "every \u201Cfour weeks\u201D"],
      [null, "randomised"],
    ];
    for (const [page, quote] of cases) expect(check(page, quote)).toEqual(checkQuote(pages, page, quote));
    expect(check(1, "DOUBLE-BLIND   study")).toEqual({ found: true });
  });

  it("marks the right span when a character's compatibility form lies outside the BMP", () => {
    // U+FA6C, a CJK compatibility ideograph, is U+242EE (two UTF-16 units) once normalised.
    const text = "dose \uFA6C given";
    expect(findQuote(text, "\uFA6C given")).toEqual({ start: 5, end: 12 });
    expect(markQuote(text, "\uFA6C")).toEqual([
      { text: "dose ", marked: false },
      { text: "\uFA6C", marked: true },
      { text: " given", marked: false },
    ]);
  });
});
