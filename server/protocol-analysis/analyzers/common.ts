/**
 * What both analyzers share: the 13 risk categories of 001 §3, citations built from a block of the document, and the
 * check that a quote is really in the protocol's text (the openai analyzer drops rows whose quote is not).
 */
import { RISK_CATEGORIES } from "../../contracts/risk-categories";
import type { Citation, ProtocolDocument, SectionEntry } from "../contract";

/** The risk categories of 001 §3 (a fixed list of 13), in the spec's order: one list, in the contracts. */
export { RISK_CATEGORIES };
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** Whitespace collapsed, typographic quotes and dashes made plain, lower case: how quotes are compared. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s*-\s*/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The section a block belongs to, or the nearest section before it. */
export function sectionOfBlock(doc: ProtocolDocument, block: number): SectionEntry | null {
  const s = doc.blocks[block]?.section;
  return s === null || s === undefined ? null : (doc.sections[s] ?? null);
}

/** How a citation names the text before the first section. */
export const FRONT_MATTER = "Title page";

/** A citation of a block of the document with a quote taken from that block. */
export function citationFor(doc: ProtocolDocument, block: number, quote: string): Citation {
  const b = doc.blocks[block];
  const s = sectionOfBlock(doc, block);
  return {
    page: b?.page ?? null,
    printedPage: b?.printedPage ?? null,
    // Before the first section: the title page (or cover matter) of the protocol.
    section: s ? (s.number ?? s.title) : FRONT_MATTER,
    sectionTitle: s ? s.title : null,
    quote,
  };
}

/** "p. 23 (printed 21), " + "§" + "5.1 Overall Design": how a citation reads in the results table and the history file. */
export function formatCitation(c: Citation): string {
  const parts: string[] = [];
  if (c.page !== null) parts.push(c.printedPage ? `p. ${c.page} (printed ${c.printedPage})` : `p. ${c.page}`);
  if (c.section)
    parts.push(c.sectionTitle && c.sectionTitle !== c.section ? `§${c.section} ${c.sectionTitle}` : `§${c.section}`);
  return parts.join(", ");
}

/**
 * Finds the block that holds a quote (whitespace, case, quotes and dashes ignored), preferring the given page and
 * section; null when the quote is not in the protocol.
 */
export function locateQuote(
  doc: ProtocolDocument,
  quote: string,
  hint?: { page?: number | null; section?: string | null },
): number | null {
  const q = normalizeForMatch(quote);
  if (q.length < 8) return null;
  const hits: number[] = [];
  const normalized = blockIndex(doc);
  for (let i = 0; i < normalized.length; i++) if (normalized[i]!.includes(q)) hits.push(i);
  if (hits.length === 0) {
    // A quote that runs over two consecutive blocks (a paragraph broken by a page break).
    for (let i = 0; i + 1 < normalized.length; i++) {
      if (`${normalized[i]} ${normalized[i + 1]}`.includes(q)) hits.push(i);
    }
  }
  if (hits.length === 0) return null;
  const score = (i: number) => {
    const b = doc.blocks[i]!;
    const s = sectionOfBlock(doc, i);
    let n = 0;
    if (hint?.page != null && b.page === hint.page) n += 2;
    if (hint?.section && s && (s.number === hint.section || s.title === hint.section)) n += 1;
    return n;
  };
  return hits.sort((a, b) => score(b) - score(a) || a - b)[0]!;
}

const normalizedBlocks = new WeakMap<ProtocolDocument, string[]>();
function blockIndex(doc: ProtocolDocument): string[] {
  let n = normalizedBlocks.get(doc);
  if (!n) {
    n = doc.blocks.map((b) => normalizeForMatch(b.text));
    normalizedBlocks.set(doc, n);
  }
  return n;
}
