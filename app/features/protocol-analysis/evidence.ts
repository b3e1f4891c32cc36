/**
 * A row's evidence (issue 24): the recognised protocol (the parsed file the pipeline stores, rendered by
 * server/protocol-analysis/extract renderRecognizedText) read back into pages and sections, and a citation's quote
 * found on its page. Pure: the results page's loader uses it to say on each row whether its quote is where it claims,
 * and the evidence page to show that page with the quote marked.
 */

/** A stretch of the recognised text: one page of a PDF, or the whole text of a DOCX (no fixed pages). */
export interface ProtocolPage {
  /** The physical page, or null for a document without pages. */
  page: number | null;
  printedPage: string | null;
  /** Its lines, in reading order; section markers are kept as lines such as `--- protocol §5.1 Title ---` (the protocol's own numbering). */
  text: string;
}

const PAGE_MARKER = /^=== Page (\d+)(?: \(printed ([^)]*)\))? ===$/;

/** The recognised text as pages: what follows each `=== Page N ===` marker (all of it after the index for a DOCX). */
export function protocolPages(recognised: string): ProtocolPage[] {
  const lines = recognised.replace(/\r\n/g, "\n").split("\n");
  const pages: ProtocolPage[] = [];
  let current: { page: number | null; printedPage: string | null; lines: string[] } | null = null;
  for (const line of lines) {
    const marker = PAGE_MARKER.exec(line);
    if (marker) {
      if (current) pages.push(finish(current));
      current = { page: Number(marker[1]), printedPage: marker[2] ?? null, lines: [] };
    } else if (current) current.lines.push(line);
  }
  if (current) pages.push(finish(current));
  if (pages.length > 0) return pages;
  // A DOCX: the body starts at its first section marker (after the header and the section index).
  const start = lines.findIndex((line) => line.startsWith("--- §"));
  return [{ page: null, printedPage: null, text: lines.slice(Math.max(0, start)).join("\n").trim() }];
}

const finish = (p: { page: number | null; printedPage: string | null; lines: string[] }): ProtocolPage => ({
  page: p.page,
  printedPage: p.printedPage,
  text: p.lines.join("\n").trim(),
});

/**
 * Text made comparable, character by character, with where each kept character came from: typographic quotes and
 * dashes made plain, whitespace collapsed (and none around a dash), lower case. The same rules as the analyzers'
 * normalizeForMatch (server/protocol-analysis/analyzers/common.ts), so a quote they found is found here too.
 */
function comparable(text: string): { chars: string; from: number[] } {
  const out: { ch: string; at: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    let ch = text[i]!.normalize("NFKC").toLowerCase();
    if (/[\u2018\u2019\u201A\u201B\u2032]/.test(ch)) ch = "'";
    else if (/[\u201C\u201D\u201E\u201F\u2033]/.test(ch)) ch = '"';
    else if (/[\u2010-\u2015\u2212]/.test(ch)) ch = "-";
    if (/\s/.test(ch)) {
      const last = out[out.length - 1];
      if (!last || last.ch === " " || last.ch === "-") continue;
      ch = " ";
    } else if (ch === "-" && out[out.length - 1]?.ch === " ") out.pop();
    for (const c of ch) out.push({ ch: c, at: i });
  }
  while (out[out.length - 1]?.ch === " ") out.pop();
  return { chars: out.map((o) => o.ch).join(""), from: out.map((o) => o.at) };
}

/** Where a quote is in a text (start inclusive, end exclusive, in the text's own characters), or null. */
export function findQuote(text: string, quote: string): { start: number; end: number } | null {
  const q = comparable(quote).chars;
  if (q.length === 0) return null;
  const t = comparable(text);
  const at = t.chars.indexOf(q);
  if (at < 0) return null;
  return { start: t.from[at]!, end: t.from[at + q.length - 1]! + 1 };
}

/** Whether a citation's quote is on its page; if not, the first page that has it (null: nowhere in the protocol). */
export type QuoteCheck = { found: true } | { found: false; elsewhere: number | null };

export function checkQuote(pages: readonly ProtocolPage[], page: number | null, quote: string): QuoteCheck {
  const own = pages.find((p) => p.page === page) ?? (page === null ? pages[0] : undefined);
  if (own && findQuote(own.text, quote)) return { found: true };
  // A quote broken by a page break: the page and the next one together.
  const next = pages.find((p) => page !== null && p.page === page + 1);
  const across = own && next ? findQuote(`${own.text}\n${next.text}`, quote) : null;
  if (across && own && across.start < own.text.length && across.end > own.text.length) return { found: true };
  const elsewhere = pages.find((p) => p !== own && findQuote(p.text, quote));
  return { found: false, elsewhere: elsewhere?.page ?? null };
}

/** A page's text in pieces: plain, or the marked quote. */
export interface EvidenceSegment {
  text: string;
  marked: boolean;
}

export function markQuote(text: string, quote: string): EvidenceSegment[] {
  const hit = findQuote(text, quote);
  if (!hit) return [{ text, marked: false }];
  return [
    { text: text.slice(0, hit.start), marked: false },
    { text: text.slice(hit.start, hit.end), marked: true },
    { text: text.slice(hit.end), marked: false },
  ].filter((s) => s.text !== "");
}
