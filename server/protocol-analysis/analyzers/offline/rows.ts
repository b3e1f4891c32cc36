/**
 * From facts to risk rows: each rule reads the facts of one or more kinds and, when they call for it and the study's
 * design makes its premise true, writes a row in one of the 13 categories with a question and If / due to / then
 * statements that name this protocol's fact; the row cites the fact's page, section and quote. No fact, no row:
 * nothing generic is emitted. One row per risk. Every category is reported as considered, with what was found.
 */
import type { ProtocolDocument, RiskRowDraft } from "../../contract";
import { citationFor, RISK_CATEGORIES, type RiskCategory } from "../common";
import type { Fact } from "./kinds/types";
import { Facts, type RowRule } from "./row-rules/common";
import { DATA_SAFETY_RULES } from "./row-rules/data-safety";
import { POPULATION_RULES } from "./row-rules/population";
import { PRODUCT_RULES } from "./row-rules/product";
import { STUDY_RULES } from "./row-rules/study";

export { Facts, type RowRule, type RowText } from "./row-rules/common";

export const ROW_RULES: RowRule[] = [...STUDY_RULES, ...POPULATION_RULES, ...PRODUCT_RULES, ...DATA_SAFETY_RULES];

/** A category the analyzer looked at: its rows, or why it has none (for the history file and the evaluation). */
export interface CategoryConsidered {
  category: RiskCategory;
  rows: number;
  note: string | null;
}

/** Why a category can have no row, in the reviewer's words, when the protocol gave nothing to build one on. */
const NOTHING_FOUND: Record<RiskCategory, (f: Facts) => string> = {
  Blinding: () => "no blinding statement found",
  "Data Collection Procedures": () => "no sampling or special procedure found beyond routine assessments",
  Geography: (f) =>
    f.of("geography").length === 1
      ? `single country (${f.of("geography")[0]!.value}): no multi-region risk`
      : "countries and sites not stated",
  IMP: () => "no investigational product named",
  "IMP Supply Chain": () => "no route or supply model stated",
  "Operational Complexity": () => "no enrolment, duration or care-setting fact found",
  "Organizational Experience": () =>
    "undeterminable from the protocol: it says nothing of the sites' or vendors' experience",
  Safety: () => "no committee, stopping rule or product-specific safety rule found",
  "Study Complexity": (f) =>
    f.design.singleArm ? "single-arm study: no arms to confuse and no concurrent control" : "no design feature found",
  "Study Endpoints": () => "no primary endpoint statement found",
  "Study Phase": (f) => {
    const p = f.first("phase");
    return p
      ? `${p.value}: no phase-specific risk beyond the rows of the other categories`
      : "the phase is not stated in the protocol";
  },
  "Subject Population": () => "no population fact found",
  Technology: (f) =>
    f.of("technology").length > 0
      ? `only routine systems (${f.values("technology").join(", ")}): no study-specific technology risk`
      : "no study-specific technology found",
};

export function rowsFromFacts(
  doc: ProtocolDocument,
  facts: Fact[],
): { rows: RiskRowDraft[]; fired: { rule: string; fact: Fact }[]; considered: CategoryConsidered[] } {
  const f = new Facts(facts);
  const rows: RiskRowDraft[] = [];
  const fired: { rule: string; fact: Fact }[] = [];
  const risks = new Set<string>();
  const quotes = new Set<string>();
  for (const rule of ROW_RULES) {
    const r = rule.make(f);
    if (!r) continue;
    const risk = rule.risk ?? rule.id;
    // One row per risk (error class 6): a second template on the same risk, or a second row resting on the very
    // same sentence in the same category, adds nothing.
    const quoteKey = `${rule.category}|${r.evidence.block}|${r.evidence.quote}`;
    if (risks.has(risk) || quotes.has(quoteKey)) continue;
    risks.add(risk);
    quotes.add(quoteKey);
    rows.push({
      category: rule.category,
      question: r.question,
      statementIf: r.statementIf,
      statementDueTo: r.statementDueTo,
      statementThen: r.statementThen,
      citation: citationFor(doc, r.evidence.block, r.evidence.quote),
    });
    fired.push({ rule: rule.id, fact: r.evidence });
  }
  const considered = RISK_CATEGORIES.map((category) => {
    const n = rows.filter((r) => r.category === category).length;
    return { category, rows: n, note: n > 0 ? null : NOTHING_FOUND[category](f) };
  });
  return { rows, fired, considered };
}
