/**
 * Section numbering helpers shared by the PDF and DOCX readers: parsing "5.1 Overall Design", comparing titles the way
 * a table of contents and a body heading differ (case, spacing, punctuation), and the plausibility of a heading's
 * number after the previous one.
 */

/** "5.1", "10.2.3", "A", "A.1": a section number at the start of a heading. */
const NUMBERED = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,4})\.?\s+(\S.*)$/;
const APPENDIX = /^((?:appendix|annex|attachment)\s+[A-Z0-9]{1,3})\b[\s:.–-]*(.*)$/i;

export interface ParsedHeading {
  number: string | null;
  title: string;
}

/** Splits a heading into its number and title ("5.1 Overall Design" → "5.1", "Overall Design"). */
export function parseHeading(text: string): ParsedHeading {
  const clean = collapse(text);
  const m = NUMBERED.exec(clean);
  // A single capital letter is a number only when followed by more (Appendix-style "A Sample consent"), and only if
  // it is not an ordinary word ("A randomised study…" is a sentence): require the title to start with a capital.
  if (m && !(/^[A-Z]$/.test(m[1]!) && !/^[A-Z]/.test(m[2]!))) return { number: m[1]!, title: m[2]!.trim() };
  const a = APPENDIX.exec(clean);
  if (a) return { number: null, title: clean };
  return { number: null, title: clean };
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A comparison key: lower case, letters and digits only. */
export function titleKey(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "");
}

/** The number as a list of integers (letters count by their position: A = 1). */
export function numberParts(n: string): number[] {
  return n.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p.charCodeAt(0) - 64));
}

/** The level of a numbered section: "5" → 1, "5.1" → 2. */
export function numberLevel(n: string): number {
  return n.split(".").length;
}

/**
 * Whether `next` may follow `prev` as the next heading of a document: a child ("5" → "5.1"), a sibling or an
 * ancestor's sibling, allowing a few numbers to be skipped (redacted or unrecognised headings).
 */
export function plausibleNext(prev: string | null, next: string): boolean {
  const n = numberParts(next);
  if (prev === null) return n[0]! <= 3 && n.slice(1).every((x) => x <= 2);
  const p = numberParts(prev);
  // A child: prev + ".1" (or ".2" when the first was missed).
  if (n.length === p.length + 1 && p.every((x, i) => x === n[i]) && n[n.length - 1]! <= 2) return true;
  // A sibling at some level k: the same prefix, then a larger number, and the rest at most ".1".
  for (let k = 0; k < Math.min(p.length, n.length); k++) {
    const samePrefix = p.slice(0, k).every((x, i) => x === n[i]);
    if (!samePrefix) break;
    const step = n[k]! - p[k]!;
    if (step >= 1 && step <= 3 && n.slice(k + 1).every((x) => x <= 2)) return true;
  }
  return false;
}
