/**
 * The AI risk assessment's rows as an editable list (001 §3 "Risk row", §5): question and the three statement parts
 * required, checked at Insert in RACT. One schema for the browser and the server.
 */
import { riskRowTexts, type RiskRow, type RiskRowTexts } from "@server/contracts/risk-row";
import * as z from "zod/mini";
import { citationFromForm } from "~/features/protocol-analysis/citation";
import { listFormSchema } from "~/lib/forms/list";
import { textField } from "~/lib/validation";

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

const TEXT_MAX = 4000;

export const riskRow = z.object({
  key: textField({ maxLength: 100 }),
  category: textField({ required: true, maxLength: 200 }),
  question: textField({ required: true, trim: true, maxLength: TEXT_MAX }),
  statementIf: textField({ required: true, trim: true, maxLength: TEXT_MAX }),
  statementDueTo: textField({ required: true, trim: true, maxLength: TEXT_MAX }),
  statementThen: textField({ required: true, trim: true, maxLength: TEXT_MAX }),
  citation: textField({ maxLength: 8000 }),
});

/** Keys are made by the pipeline, unique by construction. */
export const riskRowList = listFormSchema(riskRow, {
  uniqueBy: "key",
  duplicateMessage: "protocolAnalysis.results.required",
});
