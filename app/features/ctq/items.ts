/**
 * The CTQ results' two lists as one editable list (issue 25, ADR 0049): critical processes and critical data are the
 * rows of one form, each row naming its list, so that every post (an insert, a CSV of the list as edited, a deletion
 * without scripts) carries the edits of both. 001 §5: title required, details optional; data also Is Critical?.
 * One schema for the browser and the server (zod/mini).
 */
import type { CtqItem, CtqResult } from "@server/contracts/protocol-analysis";
import * as z from "zod/mini";
import { listFormSchema } from "~/lib/forms/list";
import { checkboxField, textField } from "~/lib/validation";

export const CTQ_LISTS = ["criticalProcesses", "criticalData"] as const;
export type CtqList = (typeof CTQ_LISTS)[number];

/** An item as the form's fields; its citation kept as JSON through every round trip (shown, not edited). */
export interface CtqRowForm {
  id: string;
  list: CtqList;
  title: string;
  details: string;
  isCritical: boolean;
  citation: string;
}

export const ctqRowToForm = (list: CtqList, item: CtqItem): CtqRowForm => ({
  id: item.id,
  list,
  title: item.title,
  details: item.details,
  isCritical: item.isCritical === true,
  citation: item.citation ? JSON.stringify(item.citation) : "",
});

/** The items of a finished request, each with its list (the evidence page finds one by its id). */
export const ctqItemsOf = (result: CtqResult): { list: CtqList; item: CtqItem }[] =>
  CTQ_LISTS.flatMap((list) => (result[`${list}Result`].result.value ?? []).map((item) => ({ list, item })));

/** 001 §3 "Study critical process and critical datum": limits as the study lists' (server/contracts/cpcd.ts CPCD_LIMITS). */
export const CTQ_TITLE_MAX = 200;
export const CTQ_DETAILS_MAX = 2000;

export const ctqRow = z.object({
  id: textField({ maxLength: 100 }),
  list: z.enum(CTQ_LISTS),
  title: textField({ required: true, trim: true, maxLength: CTQ_TITLE_MAX }),
  details: textField({ trim: true, maxLength: CTQ_DETAILS_MAX }),
  isCritical: checkboxField(),
  citation: textField({ maxLength: 8000 }),
});

/** Ids are made by the API, unique by construction; the rationale rides in every post (001 §4: kept until both succeed). */
export const ctqRowList = listFormSchema(ctqRow, {
  uniqueBy: "id",
  duplicateMessage: "ctq.results.required",
  rationale: "optional",
});

/** The rows of one list, in their order. */
export const rowsOf = <R extends { list: string }>(rows: readonly R[], list: CtqList) =>
  rows.filter((row) => row.list === list);

/** A field's value as the form has it now (what the user typed), else as loaded. */
export const currentValue = (field: { value?: unknown; initialValue?: unknown }) =>
  String(field.value ?? field.initialValue ?? "");
