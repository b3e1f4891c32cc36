/**
 * The PDF extractor's second half (ADR 0029): lines, grouped per page, become blocks (paragraphs, list items, table
 * rows, headings) and the section index; headings are matched against the known index (the outline, else the table of
 * contents) when there is one, else by their numbering.
 */
import type { SectionEntry, TextBlock } from "../contract";
import { collapse, numberLevel, numberParts, parseHeading, plausibleNext, titleKey } from "./sections";

export interface Line {
  text: string;
  page: number;
  /** Baseline from the bottom of the page, in points. */
  y: number;
  x: number;
  size: number;
  /** A gap wider than a few spaces between two items: a table row or a label beside its value. */
  columns: boolean;
}

export interface PageText {
  page: number;
  height: number;
  lines: Line[];
  printedPage: string | null;
}

export interface KnownHeading {
  number: string | null;
  title: string;
  level: number;
  page: number | null;
  source: "outline" | "toc";
}

/** A table-of-contents line: "2.1 Primary objective ........ 20". */
export const TOC_LINE = /^(.*?\S)\s*(?:\.\s*){4,}\s*([ivxlc]+|[A-Z]?-?\d{1,4})$/i;

const HEADING_PATTERN = /^((?:\d{1,2})(?:\.\d{1,2}){0,4})\.?\s+([A-Z][^]{1,110})$/;
const BULLET = /^(?:[•▪◦●■□–-]|\(?[a-z]\)|\(?\d{1,2}\)|\d{1,2}\.(?!\d))\s+/;

interface HeadingMatch {
  number: string | null;
  title: string;
  level: number;
}

/** What buildBlocks has built so far: the blocks and sections, and the paragraph being joined. */
interface Builder {
  pages: PageText[];
  blocks: TextBlock[];
  sections: SectionEntry[];
  current: { lines: Line[]; kind: TextBlock["kind"] } | null;
  currentSection: number | null;
  lastNumber: string | null;
}

type HeadingMatcher = (line: Line, next: Line | undefined) => (HeadingMatch & { consumeNext?: boolean }) | null;

/** Lines are joined into paragraphs; headings (matched against the known index, else by pattern) start sections. */
export function buildBlocks(
  pages: PageText[],
  known: KnownHeading[],
): { blocks: TextBlock[]; sections: SectionEntry[] } {
  const out: Builder = { pages, blocks: [], sections: [], current: null, currentSection: null, lastNumber: null };
  const matchHeading = headingMatcher(pages, known, () => out.lastNumber);
  const unnumbered = known.filter((h) => h.number === null && h.page !== null);
  for (const p of pages) {
    for (let i = 0; i < p.lines.length; i++) {
      if (i === 0) startPendingSections(out, p, unnumbered);
      const line = p.lines[i]!;
      const next = p.lines[i + 1];
      const heading = matchHeading(line, next);
      if (heading) {
        startSection(out, p, heading, heading.consumeNext === true ? [line, next!] : [line]);
        if (heading.consumeNext === true) i++;
        continue;
      }
      addLine(out, line, p.lines[i - 1]);
    }
    flush(out);
  }
  flush(out);
  closeSections(out);
  void numberParts;
  return { blocks: out.blocks, sections: out.sections };
}

/**
 * Whether a line starts a section: a numbered heading found in the known index (outline or contents) when there is
 * one, else a plausible next number; a number alone with its title on the next line; an unnumbered outline entry.
 */
function headingMatcher(pages: PageText[], known: KnownHeading[], lastNumber: () => string | null): HeadingMatcher {
  const byNumber = new Map<string, KnownHeading>();
  for (const h of known) if (h.number && !byNumber.has(h.number)) byNumber.set(h.number, h);
  const unnumbered = known.filter((h) => h.number === null && h.page !== null);
  const useKnown = byNumber.size >= 5;
  const tocPages = new Set(
    pages.filter((p) => p.lines.filter((l) => TOC_LINE.test(l.text)).length >= 3).map((p) => p.page),
  );
  return (line, next) => {
    if (tocPages.has(line.page) || line.text.length > 160 || TOC_LINE.test(line.text)) return null;
    const parsed = parseHeading(line.text);
    if (parsed.number && /^\d/.test(parsed.number)) {
      if (useKnown) return knownHeading(parsed as HeadingMatch & { number: string }, byNumber, next);
      const m = HEADING_PATTERN.exec(line.text);
      if (!m || /[.;,:]$/.test(line.text) || line.text.length > 100) return null;
      if (!plausibleNext(lastNumber(), parsed.number)) return null;
      return { number: parsed.number, title: parsed.title, level: numberLevel(parsed.number) };
    }
    // A number alone on its line, its title on the next (some generators split them).
    if (/^\d{1,2}(?:\.\d{1,2}){0,4}\.?$/.test(line.text) && next && /^[A-Z]/.test(next.text)) {
      const number = line.text.replace(/\.$/, "");
      const k = byNumber.get(number);
      const similar = k !== undefined && titleKey(next.text).startsWith(titleKey(k.title).slice(0, 12));
      if ((useKnown && similar) || (!useKnown && plausibleNext(lastNumber(), number) && next.text.length < 100)) {
        return { number, title: next.text, level: numberLevel(number), consumeNext: true };
      }
    }
    const u = unnumbered.find((h) => h.page === line.page && titleKey(h.title) === titleKey(line.text));
    if (u) return { number: null, title: u.title, level: u.level };
    return null;
  };
}

/** A numbered line that the known index has, with a similar title (continued on the next line when it is longer). */
function knownHeading(
  parsed: { number: string; title: string },
  byNumber: Map<string, KnownHeading>,
  next: Line | undefined,
): HeadingMatch | null {
  const k = byNumber.get(parsed.number);
  if (!k) return null;
  const a = titleKey(parsed.title);
  const b = titleKey(k.title);
  const similar = a.length > 0 && (a.startsWith(b.slice(0, 12)) || b.startsWith(a.slice(0, 12)));
  if (!similar) return null;
  // A heading split over two lines: the title continues when the known title is longer than this line's.
  let title = parsed.title;
  if (next && b.length > a.length && b.startsWith(a + titleKey(next.text).slice(0, 4))) {
    title = collapse(`${title} ${next.text}`);
  }
  return { number: parsed.number, title, level: numberLevel(parsed.number) };
}

/** Unnumbered outline entries with no matching line start at the top of their page. */
function startPendingSections(out: Builder, p: PageText, unnumbered: KnownHeading[]): void {
  const pending = unnumbered.filter(
    (h) => h.page === p.page && !p.lines.some((l) => titleKey(l.text) === titleKey(h.title)),
  );
  if (pending.length === 0) return;
  flush(out);
  for (const h of pending) {
    out.sections.push({
      number: null,
      title: h.title,
      level: h.level,
      page: p.page,
      printedPage: p.printedPage,
      firstBlock: out.blocks.length,
      lastBlock: out.blocks.length,
    });
  }
  out.currentSection = out.sections.length - 1;
}

/** A heading: a new section, and the heading's own block. */
function startSection(out: Builder, p: PageText, heading: HeadingMatch, lines: Line[]): void {
  flush(out);
  if (heading.number) out.lastNumber = heading.number;
  out.sections.push({
    number: heading.number,
    title: heading.title,
    level: heading.level,
    page: p.page,
    printedPage: p.printedPage,
    firstBlock: out.blocks.length,
    lastBlock: out.blocks.length,
  });
  out.currentSection = out.sections.length - 1;
  out.current = { lines, kind: "heading" };
  flush(out);
}

/** A body line: it continues the paragraph, or starts a new one (a gap, a size change, a bullet, a table row). */
function addLine(out: Builder, line: Line, prev: Line | undefined): void {
  const gap = prev ? prev.y - line.y : 0;
  const newParagraph =
    out.current === null ||
    !prev ||
    gap > 1.75 * Math.max(prev.size, line.size) ||
    gap < 0 ||
    Math.abs(prev.size - line.size) > 1.5 ||
    BULLET.test(line.text) ||
    TOC_LINE.test(line.text) ||
    TOC_LINE.test(prev.text) ||
    line.columns !== prev.columns ||
    (line.columns && prev.columns);
  if (newParagraph) {
    flush(out);
    const kind: TextBlock["kind"] = line.columns ? "table" : BULLET.test(line.text) ? "list" : "paragraph";
    out.current = { lines: [line], kind };
  } else {
    out.current!.lines.push(line);
  }
}

function flush(out: Builder): void {
  const current = out.current;
  if (!current || current.lines.length === 0) return;
  const first = current.lines[0]!;
  const page = out.pages[first.page - 1]!;
  out.blocks.push({
    text: joinLines(current.lines.map((l) => l.text)),
    kind: current.kind,
    page: first.page,
    printedPage: page.printedPage,
    section: out.currentSection,
  });
  out.current = null;
}

/** Each section ends where the next starts; one whose page start produced no block of its own ends where it starts. */
function closeSections(out: Builder): void {
  const { sections, blocks } = out;
  for (let s = 0; s < sections.length; s++) {
    const nextStart = sections[s + 1]?.firstBlock ?? blocks.length;
    sections[s]!.lastBlock = Math.max(sections[s]!.firstBlock, nextStart - 1);
  }
  for (const s of sections)
    if (s.firstBlock >= blocks.length) s.firstBlock = s.lastBlock = Math.max(0, blocks.length - 1);
}

/** Joins wrapped lines: a line that ends with a hyphen runs on without a space ("COVID-" + "19"). */
export function joinLines(lines: string[]): string {
  let out = "";
  for (const l of lines) {
    if (out === "") out = l;
    else if (/[A-Za-z0-9]-$/.test(out)) out += l;
    else out += ` ${l}`;
  }
  return out;
}
