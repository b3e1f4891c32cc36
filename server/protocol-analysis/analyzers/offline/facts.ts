/**
 * The offline analyzer's fact rules: deterministic patterns over the blocks of a protocol, each candidate scored by
 * where it sits (title page and synopsis over body, background and references not at all, see sections.ts) and by its
 * context (negations, other studies, boilerplate), then the best values kept per kind. Every fact keeps its evidence:
 * the block and a verbatim quote of the sentence it came from. The rules of each kind live in kinds/.
 */
import type { ProtocolDocument } from "../../contract";
import { assertionAllows, assertionOf } from "./kinds/assertion";
import { has, sentenceAround, type AddFact, type BlockContext } from "./kinds/context";
import {
  centralReadingFacts,
  enrolmentWindowFacts,
  labInterferenceFacts,
  safetySignalFacts,
  specialProcedureFacts,
  supplyModelFacts,
  vendorFacts,
} from "./kinds/distinctive";
import { primaryEndpoint } from "./kinds/endpoints";
import { enrolmentFacts } from "./kinds/enrolment";
import { countryFacts, geographyFacts, multicentreFacts, nationalFrameworkFacts, sitesFacts } from "./kinds/geography";
import {
  ageFacts,
  caregiverFacts,
  conditionFacts,
  inclusionPopulationFacts,
  specialPopulationFacts,
} from "./kinds/population";
import { technologyFacts, samplingFacts } from "./kinds/procedures";
import { doseFacts, findImpNames, impFacts, routeFacts } from "./kinds/products";
import { committeeFacts, stoppingAndAesiFacts } from "./kinds/safety";
import { durationFacts, inpatientFacts } from "./kinds/schedule";
import { secondaryEndpointFacts } from "./kinds/secondary-endpoints";
import { armsFacts, blindingFacts, controlFacts, designFacts, phaseFacts } from "./kinds/study-design";
import { FACT_KINDS, type Fact, type FactKind } from "./kinds/types";
import { visitsFacts } from "./kinds/visits";
import { blockWeight, indexDocument } from "./sections";

export { FACT_KINDS, type Fact, type FactKind } from "./kinds/types";
export { sentenceAround } from "./kinds/context";

interface Candidate extends Fact {
  /** Ties: earlier in the document wins. */
  order: number;
}

/** How many values of each kind are kept (best first). */
const KEEP: Record<FactKind, number> = {
  phase: 1,
  blinding: 1,
  design: 2,
  arms: 1,
  control: 2,
  condition: 3,
  age: 1,
  enrolment: 2,
  imp: 4,
  route: 3,
  dose: 6,
  duration: 3,
  primaryEndpoint: 6,
  geography: 3,
  sites: 1,
  inpatient: 1,
  caregiver: 1,
  dsmb: 1,
  technology: 8,
  specialPopulation: 5,
  sampling: 5,
  stoppingRules: 1,
  aesi: 1,
  enrolmentWindow: 1,
  supplyModel: 1,
  specialProcedure: 2,
  labInterference: 1,
  centralReading: 2,
  safetySignal: 2,
  vendor: 2,
  secondaryEndpoint: 24,
  visits: 4,
};

/** The rules of every kind, in the order they run on each block. */
const RULES: ((c: BlockContext) => void)[] = [
  phaseFacts,
  blindingFacts,
  designFacts,
  armsFacts,
  controlFacts,
  conditionFacts,
  ageFacts,
  enrolmentFacts,
  impFacts,
  routeFacts,
  doseFacts,
  durationFacts,
  (c) => primaryEndpoint(c.ix, c.b, c.text, c.add),
  geographyFacts,
  countryFacts,
  nationalFrameworkFacts,
  sitesFacts,
  multicentreFacts,
  inpatientFacts,
  caregiverFacts,
  committeeFacts,
  technologyFacts,
  specialPopulationFacts,
  inclusionPopulationFacts,
  stoppingAndAesiFacts,
  samplingFacts,
  enrolmentWindowFacts,
  supplyModelFacts,
  specialProcedureFacts,
  labInterferenceFacts,
  centralReadingFacts,
  safetySignalFacts,
  vendorFacts,
  secondaryEndpointFacts,
  visitsFacts,
];

function candidateRecorder(
  doc: ProtocolDocument,
  candidates: Candidate[],
  current: { c: BlockContext | null },
): AddFact {
  let order = 0;
  return (kind, value, rule, block, start, end, score) => {
    const text = doc.blocks[block]!.text;
    // Assertion before use: only what the protocol affirms of this study (kinds/assertion.ts).
    const c = current.c;
    if (c && c.b === block && !assertionAllows(kind, value, assertionOf(c, start, end))) return;
    // An abbreviation legend ("IV = intravenous; PBO = placebo") names things without saying the study uses them.
    if (/\b[A-Za-z0-9-]{1,12} = \S/.test(text.slice(Math.max(0, start - 16), end + 4))) score -= 4;
    if (score <= 0) return;
    let quote = sentenceAround(text, start, end);
    // A short answer right under its heading ("8.4 Data Monitoring Committee" / "Not required.") says what it answers
    // only with the heading: quote both (error class 9).
    const prev = doc.blocks[block - 1];
    const next = doc.blocks[block + 1];
    if (quote.length < 25 && text.length < 25 && prev?.kind === "heading" && prev.page === doc.blocks[block]!.page) {
      quote = `${prev.text} ${text}`.slice(0, 300);
    }
    // A bare line (a title-page field, a table cell) says little alone: quote it with the line that follows.
    else if (
      quote.length < 25 &&
      text.length < 25 &&
      next &&
      next.page === doc.blocks[block]!.page &&
      next.kind !== "heading"
    ) {
      quote = `${text} ${next.text}`.slice(0, 300);
    }
    candidates.push({ kind, value, rule, block, quote, score, order: order++ });
  };
}

export function extractFacts(doc: ProtocolDocument): Fact[] {
  const ix = indexDocument(doc);
  const candidates: Candidate[] = [];
  const current: { c: BlockContext | null } = { c: null };
  const add = candidateRecorder(doc, candidates, current);
  const impNames = findImpNames(ix);
  for (let b = 0; b < doc.blocks.length; b++) {
    const w = blockWeight(ix, b);
    if (w === 0) continue;
    const text = doc.blocks[b]!.text;
    const c: BlockContext = {
      doc,
      ix,
      b,
      w,
      text,
      lower: text.toLowerCase(),
      background: has(ix, b, "background"),
      heading: doc.blocks[b]!.kind === "heading",
      inTitle: has(ix, b, "title", "synopsis"),
      impNames,
      nearImp: impNames.some((n) => n.pattern.test(text)),
      add,
    };
    current.c = c;
    for (const rule of RULES) rule(c);
  }
  return choose(candidates);
}

/**
 * Values that say less than any other value of their kind ("multicentre" beside a number of sites; a country known
 * only from the national regulations cited): kept only when nothing more precise was found.
 */
function fallback(c: Candidate): boolean {
  return (c.kind === "sites" && c.value === "multicenter") || c.rule === "national regulations";
}

/** A schedule-of-activities row of crosses ("Informed consent X IVRS/IWRS X X …") shows no claim (error class 9). */
const SCHEDULE_ROW = /(?:\b[Xx]\b.*){3}/;

/**
 * The candidate a value is cited by: its best, unless that is a schedule row and another mention nearly as strong is a
 * sentence.
 */
function citable(best: Candidate, all: Candidate[]): Candidate {
  if (!SCHEDULE_ROW.test(best.quote)) return best;
  const sentence = all
    .filter((c) => !SCHEDULE_ROW.test(c.quote) && c.score >= best.score - 3)
    .sort((a, b) => b.score - a.score || a.order - b.order)[0];
  return sentence ? { ...sentence, score: best.score } : best;
}

function choose(candidates: Candidate[]): Fact[] {
  const out: Fact[] = [];
  for (const kind of FACT_KINDS) {
    const ofKind = candidates.filter((c) => c.kind === kind);
    // The score of a value: its best candidate, plus a little for each further mention (capped).
    const byValue = new Map<string, { best: Candidate; total: number; count: number; all: Candidate[] }>();
    for (const c of ofKind) {
      const v = byValue.get(c.value);
      if (!v) byValue.set(c.value, { best: c, total: c.score, count: 1, all: [c] });
      else {
        v.count++;
        v.total += c.score;
        v.all.push(c);
        if (c.score > v.best.score || (c.score === v.best.score && c.order < v.best.order)) v.best = c;
      }
    }
    const ranked = [...byValue.values()].sort(
      (a, b) =>
        Number(fallback(a.best)) - Number(fallback(b.best)) ||
        b.best.score + Math.min(3, b.count - 1) * 0.5 - (a.best.score + Math.min(3, a.count - 1) * 0.5) ||
        a.best.order - b.best.order,
    );
    const top = ranked[0];
    if (!top) continue;
    const precise = !fallback(top.best);
    // Values far below the best are dropped (a passing mention in the body next to a title-page statement).
    const floor = top.best.score - (KEEP[kind] > 1 ? 6 : 0);
    for (const r of ranked.slice(0, KEEP[kind])) {
      if (r.best.score < floor || (precise && fallback(r.best))) continue;
      const { order: _order, ...fact } = citable(r.best, r.all);
      out.push(fact);
    }
  }
  return out;
}
