/**
 * The offline analyzer's fact rules: deterministic patterns over the blocks of a protocol, each candidate scored by
 * where it sits (title page and synopsis over body, background and references not at all, see sections.ts) and by its
 * context (negations, other studies, boilerplate), then the best values kept per kind. Every fact keeps its evidence:
 * the block and a verbatim quote of the sentence it came from.
 */
import type { ProtocolDocument } from "../../contract";
import { blockWeight, indexDocument, type DocIndex, type SectionTag } from "./sections";

export const FACT_KINDS = [
  "phase",
  "blinding",
  "design",
  "arms",
  "control",
  "condition",
  "age",
  "enrolment",
  "imp",
  "route",
  "dose",
  "duration",
  "primaryEndpoint",
  "geography",
  "sites",
  "inpatient",
  "caregiver",
  "dsmb",
  "technology",
  "specialPopulation",
  "sampling",
  // Beyond the facts files' kinds (issue 15's safety facts):
  "stoppingRules",
  "aesi",
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface Fact {
  kind: FactKind;
  /** A short canonical value ("phase 2a", "double-blind", "496", "≥18 years", "intravenous"). */
  value: string;
  /** The rule that produced it, for the history file. */
  rule: string;
  block: number;
  /** The sentence the fact came from, verbatim from the block's text. */
  quote: string;
  score: number;
}

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
  specialPopulation: 3,
  sampling: 5,
  stoppingRules: 1,
  aesi: 1,
};

const WORD_NUMBERS: Record<string, number> = {
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
const ROMAN: Record<string, string> = {
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

function has(ix: DocIndex, block: number, ...tags: SectionTag[]): boolean {
  const t = ix.blockTags[block] ?? [];
  return tags.some((x) => t.includes(x));
}

export function extractFacts(doc: ProtocolDocument): Fact[] {
  const ix = indexDocument(doc);
  const candidates: Candidate[] = [];
  let order = 0;
  const add = (
    kind: FactKind,
    value: string,
    rule: string,
    block: number,
    start: number,
    end: number,
    score: number,
  ) => {
    const text = doc.blocks[block]!.text;
    // An abbreviation legend ("IV = intravenous; PBO = placebo") names things without saying the study uses them.
    if (/\b[A-Za-z0-9-]{1,12} = \S/.test(text.slice(Math.max(0, start - 16), end + 4))) score -= 4;
    if (score <= 0) return;
    let quote = sentenceAround(text, start, end);
    // A bare line (a title-page field, a table cell) says little alone: quote it with the line that follows.
    const next = doc.blocks[block + 1];
    if (
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
  const impNames = findImpNames(ix);

  for (let b = 0; b < doc.blocks.length; b++) {
    const w = blockWeight(ix, b);
    if (w === 0) continue;
    const text = doc.blocks[b]!.text;
    const lower = text.toLowerCase();
    const background = has(ix, b, "background");
    const heading = doc.blocks[b]!.kind === "heading";
    const inTitle = has(ix, b, "title", "synopsis");

    // Phase: "Phase IIa", "phase 1b/2", "Trial Phase: Phase III", "Clinical trial phase: IIa".
    for (const m of text.matchAll(
      /\b(?:phase|trial phase|clinical (?:trial )?phase)\s*:?\s*(0|I{1,3}V?|IV|[1-4])\s*([ab])?(?:\s*(?:\/|–|-|and|to)\s*(I{1,3}|IV|[1-4])\s*([ab])?)?(?![a-z])/gi,
    )) {
      const before = lower.slice(Math.max(0, m.index - 60), m.index);
      const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
      if (/^\s*(studies|trials|clinical studies|clinical trials|program|data|results|experience)\b/.test(after))
        continue;
      if (
        /\b(in|from|of) (a|an|the|two|several|previous|earlier|prior|completed|ongoing)( [a-z-]+){0,3}\s*$/.test(
          before,
        ) &&
        !/this (study|trial)/.test(before)
      )
        continue;
      if (/(et al|previous|prior|earlier|completed|reported|sister|other|another)\b/.test(before)) continue;
      if (/^\s*(portion|part|period)\b/.test(after) && !inTitle) continue;
      const n1 = ROMAN[m[1]!.toLowerCase()];
      if (n1 === undefined) continue;
      let value = `phase ${n1}${(m[2] ?? "").toLowerCase()}`;
      if (m[3]) value += `/${ROMAN[m[3].toLowerCase()]}${(m[4] ?? "").toLowerCase()}`;
      const thisStudy = /this (is a|study|trial|protocol)|the protocol is for/.test(before + lower.slice(0, 0)) ? 3 : 0;
      add("phase", value, "phase keyword", b, m.index, m.index + m[0].length, w + thisStudy - (background ? 3 : 0));
    }

    // Blinding.
    for (const m of text.matchAll(
      /\b(open[- ]label|double[- ]blind(?:ed)?|single[- ]blind(?:ed)?|triple[- ]blind(?:ed)?|quadruple[- ]blind(?:ed)?|observer[- ]blind(?:ed)?|assessor[- ]blind(?:ed)?|double[- ]dummy|blinded|masked|unblinded)\b/gi,
    )) {
      const word = m[1]!
        .toLowerCase()
        .replace(" ", "-")
        .replace(/-blinded$/, "-blind");
      const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
      const before = lower.slice(Math.max(0, m.index - 80), m.index);
      if (/^\s*(extension|run-in|placebo run|period|phase)/.test(after) && !inTitle) continue;
      if (/^\s*(placebo|run)/.test(after) && word === "single-blind") continue;
      if (/(interim|if the|will receive|receive open|emergency|unblind)/.test(before) && word === "open-label")
        continue;
      if (
        word === "blinded" &&
        /(will not be|not be made|remain|be)\s*$/.test(before) === false &&
        !inTitle &&
        !has(ix, b, "design", "blinding")
      )
        continue;
      if (word === "unblinded" && !/\b(study|trial) is\b/.test(before)) continue;
      const value = word === "double-dummy" ? "double-blind" : word === "masked" ? "blinded" : word;
      const sectionBonus = has(ix, b, "design", "blinding") ? 2 : 0;
      const strength = value === "blinded" ? -1 : 0;
      add(
        "blinding",
        value,
        "blinding keyword",
        b,
        m.index,
        m.index + m[0].length,
        w + sectionBonus + strength - (background ? 4 : 0),
      );
    }
    for (const m of text.matchAll(
      /blind schema\s*:?\s*(open[- ]label|double[- ]blind|single[- ]blind|triple[- ]blind)/gi,
    )) {
      add(
        "blinding",
        m[1]!.toLowerCase().replace(" ", "-"),
        "M11 Trial Blind Schema",
        b,
        m.index,
        m.index + m[0].length,
        14,
      );
    }

    // Design.
    if (!background) {
      for (const m of text.matchAll(
        /\b(parallel[- ]group|parallel[- ]arm|parallel|cross[- ]?over|single[- ](?:arm|group)|factorial|platform|master protocol|dose[- ]escalation|dose[- ]finding|(?:two|three|four|five|2|3|4|5)[- ]arm(?:ed)?|randomi[sz]ed)\b/gi,
      )) {
        const word = m[1]!.toLowerCase();
        const before = lower.slice(Math.max(0, m.index - 60), m.index);
        const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
        if (/^\s*(study|trial) (assessing|of|in) /.test(after) && /\b(a|another)\s*$/.test(before) && !inTitle)
          continue;
        if (/\b(previous|prior|other|another|et al)\b/.test(before)) continue;
        let value = word
          .replace(/cross[- ]?over/, "crossover")
          .replace(/parallel[- ](group|arm)/, "parallel")
          .replace(/single[- ](arm|group)/, "single-group")
          .replace(/master protocol/, "platform")
          .replace(/dose[- ]/, "dose-")
          .replace(/randomi[sz]ed/, "randomized");
        const arms = /^(two|three|four|five|2|3|4|5)[- ]arm/.exec(value);
        if (arms) value = `${WORD_NUMBERS[arms[1]!] ?? arms[1]}-arm`;
        if (value === "parallel" && /^\s*(study|trial|studies)\b/.test(after) && !inTitle && !has(ix, b, "design"))
          continue;
        const m11 = /interventional model\s*:?\s*$/.test(before) ? 6 : 0;
        const designBonus = has(ix, b, "design") ? 2 : 0;
        add(
          "design",
          value,
          "design keyword",
          b,
          m.index,
          m.index + m[0].length,
          w + m11 + designBonus - (value === "randomized" ? 2 : 0),
        );
      }
    }

    // Arms.
    for (const m of text.matchAll(
      /\b(?:number of arms\s*:?\s*(\d{1,2})|(\d{1,2}|two|three|four|five|six|seven|eight)\s+(?:treatment |study |parallel )?(?:arms|groups|cohorts)\b|(two|three|four|five|2|3|4|5)[- ]arm(?:ed)?\b|one of the following\s+(\d{1,2}|two|three|four|five|six)\s+(?:treatment\s+)?(?:arms|groups))/gi,
    )) {
      const raw = (m[1] ?? m[2] ?? m[3] ?? m[4])!.toLowerCase();
      const n = /^\d+$/.test(raw) ? Number(raw) : WORD_NUMBERS[raw];
      if (!n || n < 1 || n > 12) continue;
      const before = lower.slice(Math.max(0, m.index - 60), m.index);
      if (/\b(both|each of the|all|across|per|the)\s*$/.test(before) && !m[1] && !m[4]) continue;
      if (background || has(ix, b, "statistics")) continue;
      const strong = m[1] || m[4] ? 6 : 0;
      add("arms", String(n), "arms count", b, m.index, m.index + m[0].length, w + strong);
    }
    const ratio =
      /\b(?:randomi[sz]ed|randomi[sz]ation|allocated|assigned)\b[^.]{0,40}?\b(\d(?::\d){1,5})\b(?! ?(?:am|pm|h))/i.exec(
        text,
      );
    if (ratio && !background && !has(ix, b, "statistics")) {
      const n = ratio[1]!.split(":").length;
      add("arms", String(n), "randomisation ratio", b, ratio.index, ratio.index + ratio[0].length, w - 2);
    }
    const armLetters = new Set([...text.matchAll(/\bArm ([A-F])\b/g)].map((m) => m[1]));
    if (armLetters.size >= 2 && !background) {
      const first = /\bArm [A-F]\b/.exec(text)!;
      add("arms", String(armLetters.size), "Arm A/B labels", b, first.index, first.index + 5, w - 1);
    }

    // Control.
    if (!background && !has(ix, b, "concomitant")) {
      for (const m of text.matchAll(
        /\b(placebo[- ]controlled|matching placebo|matched placebo|placebo (?:group|arm)|(?:versus|vs\.?|compared (?:with|to)) placebo|control type\s*:?\s*[^.]{0,20}placebo|placebo will consist)\b/gi,
      )) {
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        if (/\b(not|no|without)\s*(a\s*)?$/.test(before)) continue;
        add(
          "control",
          "placebo",
          "placebo control",
          b,
          m.index,
          m.index + m[0].length,
          w + (/control type/i.test(m[0]) ? 6 : 0),
        );
      }
      for (const m of text.matchAll(
        /\bactive (?:comparator|control)(?: (?:arm|group|drug))?,?\s*(?:is\s+|of\s+|\()?([A-Za-z][a-z]{4,}(?:[a-z]+))?/gi,
      )) {
        const drug = m[1]?.toLowerCase();
        const value =
          drug &&
          /(mab|nib|flozin|glutide|gliptin|sartan|pril|statin|vir|mide|zole|cillin|mycin|olol|parin|formin|ide|ine|one|ate|il)$/.test(
            drug,
          )
            ? drug
            : "active comparator";
        add("control", value, "active comparator", b, m.index, m.index + m[0].length, w + 4);
      }
      for (const m of text.matchAll(
        /\b(historical (?:control|data|rate|benchmark)|one[- ]sample test|single[- ]arm|uncontrolled|non-comparative)\b/gi,
      )) {
        add("control", "historical control", "no concurrent control", b, m.index, m.index + m[0].length, w - 3);
      }
    }

    // Condition: "patients with X", "Population Diagnosis or Condition X".
    if (inTitle || has(ix, b, "population", "design")) {
      for (const m of text.matchAll(
        /\b(?:(?:patients|participants|subjects|adults|people|individuals|children|volunteers|outpatients|inpatients|men|women)\s+(?:\(≥\s?\d+ years old\)\s+)?(?:aged [^,]{3,20} )?with|diagnosis or condition\s*:?|condition\/disease\s*:?)\s+((?:[A-Za-z0-9][\w'/-]*[ ,]?){1,10})/gi,
      )) {
        const phrase = cleanCondition(m[1]!);
        if (!phrase) continue;
        const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
        if (/(not included|are excluded|excluded|exclusion|not eligible)/.test(sentence)) continue;
        const score = w + (inTitle ? 2 : 0) + (/diagnosis or condition/i.test(m[0]) ? 4 : 0);
        add("condition", phrase, "population phrase", b, m.index, m.index + m[0].length, score);
        for (const part of phrase.split(/ and | associated with | with /)) {
          if (part !== phrase && part.length > 3)
            add("condition", part.trim(), "population phrase (part)", b, m.index, m.index + m[0].length, score - 1);
        }
      }
    }

    if ((inTitle || has(ix, b, "population", "design", "inclusion")) && !heading) {
      for (const m of text.matchAll(
        /\bhealthy (?:adult |male |female |elderly |older )*(?:volunteers|subjects|participants)\b/gi,
      )) {
        add("condition", "healthy volunteers", "healthy volunteers", b, m.index, m.index + m[0].length, w + 1);
      }
      // "… in Early Alzheimer's Disease", "… with persistent asthma": a noun phrase ending in a disease word.
      for (const m of text.matchAll(CONDITION_HEAD)) {
        const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
        if (/(not included|are excluded|excluded|exclusion|not eligible|history of)/.test(sentence)) continue;
        const raw = m[1]!.replace(/\s+/g, " ").trim();
        const phrase = raw.replace(/\s*\([^)]*\)/g, "").toLowerCase();
        add("condition", phrase, "condition phrase", b, m.index, m.index + m[0].length, w + (inTitle ? 2 : 0) - 1);
        for (const a of raw.matchAll(/\(([A-Z][A-Za-z0-9-]{1,10})\)/g)) {
          add("condition", a[1]!.toLowerCase(), "condition acronym", b, m.index, m.index + m[0].length, w - 2);
        }
      }
    }

    // Age: inside inclusion criteria or the design/synopsis, never from background.
    if (has(ix, b, "inclusion", "synopsis", "population", "design") && !background && !has(ix, b, "exclusion")) {
      for (const m of text.matchAll(
        /(?:\b(?:aged?|age)\s*(?:of\s*)?(?:≥|>=|≧)\s*(\d{1,2})\s*(?:years?|yrs)|(?:≥|>=)\s*(\d{1,2})\s*years(?: of age| old)?|\bat least\s*(\d{1,2})\s*years(?: of age| old)?|\b(\d{1,2})\s*years (?:of age )?(?:and|or) (?:older|over|above)|\bage minimum\s*:?\s*(\d{1,2})\s*years?|\b(?:aged?|between)\s*(\d{1,2})\s*(?:to|and|-|–)\s*(\d{1,2})\s*years|\b(\d{1,2})\s*(?:to|-|–)\s*(\d{1,2})\s*years of age)/gi,
      )) {
        const min = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[8];
        const max = m[7] ?? m[9];
        if (!min) continue;
        const before = lower.slice(Math.max(0, m.index - 50), m.index);
        if (
          /(body weight|weight|duration|history|for|since|within|past|last|diagnosed)\s*[a-z ]{0,12}$/.test(before) &&
          !/\bage\b/.test(before)
        )
          continue;
        const value = max ? `${min}-${max} years` : `≥${min} years`;
        add("age", value, "age limits", b, m.index, m.index + m[0].length, w + (has(ix, b, "inclusion") ? 3 : 0));
      }
    }

    // Enrolment.
    if (!background && !has(ix, b, "interim")) {
      for (const m of text.matchAll(
        /\b(?:(?:randomi[sz]e|enrol{1,2}|include|recruit|treat)(?:d|ed)?\s+(?:a total of\s+|up to\s+|approximately\s+|about\s+|~\s*)*(\d{1,3}(?:,\d{3})*|\d+)\s+(?:evaluable\s+|eligible\s+|healthy\s+)?(?:patients|participants|subjects|people|volunteers|individuals|children|adults|infants|adolescents)|(?:a total of|target of|approximately|about|up to)\s+(?:approximately\s+)?(\d{1,3}(?:,\d{3})*|\d+)\s+(?:evaluable\s+|eligible\s+|healthy\s+)?(?:patients|participants|subjects|people|volunteers|children|adults|infants|adolescents|women|men)\b(?![^.]{0,40}\bscreened\b)[^.]{0,60}?\b(?:randomi[sz]ed|enrol{1,2}ed|enrol{1,2}|included|treated|participate)|(?:planned )?sample size (?:is|of|will be)\s+(?:approximately\s+)?(\d{1,3}(?:,\d{3})*|\d+)|number of (?:subjects|participants|patients)\s*(?:\(planned\))?\s*:?\s*(?:approximately\s+)?(\d{1,3}(?:,\d{3})*|\d+)|(?:enrol{1,2}|expect to enrol{1,2})\s+(?:about|approximately|up to)\s+(\d{1,3}(?:,\d{3})*|\d+))/gi,
      )) {
        const raw = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5])!;
        const n = Number(raw.replace(/,/g, ""));
        if (!n || n < 6 || n > 100000) continue;
        const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 30);
        if (/^\s*(will be )?screened/.test(after)) continue;
        const ctx = lower.slice(Math.max(0, m.index - 60), m.index + m[0].length);
        if (/screen/.test(ctx) && !/randomi|enrol/.test(ctx)) continue;
        if (
          /(first|initial|after|assumes|effective|power|interim)\s+[a-z ]{0,20}$/.test(
            lower.slice(Math.max(0, m.index - 40), m.index),
          )
        )
          continue;
        const bonus = has(ix, b, "sampleSize", "population") ? 2 : 0;
        add(
          "enrolment",
          String(n),
          "planned enrolment",
          b,
          m.index,
          m.index + m[0].length,
          w + bonus + (/randomi/.test(ctx) ? 1 : 0),
        );
      }
    }

    // Investigational products: names found by findImpNames, cited where named with a role.
    for (const name of impNames) {
      const m = name.pattern.exec(text);
      if (!m) continue;
      const roleContext =
        /(investigational|study (drug|treatment|medication|product)|experimental|imp\b|we are studying|title|code)/i.test(
          text,
        );
      if (!roleContext && !inTitle) continue;
      add(
        "imp",
        name.value,
        name.rule,
        b,
        m.index,
        m.index + m[0].length,
        w + (roleContext ? 2 : 0) + Math.min(3, name.count / 10),
      );
    }

    // Route: near an IMP or in the treatment sections.
    const nearImp = impNames.some((n) => n.pattern.test(text));
    if (
      (has(ix, b, "treatment", "synopsis", "consent") || nearImp) &&
      !background &&
      !has(ix, b, "concomitant", "contraception", "exclusion", "inclusion")
    ) {
      for (const m of text.matchAll(
        /\b(orally|oral|by mouth|p\.?o\.?(?= )|intravenous(?:ly)?|IV(?= |\)|,)|infusions?|subcutaneous(?:ly)?|SC(?= )|s\.c\.|intramuscular(?:ly)?|IM(?= )|inhaled|inhalation|intranasal(?:ly)?|nasal spray|topical(?:ly)?|transdermal|sublingual|intravitreal|(?:film-coated )?tablets?|capsules?)\b/g,
      )) {
        const raw = m[1]!;
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        const after = lower.slice(m.index + raw.length, m.index + raw.length + 40);
        if (/(contracept|anti-?diabetic|anti-rejection|immunomodulatory|and written|hormonal)/.test(before + after))
          continue;
        if (/^\s*(and written|contracept|information|consent)/.test(after)) continue;
        if (/(site based|device|electronic)\s*$/.test(before)) continue;
        if (/(sc formulation|iv and sc|and sc formulations)/.test(lower.slice(Math.max(0, m.index - 10), m.index + 30)))
          continue;
        const r = raw.toLowerCase().replace(/\./g, "");
        const value = /^(oral|orally|by mouth|po|tablets?|film-coated tablets?|capsules?)$/.test(r)
          ? "oral"
          : /^(intravenous|intravenously|iv|infusions?)$/.test(r)
            ? "intravenous"
            : /^(subcutaneous|subcutaneously|sc)$/.test(r)
              ? "subcutaneous"
              : /^(intramuscular|intramuscularly|im)$/.test(r)
                ? "intramuscular"
                : /^(inhaled|inhalation)$/.test(r)
                  ? "inhaled"
                  : /^(intranasal|intranasally|nasal spray)$/.test(r)
                    ? "intranasal"
                    : /^(topical|topically)$/.test(r)
                      ? "topical"
                      : r;
        add(
          "route",
          value,
          "route of administration",
          b,
          m.index,
          m.index + raw.length,
          w + (nearImp ? 2 : 0) + (/^(tablet|capsule|infusion)/.test(r) ? -1 : 0),
        );
      }
    }

    // Doses: a strength with its unit, in a sentence that names an IMP, in the treatment sections or synopsis.
    if (
      (has(ix, b, "treatment", "synopsis") || nearImp) &&
      !background &&
      !has(ix, b, "concomitant", "inclusion", "exclusion", "safety")
    ) {
      for (const m of text.matchAll(
        /\b(\d+(?:\.\d+)?)\s?(mg\/kg|mg\/m2|mg\/m²|mg|µg|mcg|μg|micrograms?|IU|mL\/kg)(?![/a-z])/gi,
      )) {
        const sentence = sentenceAround(text, m.index, m.index + m[0].length);
        const namesImp = impNames.some((n) => n.pattern.test(sentence));
        // Without the product's name, a sentence of a treatment section that speaks of doses or strengths.
        const doseTalk =
          has(ix, b, "treatment") &&
          /\b(doses?|strengths?|dosage|dosed|dosing)\b/i.test(sentence) &&
          !/(concomitant|prohibited|rescue|background therapy|prior)/i.test(sentence);
        if (!namesImp && !doseTalk) continue;
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        if (
          /(maximum|no more than|up to|dose of chloroquine|prednisone|dexamethasone|for body weight)\s*[a-z ]{0,10}$/.test(
            before,
          ) &&
          !/maximum dose of\s*$/.test(before)
        ) {
          if (!/maximum dose of\s*$/.test(before)) continue;
        }
        if (/\b(single|starting) dose of\s*$/.test(before) && has(ix, b, "background")) continue;
        const unit = m[2]!
          .toLowerCase()
          .replace(/^micrograms?$/, "µg")
          .replace("mcg", "µg")
          .replace("μg", "µg")
          .replace("m²", "m2");
        const value = `${m[1]} ${unit}`;
        add("dose", value, "dose with unit", b, m.index, m.index + m[0].length, w + (has(ix, b, "treatment") ? 1 : 0));
      }
    }

    // Durations.
    if (!background && !has(ix, b, "exclusion", "inclusion", "aeDefinitions")) {
      for (const m of text.matchAll(
        /\b(?:treated for|treatment (?:period|duration) of|for a (?:total )?(?:treatment )?(?:period|duration) of|followed(?: up)? (?:for|through|until)(?: a total of)?|follow-up (?:period )?of|study duration:?|duration of (?:the )?(?:study|treatment|participation)(?: is| will be)?(?: approximately)?|over a period of)\s+(?:approximately\s+|up to\s+)?(\d+(?:\.\d+)?)\s*(days?|weeks?|months?|years?)|\b(\d+(?:\.\d+)?)[- ](day|week|month|year)s? (?:treatment|double-blind|follow-up|study) (?:period|phase|duration)|\b(?:period|participation|treatment|follow-up|study)\b[^.]{0,50}?\b(?:lasts?|will last|is|of)\s+(?:approximately\s+|about\s+|up to\s+)(\d+(?:\.\d+)?)\s*(days?|weeks?|months?|years?)|\b(?:lasts?|will last)\s+(?:approximately\s+|about\s+|up to\s+)?(\d+(?:\.\d+)?)\s*(days?|weeks?|months?|years?)|\b(?:followed|follow-up|study ends|duration)\b[^.]{0,120}?\b(?:about|approximately|up to|at most|maximum of)\s+(\d+(?:\.\d+)?)\s*(weeks|months|years)/gi,
      )) {
        const n = m[1] ?? m[3] ?? m[5] ?? m[7] ?? m[9];
        let unit = (m[2] ?? m[4] ?? m[6] ?? m[8] ?? m[10])!.toLowerCase();
        if (!unit.endsWith("s")) unit += "s";
        if (Number(n) === 1) unit = unit.replace(/s$/, "");
        add(
          "duration",
          `${n} ${unit}`,
          "duration",
          b,
          m.index,
          m.index + m[0].length,
          w + (has(ix, b, "design", "synopsis") ? 1 : 0),
        );
      }
    }

    if (has(ix, b, "design", "synopsis") && !background) {
      const u = /\buntil (?:disease )?progression\b/i.exec(text);
      if (u)
        add("duration", "until progression", "treatment until progression", b, u.index, u.index + u[0].length, w - 1);
    }

    // Primary endpoint.
    primaryEndpoint(ix, b, text, add);

    // Geography and sites.
    if (!has(ix, b, "title", "references", "toc") || has(ix, b, "synopsis")) {
      if (!background && !has(ix, b, "consent", "safety")) {
        for (const m of text.matchAll(
          /\b(worldwide|multinational|international|global(?:ly)?|multi-country|multicountry|several countries)\b/gi,
        )) {
          const before = lower.slice(Math.max(0, m.index - 50), m.index);
          const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
          if (
            /^\s*(conference|council|society|standards?|guidelines?|classification|network|coordinating|units?|harmoni[sz]ation|committee|union|agency|health|prevalence|pandemic|burden|assessment|impression)/.test(
              after,
            )
          )
            continue;
          if (
            /(world health|internationally recognized|who|ich|the)\s*$/.test(before) &&
            !/(centers|centres|sites|trials?)\s*$/.test(before)
          )
            continue;
          const v = m[1]!.toLowerCase().replace(/^globally$/, "global");
          add(
            "geography",
            v,
            "geographic scope",
            b,
            m.index,
            m.index + m[0].length,
            w + (/(sites|centers|centres|trials)\b/.test(before + after) ? 2 : 0),
          );
        }
        for (const m of text.matchAll(/\bgeographic(?:al)? region[s]? \(([^)]{3,60})\)/gi)) {
          for (const region of m[1]!.split(/,| and /)) {
            const r = region.trim().toLowerCase();
            if (r) add("geography", r, "geographic regions", b, m.index, m.index + m[0].length, w + 2);
          }
        }
        for (const m of text.matchAll(
          /\b(?:in|across)\s+(?:approximately\s+|about\s+|up to\s+)?(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|several|multiple)\s+countries\b/gi,
        )) {
          const raw = m[1]!.toLowerCase();
          const n = /^\d+$/.test(raw) ? Number(raw) : (WORD_NUMBERS[raw] ?? 3);
          if (n >= 2)
            add("geography", "multinational", "number of countries", b, m.index, m.index + m[0].length, w + 2);
        }
        if (!has(ix, b, "title") && !heading) {
          for (const m of text.matchAll(COUNTRY_RE)) {
            const name = m[1]!;
            const before = lower.slice(Math.max(0, m.index - 60), m.index);
            if (
              /(address|located|office|headquarter|inc\.|ltd|gmbh|ag,|street|university of)\s*[a-z ,]*$/.test(before) &&
              !/(enrol|conducted|sites?|centers?|centres?) [a-z ]*$/.test(before)
            )
              continue;
            const country = US_STATES.has(name.toLowerCase()) ? "united states" : normalizeCountry(name);
            if (!/(site|center|centre|conducted|enrol|participat|countr|recruit|stratif)/.test(lower)) continue;
            add("geography", country, "country named", b, m.index, m.index + m[0].length, w);
          }
        }
      }
      if (!background && !heading && !has(ix, b, "consent", "safety", "aeDefinitions", "oversight")) {
        for (const m of text.matchAll(
          /\b(?:(?:approximately|about|up to|~)\s+)?(\d{1,4}|several hundred|hundreds of)\s+(?:(?:clinical|investigational|study|participating|paediatric|pediatric|hospital|academic|research|oncology|specialist|trial)\s+){0,2}(?:sites|centers|centres)\b|\b(single[- ](?:site|center|centre|institution))\b|\bat (?:the )?(university of [A-Z][a-z]+|[A-Z][a-z]+ (?:cancer )?(?:center|hospital))/gi,
        )) {
          const raw = (m[1] ?? m[2] ?? "").toLowerCase();
          const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
          if (m[3]) {
            if (
              /(enrol|conducted|recruit)/.test(sentence) &&
              /(total|all|subjects|patients|participants)/.test(sentence)
            ) {
              add("sites", "single site", "single named site", b, m.index, m.index + m[0].length, w - 1);
            }
            continue;
          }
          if (/^\d+$/.test(raw) && (Number(raw) < 2 || Number(raw) > 5000)) continue;
          const value = /single/.test(raw) ? "single site" : raw === "hundreds of" ? "hundreds" : raw;
          add(
            "sites",
            value,
            "number of sites",
            b,
            m.index,
            m.index + m[0].length,
            w + (/(enrol|conduct|participat|randomi)/.test(sentence) ? 2 : 0),
          );
        }
      }
    }

    // Inpatient or outpatient.
    if (!background && !has(ix, b, "aeDefinitions", "safety", "exclusion", "consent")) {
      for (const m of text.matchAll(
        /\b(outpatients?|ambulatory|inpatients?|hospitali[sz]ed|hospital stay|overnight stay|confinement|domiciled|admitted to (?:the )?(?:hospital|clinical research unit|unit)|administered in the clinic)\b/gi,
      )) {
        const raw = m[1]!.toLowerCase();
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 30);
        if (/(requires?|prolongation of|resulting in|require|no|not|without)\s*[a-z]*\s*$/.test(before)) continue;
        if (/(study|trial)\b/.test(after) && /\b(a|another|parallel)\s+[a-z ]*$/.test(before)) continue;
        if (/\(a parallel study/.test(lower.slice(Math.max(0, m.index - 80), m.index))) continue;
        const value = /^(outpatients?|ambulatory|administered in the clinic)$/.test(raw) ? "outpatient" : "inpatient";
        const inclusion = has(ix, b, "inclusion") ? 4 : 0;
        add("inpatient", value, "care setting", b, m.index, m.index + m[0].length, w + inclusion);
      }
    }

    // Caregivers.
    if (has(ix, b, "inclusion", "assessments", "population") && !background) {
      for (const m of text.matchAll(/\b(caregivers?|care partners?|study partners?|informants?)\b/gi)) {
        const before = lower.slice(Math.max(0, m.index - 20), m.index);
        if (/health\s*(care)?\s*$/.test(before)) continue;
        add("caregiver", "caregiver", "caregiver involvement", b, m.index, m.index + m[0].length, w + 2);
      }
    }

    // Data monitoring committees.
    for (const m of [
      ...text.matchAll(
        /\b(independent data monitoring committee|independent data and safety monitoring board|data and safety monitoring (?:board|committee)|data safety monitoring (?:board|committee)|data monitoring committee|safety monitoring committee|safety review committee)\b/gi,
      ),
      ...text.matchAll(/\b(IDMC|iDMC|DSMB|DSMC|DMC|SRC)\b/g),
    ]) {
      const raw = m[1]!;
      const before = text.slice(Math.max(0, m.index - 30), m.index).toLowerCase();
      const after = text.slice(m.index + raw.length, m.index + raw.length + 40).toLowerCase();
      if (/\b(no|without)\s+(independent\s+|external\s+)?$/.test(before) && !heading) {
        add("dsmb", "none", "no committee", b, m.index, m.index + raw.length, w + 4);
        continue;
      }
      if (/\bnot\s*$/.test(before) || /^\)?\s*\(?not dsmb/.test(after)) continue;
      if (background || has(ix, b, "references")) continue;
      let value = normalizeCommittee(raw);
      if (
        /^\s*not required/.test(after) ||
        (/^\s*\.?\s*$/.test(after) && /not required/i.test(doc.blocks[b + 1]?.text.slice(0, 40) ?? ""))
      )
        value = "none";
      if (/\bindependent\s*$/.test(before) && value === "dsmb") value = "independent dsmb";
      add(
        "dsmb",
        value,
        "committee",
        b,
        m.index,
        m.index + raw.length,
        w + (has(ix, b, "committees", "synopsis") ? 2 : 0) + (value === "none" ? 4 : 0),
      );
    }

    // Technology (acronyms case-sensitive, with word boundaries).
    if (!has(ix, b, "references")) {
      for (const m of [
        ...text.matchAll(/\b(IRT|IWRS|IVRS|IxRS|IXRS|RTSM|ePRO|eCOA|eDiary|EDC|eCRF|Velos|Holter)\b/g),
        ...text.matchAll(
          /\b(interactive (?:voice|web|response)[a-z -]{0,40}(?:system|technology)|e-diary|electronic diar(?:y|ies)|electronic case report forms?|wearables?|actigraph[a-z]*|accelerometers?|continuous glucose monitor[a-z]*|telemedicine|telehealth|video visits?|telephone (?:visits?|calls?|contacts?|follow-up)|by telephone|home (?:nursing )?visits?|home nursing|remote (?:data )?monitoring|centrali[sz]ed monitoring|smartphone app[a-z]*|mobile app[a-z]*)\b/gi,
        ),
      ]) {
        const raw = m[1]!;
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        if (/(no|not|without)\s*$/.test(before)) continue;
        const value = normalizeTechnology(raw);
        add("technology", value, "technology", b, m.index, m.index + raw.length, w - (background ? 3 : 0));
      }
    }

    // Special populations.
    if (!background && !has(ix, b, "references", "exclusion")) {
      for (const m of text.matchAll(
        /\b(legally[- ]authori[sz]ed representatives?|legal(?:ly)?\/authori[sz]ed representatives?|legal representatives?|LAR|incapacitated|not capable of giving consent|unable to (?:provide|give) (?:informed )?consent|impaired decision[- ]making capacity|pregnant or breastfeeding|pregnant women|pregnant|elderly|older adults|no upper age limit|paediatric|pediatric|children|adolescents|neonates|infants)\b/gi,
      )) {
        const raw = m[1]!.toLowerCase();
        const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
        if (
          /(are not|will not be|not be|excluded|exclusion|not eligible|must not|cannot|are excluded|negative pregnancy|pregnancy test|contracept)/.test(
            sentence,
          ) &&
          !/(can still|still join|may be|will include|allowed)/.test(sentence)
        )
          continue;
        if (/(grading|table for|severity of adult and pediatric)/.test(sentence)) continue;
        let value: string;
        if (/(represent|lar|incapacitated|capable|unable|impaired)/.test(raw)) value = "adults unable to consent (lar)";
        else if (/pregnan/.test(raw)) value = "pregnant women";
        else if (/(elderly|older adults|no upper age)/.test(raw)) value = "elderly";
        else value = "children";
        if (value === "children" && !has(ix, b, "inclusion", "population", "synopsis")) continue;
        add(
          "specialPopulation",
          value,
          "special population",
          b,
          m.index,
          m.index + m[0].length,
          w + (has(ix, b, "consent", "inclusion", "population") ? 1 : 0),
        );
      }
    }

    // Safety: stopping rules and adverse events of special interest.
    if (!background && !has(ix, b, "references", "toc", "abbreviations")) {
      for (const m of text.matchAll(
        /\b((?:study|trial|dosing|enrol?lment) (?:stopping|pausing|halting) (?:rules?|criteria)|(?:stopping|pausing|halting) (?:rules?|criteria)|(?:stop|pause|halt) (?:the )?(?:study|trial|dosing|enrol?lment) (?:if|when|early))\b/gi,
      )) {
        const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
        if (/\b(no|not applicable|none)\b/.test(sentence) && !/\bif\b/.test(sentence)) continue;
        add(
          "stoppingRules",
          "stopping rules",
          "stopping rules",
          b,
          m.index,
          m.index + m[0].length,
          w + (heading ? -1 : 1),
        );
      }
      for (const m of [
        ...text.matchAll(/\b(adverse events? of (?:special|particular) interest)\b/gi),
        ...text.matchAll(/\b(AESIs?)\b/g),
      ]) {
        add(
          "aesi",
          "aesi",
          "adverse events of special interest",
          b,
          m.index,
          m.index + m[0].length,
          w + (heading ? -1 : 1),
        );
      }
    }

    // Sampling and procedures.
    if (!background && !has(ix, b, "references", "exclusion")) {
      for (const m of text.matchAll(
        /\b(central (?:laborator(?:y|ies)|lab)|(?:mid-turbinate |nasopharyngeal |oropharyngeal )?(?:nasal )?swabs?|(?:core |tumou?r |skin |liver |muscle )?biops(?:y|ies)|archival (?:tumou?r )?tissue|pharmacokinetic (?:samples?|sampling|blood samples?)|PK (?:samples?|sampling)|serum samples?|plasma (?:and serum )?samples?|stored samples|biorepository|(?:central )?specimen repository|24-?hour urine|lumbar puncture|cerebrospinal fluid|bone marrow (?:aspirat[a-z]+|biops[a-z]+)|bronchoalveolar lavage|MRI|PET(?:-CT)? scans?|CT scans?|echocardiogra[a-z]+|endoscop[a-z]+|colonoscop[a-z]+|[Ss]pirometry)\b/g,
      )) {
        const raw = m[1]!;
        const value = normalizeSampling(raw);
        if (!value) continue;
        // In the eligibility criteria only a sample that must be provided (tissue, a biopsy) is a study procedure.
        if (has(ix, b, "inclusion") && !/^(biopsy|archival tissue)$/.test(value)) continue;
        const sentence = sentenceAround(text, m.index, m.index + raw.length).toLowerCase();
        if (/(abbreviation|= pharmacokinetics|not (be )?(collected|performed|required))/.test(sentence)) continue;
        add(
          "sampling",
          value,
          "sampling or procedure",
          b,
          m.index,
          m.index + raw.length,
          w + (has(ix, b, "assessments") ? 1 : 0),
        );
      }
    }
  }

  // No committee named anywhere, or only negated: an explicit "none" is already a candidate when stated.
  return choose(candidates);
}

function primaryEndpoint(
  ix: DocIndex,
  b: number,
  text: string,
  add: (kind: FactKind, value: string, rule: string, block: number, start: number, end: number, score: number) => void,
) {
  const w = blockWeight(ix, b);
  if (has(ix, b, "background")) return;
  const forms = (phrase: string): string[] => {
    const out = new Set<string>();
    const p = phrase
      .replace(/\s+/g, " ")
      .replace(/^(the |a |an )/i, "")
      .replace(/[.;:,]+$/, "")
      .trim();
    if (p.length < 3) return [];
    out.add(p.toLowerCase());
    const core = p.replace(/\s*\([^)]*\)/g, "").trim();
    if (core !== p) out.add(core.toLowerCase());
    for (const a of p.matchAll(/\b([A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9-]*|[A-Z]{2,}[0-9]*)\b/g)) {
      if (!/^(ICH|SAP|ITT|FAS|PP|CI|SD|BL|AE|SAE|WHO|US|EU|IV|PO)$/.test(a[1]!)) out.add(a[1]!.toLowerCase());
    }
    for (const k of p.toLowerCase().matchAll(ENDPOINT_TERMS)) out.add(k[0]);
    return [...out];
  };
  const primarySection = has(ix, b, "primaryEndpoint");
  for (const m of text.matchAll(
    /\b(?:the )?primary (?:efficacy |safety |study )?(?:endpoint|outcome|variable|objective|end point)s?(?: measure)?(?: of (?:this|the) (?:study|trial))?\s*(?:is|are|will be|:)\s*(?:to (?:evaluate|assess|compare|determine) )?((?:(?!\. )[^;])*?)(?:\.(?:\s|$)|;|$)/gi,
  )) {
    const phrase = m[1]!.slice(0, 200);
    // "The primary endpoint will be analysed / specified in the SAP …" says how, not what.
    if (
      /^(specified|described|defined|analy[sz]ed|tested|compared|presented|summari[sz]ed|based|assessed using the|handled|imputed|derived)\b/i.test(
        phrase,
      )
    )
      continue;
    for (const v of forms(phrase))
      add("primaryEndpoint", v, "primary endpoint statement", b, m.index, m.index + m[0].length, w + 3);
  }
  // "Safety and progression-free survival at 6 months are primary endpoints."
  for (const m of text.matchAll(
    /(?:^|[.;]\s+)([A-Z][^.;]{2,160}?)\s+(?:is|are)\s+(?:the\s+)?(?:co-)?primary\s+(?:efficacy\s+)?(?:endpoints?|outcomes?)\b/g,
  )) {
    for (const part of m[1]!.split(/,\s*|\s+and\s+/)) {
      for (const v of forms(part))
        add("primaryEndpoint", v, "primary endpoint statement", b, m.index, m.index + m[0].length, w + 2);
    }
  }
  // Under a "Primary endpoint/objective" heading: the first statements of the section.
  if (primarySection) {
    const block = ix.doc.blocks[b]!;
    const s = block.section !== null ? ix.doc.sections[block.section] : undefined;
    if (s && b > s.firstBlock && b <= s.firstBlock + 4 && block.kind !== "heading") {
      let at = 0;
      for (const sentence of text.split(/(?<=[.;])\s+/)) {
        const start = text.indexOf(sentence, at);
        at = start + sentence.length;
        if (/^(primary )?(objectives?|endpoints?)( primary (objectives?|endpoints?))?$/i.test(sentence.trim()))
          continue;
        // A statement of the objective ("to evaluate the efficacy of …") names only the endpoint terms it contains.
        const objective = /\bobjective\b|^to (evaluate|assess|compare|determine|demonstrate)/i.test(sentence);
        const values = objective
          ? [...sentence.toLowerCase().matchAll(ENDPOINT_TERMS)].map((k) => k[0])
          : forms(sentence.slice(0, 160));
        for (const v of values)
          add("primaryEndpoint", v, "primary endpoint section", b, start, start + sentence.length, w);
      }
    }
  }
}

const ENDPOINT_TERMS =
  /\b(progression[- ]free survival|overall survival|clinical status|ordinal (?:scale|outcome)|recovery|mortality|time to [a-z -]{3,30}|change from baseline in [a-z0-9 -]{2,30}|response rate|objective response|hba1c|nt-probnp|dose[- ]limiting toxicit(?:y|ies)|safety and tolerability|composite safety outcome|adverse events)\b/g;

/** A noun phrase (up to six words, maybe with an acronym in parentheses) that ends in a word naming a disease. */
const CONDITION_HEAD =
  /\b(?:in|with|for|of)\s+((?:(?!(?:patients|participants|subjects|adults|children|people|the|a|an|and|or|who|with|in|of)\b)[A-Za-z0-9'-]+(?:\s+\([A-Z][A-Za-z0-9-]{1,10}\))?\s+){0,6}(?:disease|cancer|carcinoma|adenocarcinoma|syndrome|disorder|asthma|diabetes(?: mellitus)?|failure|infection|pneumonia|arthritis|psoriasis|dermatitis|hypertension|sclerosis|fibrosis|leukaemia|leukemia|lymphoma|myeloma|melanoma|tumou?rs|covid-19|hepatitis [a-e]|obesity|depression|schizophrenia|migraine|epilepsy|stroke|colitis|atherosclerosis|dementia|neuropathy|pain|anaemia|anemia|copd))\b/gi;

function cleanCondition(raw: string): string | null {
  let p = raw
    .replace(/\s+/g, " ")
    .split(
      /\b(?:who|whose|that|which|in whom|receiving|treated|requiring|and (?:who|whose)|at|for|on|to|after|despite|from|undergoing|were|are|will|has|have|is)\b|[,;:(]/i,
    )[0]!
    .trim();
  p = p
    .replace(
      /^(a |an |the |confirmed |documented |known |previously treated |previously untreated |treatment-naive )+/i,
      "",
    )
    .replace(/[.\s]+$/, "");
  if (p.length < 4 || p.split(" ").length > 9) return null;
  if (/^(the|a|an|this|their|these|no|any|other|at least|history|signs|symptoms|respect|regard)\b/i.test(p))
    return null;
  return p.toLowerCase();
}

function normalizeCommittee(raw: string): string {
  const r = raw.toLowerCase();
  if (/^(idmc|independent data monitoring committee)$/.test(r)) return "idmc";
  if (
    /^(dsmb|data and safety monitoring board|data safety monitoring board|independent data and safety monitoring board)$/.test(
      r,
    )
  )
    return "dsmb";
  if (/^(dsmc|data and safety monitoring committee|data safety monitoring committee)$/.test(r)) return "dsmc";
  if (/^(dmc|data monitoring committee)$/.test(r)) return "dmc";
  if (/^(src|safety review committee)$/.test(r)) return "safety review committee";
  return "safety monitoring committee";
}

function normalizeTechnology(raw: string): string {
  const r = raw.toLowerCase();
  if (/^(irt|iwrs|ivrs|ixrs|rtsm)$/.test(r)) return r;
  if (/^interactive/.test(r)) return "irt";
  if (/^(epro|ecoa|ediary|e-diary|electronic diar)/.test(r))
    return /ecoa/.test(r) ? "ecoa" : /diar/.test(r) ? "ediary" : "epro";
  if (/^(edc|ecrf|electronic case report)/.test(r)) return /edc/.test(r) ? "edc" : "ecrf";
  if (r === "velos") return "velos";
  if (/^(wearable|actigraph|accelerometer)/.test(r)) return "wearable";
  if (/continuous glucose/.test(r)) return "cgm";
  if (r === "holter") return "holter";
  if (/^(telemedicine|telehealth|video visit)/.test(r)) return "telemedicine";
  if (/telephone/.test(r)) return "telephone";
  if (/^home (visit|nursing)/.test(r)) return "home visits";
  if (/(remote|centrali)/.test(r)) return /remote/.test(r) ? "remote monitoring" : "centralized monitoring";
  if (/app/.test(r)) return "mobile app";
  return r;
}

function normalizeSampling(raw: string): string | null {
  const r = raw.toLowerCase();
  if (/^central (lab|laborator)/.test(r)) return "central laboratory";
  if (/swab/.test(r))
    return /nasopharyngeal/.test(r)
      ? "nasopharyngeal swab"
      : /mid-turbinate/.test(r)
        ? "mid-turbinate nasal swab"
        : "swab";
  if (/biops/.test(r)) return /bone marrow/.test(r) ? "bone marrow biopsy" : "biopsy";
  if (/archival/.test(r)) return "archival tissue";
  if (/^(pharmacokinetic|pk)/.test(r)) return "pk samples";
  if (/^serum/.test(r)) return "serum samples";
  if (/^plasma/.test(r)) return "plasma";
  if (/(stored samples|biorepository|repository)/.test(r))
    return /repository/.test(r) ? "central specimen repository" : "stored samples";
  if (/urine/.test(r)) return "24-hour urine";
  if (/(lumbar|cerebrospinal)/.test(r)) return "lumbar puncture";
  if (/bronchoalveolar/.test(r)) return "bal";
  if (/^(mri|pet|ct scan|echocardio|endoscop|colonoscop|spirometry)/.test(r)) return r.replace(/s$/, "");
  return r;
}

function choose(candidates: Candidate[]): Fact[] {
  const out: Fact[] = [];
  for (const kind of FACT_KINDS) {
    const ofKind = candidates.filter((c) => c.kind === kind);
    // The score of a value: its best candidate, plus a little for each further mention (capped).
    const byValue = new Map<string, { best: Candidate; total: number; count: number }>();
    for (const c of ofKind) {
      const v = byValue.get(c.value);
      if (!v) byValue.set(c.value, { best: c, total: c.score, count: 1 });
      else {
        v.count++;
        v.total += c.score;
        if (c.score > v.best.score || (c.score === v.best.score && c.order < v.best.order)) v.best = c;
      }
    }
    const ranked = [...byValue.values()].sort(
      (a, b) =>
        b.best.score + Math.min(3, b.count - 1) * 0.5 - (a.best.score + Math.min(3, a.count - 1) * 0.5) ||
        a.best.order - b.best.order,
    );
    const top = ranked[0];
    if (!top) continue;
    // Values far below the best are dropped (a passing mention in the body next to a title-page statement).
    const floor = top.best.score - (KEEP[kind] > 1 ? 6 : 0);
    for (const r of ranked.slice(0, KEEP[kind])) {
      if (r.best.score < floor) continue;
      const { order: _order, ...fact } = r.best;
      out.push(fact);
    }
  }
  return out;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface ImpName {
  value: string;
  display: string;
  /** The name and its abbreviations ("tocilizumab (TCZ)"), as a whole-word pattern. */
  pattern: RegExp;
  rule: string;
  count: number;
}

/** International nonproprietary name stems of medicines, and sponsor codes ("LIK066", "RO4877533", "ABC-1234"). */
const INN =
  /\b([a-z]{3,}(?:mab|nib|parib|lisib|ciclib|gliflozin|glutide|gliptin|sartan|pril|vastatin|vir|previr|buvir|tide|dil|cept|kinra|stim|platin|taxel|rubicin|tinib|zumab|ximab|umab|lukast|prazole|oxacin|cycline|mycin|cillin|conazole|azole|olol|dipine|parin|xaban|gatran|semide|tidine|setron|pitant|triptan|sertib|degib|fenib|rafenib|tecan|trexate|abine|citabine|mustine|zomib|lidomide|sonide|olone|asone|terol|tropium|lintide|relin|relix|tegravir|navir|dronate|parcel|siran|ersen|plin|leucel|prost|meterol))\b/gi;
const CODE = /\b([A-Z]{2,5}-?\d{3,7}[A-Z]?)\b/g;
const NOT_DRUGS = new Set([
  "placebo",
  "protocol",
  "investigational",
  "insulin",
  "oxygen",
  "ventilation",
  "dexamethasone",
  "prednisone",
  "heparin",
  "enoxaparin",
  "vitamin",
  "medicine",
  "criteria",
  "cytokine",
  "statin",
  "pathogen",
  "peptide",
  "gene",
]);

/**
 * The study's investigational products: drug-like names (INN stems, sponsor codes) that the title page, the synopsis
 * or the treatment sections name, ranked by how often and where they appear; comparators and background drugs are
 * kept when the protocol treats them as study treatment (they matter for supply either way).
 */
function findImpNames(ix: DocIndex): ImpName[] {
  const stats = new Map<string, { display: string; count: number; strong: number; rule: string; named?: boolean }>();
  const doc = ix.doc;
  for (let b = 0; b < doc.blocks.length; b++) {
    const w = blockWeight(ix, b);
    if (w === 0) continue;
    const text = doc.blocks[b]!.text;
    const strongPlace =
      has(ix, b, "title", "synopsis", "treatment", "consent", "design") && !has(ix, b, "background", "concomitant");
    const roleSentence =
      /(investigational (product|drug|agent|medicinal)|study (drug|treatment|medication)|experimental (medicine|drug)|we are studying|imp\b|code\(s\)|product code|(or|versus|vs\.?|and) (matching )?placebo|placebo (or|and))/i;
    for (const m of text.matchAll(INN)) {
      const name = m[1]!.toLowerCase();
      if (NOT_DRUGS.has(name) || name.length < 6) continue;
      const s = stats.get(name) ?? { display: m[1]!, count: 0, strong: 0, rule: "INN stem" };
      s.count++;
      if (strongPlace) s.strong++;
      if (roleSentence.test(sentenceAround(text, m.index, m.index + m[0].length))) s.strong += 3;
      stats.set(name, s);
    }
    // "The investigational product is KX-2231", "Study drug: velmeterol", "The study vaccine RSVpreF3-A".
    for (const m of text.matchAll(
      /\b(?:investigational (?:medicinal )?products?|study (?:drug|vaccine|medication|product|intervention)|the vaccine)\s*(?:is|are|will be|:)?\s*(?:the\s+)?([A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+|[A-Z]{2,}[A-Za-z0-9]*|[a-z]{6,}(?=[\s,.(]))/g,
    )) {
      const name = m[1]!;
      // A lower-case word is a name only if it looks like one (an INN stem): "study treatment because …" is not.
      if (/^[a-z]/.test(name) && !new RegExp(`^${INN.source}$`, "i").test(name)) continue;
      if (
        NOT_DRUGS.has(name.toLowerCase()) ||
        /^(will|shall|should|must|being|given|which|before|after|during)$/i.test(name)
      )
        continue;
      const key = name.toLowerCase().replace("-", "");
      const s = stats.get(key) ?? { display: name, count: 0, strong: 0, rule: "named as the study product" };
      s.count++;
      s.strong += 5;
      s.named = true;
      stats.set(key, s);
    }
    for (const m of text.matchAll(CODE)) {
      const code = m[1]!;
      const before = text.slice(Math.max(0, m.index - 25), m.index);
      if (
        /(protocol|study|nct|eudract|ind|ide|version|amendment|irb|upcc|no\.|number|iso|iec|covid|sars|ich|cfr|grade)[\s#:.-]*$/i.test(
          before,
        )
      )
        continue;
      if (/^(COVID|SARS|CTCAE|NCT|ISO|ICH|GCP|CFR|ECOG|WHO|MRC|EQ|HIV)/.test(code)) continue;
      const key = code.toLowerCase().replace("-", "");
      const s = stats.get(key) ?? { display: code, count: 0, strong: 0, rule: "sponsor code" };
      s.count++;
      if (strongPlace) s.strong++;
      if (roleSentence.test(sentenceAround(text, m.index, m.index + m[0].length))) s.strong += 3;
      stats.set(key, s);
    }
  }
  const all = doc.blocks.map((b) => b.text).join("\n");
  return [...stats.entries()]
    .filter(([, s]) => (s.count >= 3 && s.strong >= 3) || s.named)
    .sort((a, b) => b[1].strong - a[1].strong || b[1].count - a[1].count)
    .slice(0, 6)
    .map(([key, s]) => {
      // Abbreviations the protocol defines: "tocilizumab (TCZ)", "aviptadil (also called VIP)".
      const aliases = new Set<string>();
      const def = new RegExp(`\\b${escape(s.display)}\\s*\\((?:also called\\s+)?([A-Z][A-Za-z0-9-]{1,9})\\)`, "gi");
      for (const a of all.matchAll(def)) if (a[1]!.toLowerCase().replace("-", "") !== key) aliases.add(a[1]!);
      const pattern = new RegExp(`\\b(?:${[s.display, ...aliases].map(escape).join("|")})\\b`, "i");
      return { value: s.display.toLowerCase(), display: s.display, pattern, rule: s.rule, count: s.count };
    });
}

const COUNTRIES = [
  "United States",
  "USA",
  "Canada",
  "Mexico",
  "Brazil",
  "Argentina",
  "Chile",
  "Colombia",
  "Peru",
  "United Kingdom",
  "UK",
  "Ireland",
  "France",
  "Germany",
  "Italy",
  "Spain",
  "Portugal",
  "Netherlands",
  "Belgium",
  "Switzerland",
  "Austria",
  "Denmark",
  "Sweden",
  "Norway",
  "Finland",
  "Poland",
  "Czech Republic",
  "Hungary",
  "Romania",
  "Bulgaria",
  "Greece",
  "Turkey",
  "Russia",
  "Ukraine",
  "Israel",
  "Egypt",
  "South Africa",
  "Nigeria",
  "Kenya",
  "Uganda",
  "India",
  "China",
  "Japan",
  "Korea",
  "South Korea",
  "Taiwan",
  "Singapore",
  "Thailand",
  "Vietnam",
  "Malaysia",
  "Philippines",
  "Indonesia",
  "Australia",
  "New Zealand",
  "Europe",
  "North America",
  "Latin America",
  "Asia",
];
const US_STATES = new Set([
  "pennsylvania",
  "california",
  "new york",
  "texas",
  "massachusetts",
  "ohio",
  "michigan",
  "illinois",
  "florida",
  "georgia",
  "maryland",
  "minnesota",
  "washington",
  "north carolina",
]);
const COUNTRY_RE = new RegExp(
  `\\b(${[...COUNTRIES, ...[...US_STATES].map((s) => s.replace(/\b\w/g, (c) => c.toUpperCase()))].map(escape).join("|")})\\b`,
  "g",
);

function normalizeCountry(name: string): string {
  const n = name.toLowerCase();
  if (n === "usa") return "united states";
  if (n === "uk") return "united kingdom";
  return n;
}
