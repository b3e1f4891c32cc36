/**
 * A list of critical data (001 §3 "Study critical datum", 001 §5): Is Critical?, the label (shown as Title) and the
 * description (shown as Details). One schema for the browser and the server, like critical-processes.ts.
 */
import type { CriticalDatumItem } from "@server/contracts/cpcd";
import * as z from "zod/mini";
import { listFormSchema, listFormSchemaWithRationale } from "~/lib/forms/list";
import { checkboxField, MAX_LENGTH, textField } from "~/lib/validation";

/** A critical datum as the form edits it: the API's item (server/contracts/cpcd.ts), its Is Critical? always given. */
export type CriticalDatum = Required<CriticalDatumItem>;

/** A row: the label is required and trimmed; the description is optional; isCritical false unless ticked (001 §3). */
export const criticalDatumRow = z.object({
  isCritical: checkboxField(),
  label: textField({ required: true, trim: true, maxLength: MAX_LENGTH.text }),
  description: textField({ trim: true, maxLength: MAX_LENGTH.textarea }),
});

/** The list: labels unique regardless of case, "This title already exists" on the row the user changed (001 §5, issue 24). */
const rules = { uniqueBy: "label", duplicateMessage: "kit.list.duplicateTitle" } as const;
export const criticalDataList = listFormSchema(criticalDatumRow, rules);

/** The CP&CD pages' list: with the rationale for the change, optional or required by the company (ADR 0044). */
export const criticalDataListWith = listFormSchemaWithRationale(criticalDatumRow, rules);
