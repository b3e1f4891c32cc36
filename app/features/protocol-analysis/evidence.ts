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

/** Text made comparable: its characters, and for each the index of the text's character it came from. */
interface Comparable {
  chars: string;
  from: Int32Array;
}

const SPACE = 32;
const DASH = 45;

/** Units outside ASCII already folded: a protocol repeats a few (typographic quotes, dashes, no-break spaces). */
/** At most one entry per UTF-16 unit outside ASCII. */
const folded = new Map<number, string>();

/** One UTF-16 unit outside ASCII, as the rules below see it (NFKC, lower case, typographic marks made plain). */
function foldOther(code: number): string {
  let ch = folded.get(code);
  if (ch === undefined) folded.set(code, (ch = foldUnit(String.fromCharCode(code))));
  return ch;
}

function foldUnit(unit: string): string {
  const ch = unit.normalize("NFKC").toLowerCase();
  if (/[\u2018\u2019\u201A\u201B\u2032]/.test(ch)) return "'";
  if (/[\u201C\u201D\u201E\u201F\u2033]/.test(ch)) return '"';
  if (/[\u2010-\u2015\u2212]/.test(ch)) return "-";
  return /\s/.test(ch) ? " " : ch;
}

/**
 * Text made comparable, character by character, with where each kept character came from: typographic quotes and
 * dashes made plain, whitespace collapsed (and none around a dash), lower case. The same rules as the analyzers'
 * normalizeForMatch (server/protocol-analysis/analyzers/common.ts), so a quote they found is found here too.
 *
 * A protocol is some 200,000 characters, read once per results page for all its rows (quoteFinder): ASCII, nearly
 * all of it, takes a path without per-character normalisation, regular expressions or objects (issue 26: 40 checks
 * against a DOCX protocol took seconds of the one thread, and held every other request up).
 */
function comparable(text: string): Comparable {
  let codes = new Uint16Array(text.length + 16);
  let from = new Int32Array(text.length + 16);
  let n = 0;
  const push = (code: number, at: number) => {
    if (code === SPACE) {
      if (n === 0 || codes[n - 1] === SPACE || codes[n - 1] === DASH) return;
    } else if (code === DASH && n > 0 && codes[n - 1] === SPACE) n--;
    if (n === codes.length) {
      // A unit whose compatibility form is longer (a ligature, "ﬃ"): room for more.
      const wider = new Uint16Array(codes.length * 2);
      wider.set(codes);
      codes = wider;
      const further = new Int32Array(from.length * 2);
      further.set(from);
      from = further;
    }
    codes[n] = code;
    from[n++] = at;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      // ASCII: \s is tab, line feed, vertical tab, form feed, carriage return and space.
      if (code === SPACE || (code >= 9 && code <= 13)) push(SPACE, i);
      else push(code >= 65 && code <= 90 ? code + 32 : code, i);
      continue;
    }
    const ch = foldOther(code);
    for (let k = 0; k < ch.length; k++) push(ch.charCodeAt(k), i);
  }
  while (n > 0 && codes[n - 1] === SPACE) n--;
  let chars = "";
  for (let k = 0; k < n; k += 8192) chars += String.fromCharCode(...codes.subarray(k, Math.min(n, k + 8192)));
  return { chars, from: from.subarray(0, n) };
}

function locate(t: Comparable, quote: string): { start: number; end: number } | null {
  const q = comparable(quote).chars;
  if (q.length === 0) return null;
  const at = t.chars.indexOf(q);
  if (at < 0) return null;
  return { start: t.from[at]!, end: t.from[at + q.length - 1]! + 1 };
}

/** Where a quote is in a text (start inclusive, end exclusive, in the text's own characters), or null. */
export function findQuote(text: string, quote: string): { start: number; end: number } | null {
  return locate(comparable(text), quote);
}

/** Whether a citation's quote is on its page; if not, the first page that has it (null: nowhere in the protocol). */
export type QuoteCheck = { found: true } | { found: false; elsewhere: number | null };

/**
 * Checks of many quotes against one protocol: each page (and each pair of pages a quote may span) made comparable
 * once, however many rows cite it.
 */
export function quoteFinder(pages: readonly ProtocolPage[]) {
  // Each page alone, and each page with the next one (a quote across a page break), by the page.
  const alone = new Map<ProtocolPage, Comparable>();
  const withNext = new Map<ProtocolPage, Comparable>();
  const of = (made: Map<ProtocolPage, Comparable>, p: ProtocolPage, text: () => string) => {
    let c = made.get(p);
    if (!c) made.set(p, (c = comparable(text())));
    return c;
  };
  const pageOf = (p: ProtocolPage) => of(alone, p, () => p.text);
  return (page: number | null, quote: string): QuoteCheck => {
    const own = pages.find((p) => p.page === page) ?? (page === null ? pages[0] : undefined);
    if (own && locate(pageOf(own), quote)) return { found: true };
    // A quote broken by a page break: the page and the next one together.
    const next = pages.find((p) => page !== null && p.page === page + 1);
    const across =
      own && next
        ? locate(
            of(withNext, own, () => `${own.text}\n${next.text}`),
            quote,
          )
        : null;
    if (across && own && across.start < own.text.length && across.end > own.text.length) return { found: true };
    const elsewhere = pages.find((p) => p !== own && locate(pageOf(p), quote));
    return { found: false, elsewhere: elsewhere?.page ?? null };
  };
}

export function checkQuote(pages: readonly ProtocolPage[], page: number | null, quote: string): QuoteCheck {
  return quoteFinder(pages)(page, quote);
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
