/**
 * The CTQ results' two lists as one editable list (issue 25, ADR 0049): critical processes and critical data are the
 * rows of one form, each row naming its list, so that every post (an insert, a CSV of the list as edited, a deletion
 * without scripts) carries the edits of both. 001 §5: title required, details optional; data also Is Critical?.
 * One schema for the browser and the server (zod/mini).
 */
import * as z from "zod/mini";
import { listFormSchema } from "~/lib/forms/list";
import { checkboxField, textField } from "~/lib/validation";
import { CTQ_DETAILS_MAX, CTQ_LISTS, CTQ_TITLE_MAX } from "./item-forms";

export {
  CTQ_DETAILS_MAX,
  CTQ_LISTS,
  CTQ_TITLE_MAX,
  ctqItemsOf,
  ctqRowToForm,
  currentValue,
  rowsOf,
  type CtqList,
  type CtqRowForm,
} from "./item-forms";

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
