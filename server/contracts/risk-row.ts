/**
 * 001 §3 "Risk row": the one type of a risk row and its one field-by-field copy. Pure, and free of zod, so that the
 * browser's bundle of the results page can use it (server/contracts/protocol-analysis.ts re-exports it).
 */
/** Where a row came from, as the results table shows it (page 23, printed 21, section 5.1). */
export interface RowCitation {
  page: number | null;
  printedPage: string | null;
  /** The section number, or its title when it has no number. */
  section: string | null;
  sectionTitle: string | null;
  /** The words of the protocol the row rests on, verbatim (short: up to about 300 characters). */
  quote: string;
}

/** The texts of a risk row (001 §3 "Risk row"), in the table's order: every copy of a row goes through this list. */
export const RISK_ROW_TEXTS = ["category", "question", "statementIf", "statementDueTo", "statementThen"] as const;
export type RiskRowTexts = Record<(typeof RISK_ROW_TEXTS)[number], string>;

/** A row's texts and nothing else, each passed through `each` (trimming, for one): the one field-by-field copy. */
export function riskRowTexts(row: RiskRowTexts, each: (text: string) => string = (text) => text): RiskRowTexts {
  return Object.fromEntries(RISK_ROW_TEXTS.map((name) => [name, each(row[name])])) as RiskRowTexts;
}

/**
 * 001 §3 "Risk row": the one type of a risk row, as the API answers it, the analysis request stores it and the
 * results page edits it (an analyzer's draft is the same without its key).
 */
export interface RiskRow extends RiskRowTexts {
  key: string;
  citation?: RowCitation | null;
}
