/**
 * A list of critical processes (001 §3 "Study critical process and critical datum", 001 §5): the row rules the test
 * page's list uses today and the study CP&CD page will use. One schema for the browser and the server.
 */
import type { CriticalProcessItem } from "@server/contracts/cpcd";
import * as z from "zod/mini";
import { listFormSchema, listFormSchemaWithRationale } from "~/lib/forms/list";
import { MAX_LENGTH, textField } from "~/lib/validation";

/** A critical process as the form edits it: the API's item (server/contracts/cpcd.ts), one type. */
export type CriticalProcess = CriticalProcessItem;

/** A row: the title is required and trimmed; the details are optional (001 §5). */
export const criticalProcessRow = z.object({
  title: textField({ required: true, trim: true, maxLength: MAX_LENGTH.text }),
  details: textField({ trim: true, maxLength: MAX_LENGTH.textarea }),
});

/** The list: titles unique regardless of case, "This title already exists" on the row the user changed (001 §5, issue 24). */
const rules = { uniqueBy: "title", duplicateMessage: "kit.list.duplicateTitle" } as const;
export const criticalProcessList = listFormSchema(criticalProcessRow, rules);

/** The CP&CD pages' list: with the rationale for the change, optional or required by the company (ADR 0044). */
export const criticalProcessListWith = listFormSchemaWithRationale(criticalProcessRow, rules);
