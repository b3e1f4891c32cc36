/**
 * Assertion before use (issue 23): a matched statement fires a row only when the protocol affirms it of this study.
 * Each candidate is classified from its sentence and its place:
 * - negated: "There are no adverse events of special interest", "Data Monitoring Committee: No", "without a DMC";
 * - excluded: an exclusion criterion, or contraception and pregnancy boilerplate ("if the participant becomes
 *   pregnant", "must not be pregnant");
 * - hypothetical: "if …", "in case of …", "may be considered" before the match in its clause;
 * - otherStudy: background, historical or parent trials ("in two large, international phase III trials", "the
 *   phase II dose-finding trial 1199.30", "et al.");
 * - affirmed: everything else.
 * Hand-written patterns for now: ADR 0036 says why no NLP library (wink-nlp, compromise) was brought in yet, and what
 * would decide it.
 */
import { has, sentenceAround, type BlockContext } from "./context";
import type { FactKind } from "./types";

export type Assertion = "affirmed" | "negated" | "excluded" | "hypothetical" | "otherStudy";

const NEGATION_BEFORE =
  /\b(?:no|not|without|neither|nor|none of|absence of|there (?:is|are|will be) no|is not|are not|will not be|not be)\s+(?:[\w/-]+\s+){0,3}$/i;
const NEGATION_AFTER = /^\s*[:=-]?\s*(?:no|none|not applicable|n\/a|not required|not planned|not foreseen)\b/i;
const EXCLUDED =
  /\b(?:exclusion criteri|must not be pregnant|becomes? pregnant|pregnancy (?:test|report|outcome)|contracept|childbearing potential|breast-?feeding|lactating|women who are pregnant|pregnant (?:or|and) (?:breast|lactat|nursing))/i;
const HYPOTHETICAL_BEFORE =
  /\b(?:if|in case of|in the event (?:of|that)|should (?:a|an|the)|unless|may be considered|could|would)\b[^.;:]{0,80}$/i;
const OTHER_STUDY =
  /\b(?:et al\b|previous(?:ly)? (?:stud|trial)|prior (?:stud|trial)|parent (?:stud|trial)|earlier (?:stud|trial)|completed (?:stud|trial)|(?:phase [ivx1-4]+|placebo-controlled|large|two|several|published|pivotal) (?:[\w,-]+ ){0,3}trials\b|trials? (?:of identical design|1\d{3}\.\d+)|trial 1\d{3}\.\d+|historical (?:stud|trial)|based on (?:the )?(?:results of )?(?:the )?(?:[\w-]+ ){0,5}(?:trial|study)\b|in (?:a|an|the) (?:[\w-]+ ){0,3}(?:stud(?:y|ies)|trials?) (?:of|in|with) (?:\w+ ){0,3}(?:patients|subjects|participants))/i;

const INCLUDED =
  /\b(?:can still (?:join|be in)|still join|are eligible to (?:join|participate)|may (?:join|take part))\b/i;
const THIS_STUDY = /\b(?:this (?:study|trial)|(?:present|current) (?:study|trial)|is included|will (?:be|receive))\b/i;

/** How the statement at [start, end) of the block stands. */
export function assertionOf(c: BlockContext, start: number, end: number): Assertion {
  const sentence = sentenceAround(c.text, start, end);
  const at = Math.max(0, sentence.indexOf(c.text.slice(start, end)));
  const clauseBefore =
    sentence
      .slice(0, at)
      .split(/[;:(]|,\s(?=and |but |or )/)
      .pop() ?? "";
  const after = c.text.slice(end, end + 40);
  if (NEGATION_AFTER.test(after) || NEGATION_BEFORE.test(clauseBefore)) return "negated";
  // "If you are pregnant or breastfeeding, you can still join this study": an inclusion, said conditionally.
  if (INCLUDED.test(sentence)) return "affirmed";
  if (has(c.ix, c.b, "exclusion", "contraception") || EXCLUDED.test(sentence)) return "excluded";
  if (c.background || (OTHER_STUDY.test(sentence) && !THIS_STUDY.test(sentence))) return "otherStudy";
  if (HYPOTHETICAL_BEFORE.test(clauseBefore)) return "hypothetical";
  return "affirmed";
}

/**
 * Which statements may give a fact of each kind. A kind that is a feature of the study (a committee, a special
 * population, a technology) needs an affirmed statement; values that are themselves negations ("dsmb: none") are
 * recorded by their own rule and pass.
 */
const NEEDS_AFFIRMED: Partial<Record<FactKind, Assertion[]>> = {
  control: ["affirmed"],
  design: ["affirmed", "hypothetical"],
  specialPopulation: ["affirmed"],
  caregiver: ["affirmed"],
  inpatient: ["affirmed", "hypothetical"],
  dsmb: ["affirmed", "hypothetical"],
  geography: ["affirmed"],
  sites: ["affirmed"],
  technology: ["affirmed", "hypothetical"],
  sampling: ["affirmed", "hypothetical"],
  aesi: ["affirmed", "hypothetical"],
  stoppingRules: ["affirmed", "hypothetical"],
  duration: ["affirmed", "hypothetical"],
  enrolment: ["affirmed", "hypothetical"],
  imp: ["affirmed", "hypothetical", "negated", "excluded"],
  enrolmentWindow: ["affirmed"],
  supplyModel: ["affirmed", "hypothetical"],
  specialProcedure: ["affirmed", "hypothetical"],
  labInterference: ["affirmed", "hypothetical"],
  centralReading: ["affirmed", "hypothetical"],
  safetySignal: ["affirmed", "hypothetical"],
  vendor: ["affirmed", "hypothetical"],
};

export function assertionAllows(kind: FactKind, value: string, assertion: Assertion): boolean {
  if (value === "none" || value.startsWith("none ")) return true;
  const allowed = NEEDS_AFFIRMED[kind];
  return allowed === undefined || allowed.includes(assertion);
}
