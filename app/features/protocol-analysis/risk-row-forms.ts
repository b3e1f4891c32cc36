/**
 * A risk row as the results form's fields, free of zod: the page renders its rows with it before the list's schemas
 * have loaded (ADR 0050); the schemas are in ./risk-rows.
 */
import { riskRowTexts, type RiskRow, type RiskRowTexts } from "@server/contracts/risk-row";
import { citationFromForm } from "~/features/protocol-analysis/citation";

/** A risk row as the form's fields: the API's row, its citation kept as JSON through every round trip (shown, not edited). */
export interface RiskRowForm extends RiskRowTexts {
  key: string;
  citation: string;
}

/** The API's row as the form's fields, and back: the one mapping between the two. */
export const riskRowToForm = (row: RiskRow): RiskRowForm => ({
  key: row.key,
  ...riskRowTexts(row),
  citation: row.citation ? JSON.stringify(row.citation) : "",
});
export const riskRowFromForm = (row: RiskRowForm): RiskRow => ({
  key: row.key,
  ...riskRowTexts(row),
  citation: citationFromForm(row.citation),
});
