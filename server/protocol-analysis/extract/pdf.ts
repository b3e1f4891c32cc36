/**
 * PDF → ProtocolDocument with unpdf (MIT, bundling Mozilla's pdf.js, Apache-2.0): text items are grouped into lines by
 * their position (pdf.js returns content-stream order, in which a footer can come first), running headers and footers
 * are dropped (lines in the top or bottom band that repeat on most pages once digits are ignored) and the printed page
 * number is kept from them, lines are joined into paragraphs, and the section index comes from the PDF outline, else
 * the table of contents, else heading patterns (ADR 0029).
 */
import { getDocumentProxy } from "unpdf";
import { ProtocolUnreadableError, type ProtocolDocument } from "../contract";
import { buildBlocks, TOC_LINE, type KnownHeading, type Line, type PageText } from "./pdf-blocks";
import { collapse, numberLevel, parseHeading } from "./sections";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Fewer characters than this on a page (headers and footers aside) and the page counts as having no text. */
const MIN_TEXT_CHARS_PER_PAGE = 40;
const HEADER_BAND = 0.12;
const FOOTER_BAND = 0.1;

export interface ExtractOptions {
  /** Pages read at most (default 1,500); the rest is left out with a warning. */
  maxPages?: number;
  /** Checked between pages: a job that is cancelled or timed out stops reading. */
  signal?: AbortSignal;
}

export async function extractPdf(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ProtocolDocument> {
  if (bytes.byteLength === 0) throw new ProtocolUnreadableError("empty", "The file is empty.");
  const pdf = await openPdf(bytes);
  try {
    const pageCount = pdf.numPages;
    if (pageCount === 0) throw new ProtocolUnreadableError("empty", "The PDF has no pages.");
    const maxPages = options.maxPages ?? 1500;
    const pages: PageText[] = [];
    for (let p = 1; p <= Math.min(pageCount, maxPages); p++) {
      options.signal?.throwIfAborted();
      pages.push(await readPage(pdf, p));
    }
    const warnings: string[] = [];
    if (pageCount > maxPages) warnings.push(`Only the first ${maxPages} of the ${pageCount} pages were read.`);
    const totalChars = pages.reduce((n, p) => n + charCount(p.lines), 0);
    const labels = await pdf.getPageLabels().catch(() => null);
    stripRunningLines(pages, labels);
    // Pages left with (almost) no text once running headers and footers are gone: scanned images, redactions, blanks.
    const textless = pages.filter((p) => charCount(p.lines) < MIN_TEXT_CHARS_PER_PAGE).map((p) => p.page);
    if (totalChars < MIN_TEXT_CHARS_PER_PAGE || textless.length === pageCount) {
      throw new ProtocolUnreadableError(
        "noTextLayer",
        "The PDF has no text layer: it looks like a scanned document. Scanned pages are not processed (there is no OCR). Please upload a native PDF or a DOCX.",
      );
    }
    if (textless.length > 0) {
      warnings.push(
        `${textless.length === 1 ? "Page" : "Pages"} ${ranges(textless)} ${textless.length === 1 ? "has" : "have"} little or no text (a scanned image, a redacted or a blank page); anything shown there only as an image was not read.`,
      );
    }
    const outline = await readOutline(pdf);
    const toc = outline.filter((h) => h.number !== null).length >= 5 ? [] : readToc(pages);
    const known = mergeKnown(outline, toc);
    const title = (await readTitle(pdf, pages)) ?? null;
    const { blocks, sections } = buildBlocks(pages, known);
    if (known.length === 0)
      warnings.push("The PDF has no outline or table of contents: sections were found by their headings.");
    return { format: "pdf", title, pageCount, blocks, sections, warnings };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // A copy: pdf.js transfers (detaches) the buffer it is given, and the caller may still need the bytes.
    return await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (e) {
    const name = e instanceof Error ? e.name : "";
    if (name === "PasswordException") {
      throw new ProtocolUnreadableError(
        "encrypted",
        "The PDF is protected by a password, so its text cannot be read. Please upload an unprotected copy.",
      );
    }
    throw new ProtocolUnreadableError("corrupt", "The PDF is damaged or not a PDF, so its text cannot be read.");
  }
}

function charCount(lines: Line[]): number {
  return lines.reduce((n, l) => n + l.text.replace(/\s/g, "").length, 0);
}

interface RawItem {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
}

async function readPage(pdf: PdfDocument, pageNumber: number): Promise<PageText> {
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items: RawItem[] = [];
  for (const it of content.items) {
    if (!("str" in it) || it.str === "") continue;
    const t = it.transform as number[];
    const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || Math.abs(t[0] ?? 0) || 10;
    items.push({ str: it.str, x: t[4] ?? 0, y: t[5] ?? 0, w: it.width, size });
  }
  page.cleanup();
  return { page: pageNumber, height: viewport.height, lines: groupLines(items, pageNumber), printedPage: null };
}

/** Items on one baseline (within a fraction of the font size) make a line, read left to right. */
function groupLines(items: RawItem[], page: number): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: RawItem[][] = [];
  for (const it of sorted) {
    const g = groups[groups.length - 1];
    const ref = g?.[0];
    if (g && ref && Math.abs(ref.y - it.y) <= Math.max(2, 0.4 * Math.min(ref.size, it.size))) g.push(it);
    else groups.push([it]);
  }
  const lines: Line[] = [];
  for (const g of groups) {
    g.sort((a, b) => a.x - b.x);
    let text = "";
    let end = -Infinity;
    let columns = false;
    let size = 0;
    for (const it of g) {
      const gap = it.x - end;
      if (text !== "" && gap > 0.15 * it.size && !/\s$/.test(text) && !/^\s/.test(it.str)) text += " ";
      if (text.trim() !== "" && it.str.trim() !== "" && gap > 2.5 * it.size) columns = true;
      text += it.str;
      end = Math.max(end, it.x + it.w);
      size = Math.max(size, it.str.trim() ? it.size : 0);
    }
    const clean = collapse(text);
    if (clean === "") continue;
    lines.push({ text: clean, page, y: g[0]!.y, x: g[0]!.x, size: size || g[0]!.size, columns });
  }
  return lines;
}

const PAGE_NUMBER_LINE =
  /^(?:page\s+)?[-–—\s]*([A-Z]?-?\d{1,4}|[ivxlc]{1,6})[-–—\s]*(?:of\s+\d{1,4})?$|\bpage\s+([A-Z]?-?\d{1,4}|[ivxlc]{1,6})(?:\s+of\s+\d{1,4})?\b/i;

function runningKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

/**
 * Drops the lines of the top and bottom bands that repeat on more than half of the pages once digits are ignored
 * (running headers and footers) and lone page numbers, and keeps the printed page number they carry.
 */
function stripRunningLines(pages: PageText[], labels: string[] | null): void {
  const inBand = (p: PageText, l: Line) => l.y > p.height * (1 - HEADER_BAND) || l.y < p.height * FOOTER_BAND;
  const counts = new Map<string, number>();
  for (const p of pages) {
    const keys = new Set(p.lines.filter((l) => inBand(p, l)).map((l) => runningKey(l.text)));
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const textPages = pages.filter((p) => p.lines.length > 0).length;
  const threshold = Math.max(2, Math.ceil(textPages * 0.5));
  for (const p of pages) {
    let printed: string | null = null;
    const n = p.lines.length;
    p.lines = p.lines.filter((l, i) => {
      // A rotated (landscape) page puts its header elsewhere: a repeated line among its first or last three counts too.
      const edge = i < 3 || i >= n - 3;
      if (!inBand(p, l) && !(edge && (counts.get(runningKey(l.text)) ?? 0) >= threshold && pages.length >= 3)) {
        return true;
      }
      const repeated = pages.length >= 3 && (counts.get(runningKey(l.text)) ?? 0) >= threshold;
      const m = PAGE_NUMBER_LINE.exec(l.text);
      const lonePageNumber = m !== null && m[1] !== undefined;
      if ((repeated || lonePageNumber) && m && printed === null) printed = (m[1] ?? m[2])!;
      return !(repeated || lonePageNumber);
    });
    const label = labels?.[p.page - 1] ?? null;
    const printedPage = printed ?? (label && label !== String(p.page) ? label : null);
    p.printedPage = printedPage !== null && printedPage !== String(p.page) ? printedPage : null;
  }
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

async function readOutline(pdf: PdfDocument): Promise<KnownHeading[]> {
  const root = (await pdf.getOutline().catch(() => null)) as OutlineNode[] | null;
  if (!root) return [];
  const out: KnownHeading[] = [];
  const walk = async (nodes: OutlineNode[], depth: number) => {
    for (const node of nodes) {
      const page = await destinationPage(pdf, node.dest);
      const { number, title } = parseHeading(node.title);
      if (title) out.push({ number, title, level: number ? numberLevel(number) : depth, page, source: "outline" });
      if (node.items?.length) await walk(node.items, depth + 1);
    }
  };
  await walk(root, 1);
  return out;
}

async function destinationPage(pdf: PdfDocument, dest: string | unknown[] | null): Promise<number | null> {
  try {
    const explicit = typeof dest === "string" ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const ref = explicit[0];
    if (typeof ref === "number") return ref + 1;
    if (ref && typeof ref === "object") return (await pdf.getPageIndex(ref as { num: number; gen: number })) + 1;
  } catch {
    // An outline entry that points nowhere is kept without a page.
  }
  return null;
}

/** Table-of-contents lines ("2.1 Primary objective ........ 20") on the first pages. */
function readToc(pages: PageText[]): KnownHeading[] {
  const out: KnownHeading[] = [];
  for (const p of pages.slice(0, Math.min(pages.length, 15))) {
    for (const l of p.lines) {
      const m = TOC_LINE.exec(l.text);
      if (!m) continue;
      const { number, title } = parseHeading(m[1]!);
      if (number && /[a-z]/i.test(title)) {
        out.push({ number, title, level: numberLevel(number), page: null, source: "toc" });
      }
    }
  }
  return out;
}

function mergeKnown(outline: KnownHeading[], toc: KnownHeading[]): KnownHeading[] {
  const numbers = new Set(outline.map((h) => h.number).filter(Boolean));
  return [...outline, ...toc.filter((h) => !numbers.has(h.number))];
}

async function readTitle(pdf: PdfDocument, pages: PageText[]): Promise<string | null> {
  // The largest text of the first page with text, else the document properties' title.
  const first = pages.find((p) => p.lines.length > 0);
  if (first) {
    const max = Math.max(...first.lines.map((l) => l.size));
    const text = collapse(
      first.lines
        .filter((l) => l.size >= max - 0.5)
        .map((l) => l.text)
        .join(" "),
    );
    if (text.length >= 10) return text.slice(0, 300);
  }
  const meta = await pdf.getMetadata().catch(() => null);
  const info = meta?.info as { Title?: unknown } | undefined;
  const metaTitle = typeof info?.Title === "string" ? collapse(info.Title) : "";
  return metaTitle.length > 3 ? metaTitle : null;
}

function ranges(pages: number[]): string {
  const out: string[] = [];
  let start = pages[0]!;
  let prev = start;
  for (const p of [...pages.slice(1), Number.NaN]) {
    if (p === prev + 1) {
      prev = p;
      continue;
    }
    out.push(start === prev ? String(start) : `${start}–${prev}`);
    start = prev = p;
  }
  return out.join(", ");
}
