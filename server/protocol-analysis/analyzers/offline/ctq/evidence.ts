/**
 * Where a protocol speaks of a topic: the sentences of its own sections (section tags) or, failing those, of the
 * body, that the protocol affirms of this study (kinds/assertion.ts: nothing negated, excluded, about another study
 * or in the background), most specific first.
 */
import type { ProtocolDocument } from "../../../contract";
import { assertionOf } from "../kinds/assertion";
import { has, sentenceAround, type BlockContext } from "../kinds/context";
import { blockWeight, type DocIndex } from "../sections";
import type { Evidence } from "./items";
import type { Topic } from "./topics";

export interface Reader {
  doc: ProtocolDocument;
  ix: DocIndex;
}

/** A schedule-of-activities row of crosses says nothing quotable (as facts.ts). */
const SCHEDULE_ROW = /(?:\b[Xx]\b.*){3}/;

function blockContext(r: Reader, b: number): BlockContext {
  const text = r.doc.blocks[b]!.text;
  return {
    doc: r.doc,
    ix: r.ix,
    b,
    w: blockWeight(r.ix, b),
    text,
    lower: text.toLowerCase(),
    background: has(r.ix, b, "background", "rationale"),
    heading: r.doc.blocks[b]!.kind === "heading",
    inTitle: has(r.ix, b, "title", "synopsis"),
    impNames: [],
    nearImp: false,
    add: () => undefined,
  };
}

/** Whether the statement at [start, end) of block b may be built on: affirmed of this study (or a condition). */
export function usable(r: Reader, b: number, start: number, end: number): boolean {
  const c = blockContext(r, b);
  if (c.w === 0 || c.heading || c.background || has(r.ix, b, "appendix", "exclusion", "contraception")) return false;
  const a = assertionOf(c, start, end);
  return a === "affirmed" || a === "hypothetical";
}

interface Hit extends Evidence {
  score: number;
}

/** The best sentence of block b for each pattern (the pattern's rank scores it). */
function hitsInBlock(r: Reader, b: number, patterns: RegExp[], tagged: boolean): Hit[] {
  const text = r.doc.blocks[b]!.text;
  if (SCHEDULE_ROW.test(text)) return [];
  const out: Hit[] = [];
  patterns.forEach((p, rank) => {
    const m = new RegExp(p.source, p.flags.includes("g") ? p.flags : `${p.flags}g`);
    for (const x of text.matchAll(m)) {
      if (!usable(r, b, x.index, x.index + x[0].length)) continue;
      const quote = sentenceAround(text, x.index, x.index + x[0].length);
      if (quote.length < 30) continue;
      out.push({ block: b, quote, score: (patterns.length - rank) * 3 + (tagged ? 6 : 0) + blockWeight(r.ix, b) / 2 });
      break;
    }
  });
  return out;
}

/**
 * Up to `max` sentences about the topic, from different blocks, best first (ties: earlier in the document); an
 * optional `focus` pattern (an endpoint's or a product's name) must be in the sentence too.
 */
export function findEvidence(r: Reader, topic: Topic, max = 2, focus?: RegExp): Evidence[] {
  const hits: Hit[] = [];
  for (let b = 0; b < r.doc.blocks.length; b++) {
    const tagged = has(r.ix, b, ...topic.tags);
    for (const h of hitsInBlock(r, b, topic.sentences, tagged)) if (!focus || focus.test(h.quote)) hits.push(h);
  }
  return pickBest(hits, max);
}

function pickBest(hits: Hit[], max: number): Evidence[] {
  const sorted = hits.sort((a, b) => b.score - a.score || a.block - b.block);
  const out: Evidence[] = [];
  for (const h of sorted) {
    if (out.length >= max) break;
    if (out.some((o) => o.block === h.block || o.quote === h.quote)) continue;
    out.push({ block: h.block, quote: h.quote });
  }
  return out;
}

const STOP = new Set(
  "and or the of for to in on with by from data process processes critical study trial participant participants subject subjects patient patients information records record management all any its their".split(
    " ",
  ),
);

/** The words of a title that name something (three letters or more, not a stop word). */
export function contentWords(title: string): string[] {
  return [...new Set(title.toLowerCase().match(/[a-z][a-z0-9-]{2,}/g) ?? [])].filter((w) => !STOP.has(w));
}

/** For an item of no known topic: a sentence that holds every content word of its title (at least two of them). */
export function findByWords(r: Reader, title: string): Evidence[] {
  const words = contentWords(title);
  if (words.length < 2) return [];
  const patterns = words.map((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i"));
  const hits: Hit[] = [];
  for (let b = 0; b < r.doc.blocks.length; b++) {
    const text = r.doc.blocks[b]!.text;
    const at = patterns[0]!.exec(text);
    if (!at || !patterns.every((p) => p.test(text))) continue;
    if (!usable(r, b, at.index, at.index + at[0].length)) continue;
    const quote = sentenceAround(text, at.index, at.index + at[0].length);
    if (quote.length >= 30 && patterns.every((p) => p.test(quote)))
      hits.push({ block: b, quote, score: blockWeight(r.ix, b) });
  }
  return pickBest(hits, 1);
}
