/**
 * The AI risk assessment's rows as an editable list (001 §3 "Risk row", §5): question and the three statement parts
 * required, checked at Insert in RACT. One schema for the browser and the server.
 */
import * as z from "zod/mini";
import { textField } from "~/lib/validation";
import { listFormSchema } from "./list";

export interface RiskRowForm {
  key: string;
  category: string;
  question: string;
  statementIf: string;
  statementDueTo: string;
  statementThen: string;
  /** The row's citation as JSON (kept through every round trip; shown, not edited). */
  citation: string;
}

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
