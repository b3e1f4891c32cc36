/**
 * The CTQ results' rows as the form's fields, free of zod: the page renders its lists with them before the list's
 * schemas have loaded (ADR 0050); the schemas are in ./items.
 */
import type { CtqItem, CtqResult } from "@server/contracts/protocol-analysis";

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

/** The rows of one list, in their order. */
export const rowsOf = <R extends { list: string }>(rows: readonly R[], list: CtqList) =>
  rows.filter((row) => row.list === list);

/** A field's value as the form has it now (what the user typed), else as loaded. */
export const currentValue = (field: { value?: unknown; initialValue?: unknown }) =>
  String(field.value ?? field.initialValue ?? "");
