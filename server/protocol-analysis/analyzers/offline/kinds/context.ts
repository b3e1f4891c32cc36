/**
 * What every fact rule of the offline analyzer sees of one block: the document and its section index, the block's text
 * and weight, where it sits (background, a heading, the title page or synopsis), the investigational products found
 * in the whole document, and `add`, which records a candidate value with the sentence it came from.
 */
import type { ProtocolDocument } from "../../../contract";
import type { DocIndex, SectionTag } from "../sections";
import type { FactKind } from "./types";

export type AddFact = (
  kind: FactKind,
  value: string,
  rule: string,
  block: number,
  start: number,
  end: number,
  score: number,
) => void;

export interface ImpName {
  value: string;
  display: string;
  /** The name and its abbreviations ("tocilizumab (TCZ)"), as a whole-word pattern. */
  pattern: RegExp;
  rule: string;
  count: number;
}

export interface BlockContext {
  doc: ProtocolDocument;
  ix: DocIndex;
  /** The block's index. */
  b: number;
  /** blockWeight of the block (never 0 here). */
  w: number;
  text: string;
  lower: string;
  background: boolean;
  heading: boolean;
  /** On the title page or in the synopsis. */
  inTitle: boolean;
  impNames: ImpName[];
  /** Whether the block names one of the investigational products. */
  nearImp: boolean;
  add: AddFact;
}

export const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  single: 1,
};
export const ROMAN: Record<string, string> = {
  i: "1",
  ii: "2",
  iii: "3",
  iv: "4",
  "0": "0",
  "1": "1",
  "2": "2",
  "3": "3",
  "4": "4",
};

/** The sentence around [start, end) of a text, verbatim, at most ~300 characters. */
export function sentenceAround(text: string, start: number, end: number): string {
  let s = start;
  while (s > 0 && !/[.;!?]\s$/.test(text.slice(Math.max(0, s - 2), s)) && start - s < 220) s--;
  // Stopped by the length limit inside a sentence: start at a whole word ("…sociation between" is no quote).
  if (s > 0 && !/[.;!?]\s$/.test(text.slice(Math.max(0, s - 2), s)) && /\S/.test(text[s - 1] ?? "")) {
    const space = text.indexOf(" ", s);
    if (space > 0 && space < start) s = space + 1;
  }
  let e = end;
  while (e < text.length && !/[.;!?]/.test(text[e - 1] ?? "") && e - end < 220) e++;
  // Keep a trailing period when we stopped just after one; trim spaces.
  let quote = text.slice(s, e).trim();
  if (quote.length > 300) {
    const from = Math.max(0, start - s - 120);
    quote = text.slice(s + from, Math.min(text.length, s + from + 300));
    // Whole words only: drop a cut word at either end.
    if (from > 0) quote = quote.replace(/^\S*\s+/, "");
    if (s + from + 300 < text.length) quote = quote.replace(/\s+\S*$/, "");
    quote = quote.trim();
  }
  return quote;
}

export function has(ix: DocIndex, block: number, ...tags: SectionTag[]): boolean {
  const t = ix.blockTags[block] ?? [];
  return tags.some((x) => t.includes(x));
}
export function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
