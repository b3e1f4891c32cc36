/**
 * The AI risk assessment's rows as an editable list (001 §3 "Risk row", §5): question and the three statement parts
 * required, checked at Insert in RACT. One schema for the browser and the server.
 */
import * as z from "zod/mini";
import { listFormSchema } from "~/lib/forms/list";
import { textField } from "~/lib/validation";

export { riskRowFromForm, riskRowToForm, type RiskRowForm } from "./risk-row-forms";

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
