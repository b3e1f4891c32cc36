import type { SubmissionResult } from "@conform-to/react";
import { deleteIndexOf, LIST_INTENT, formValueOfRow, parseDraft, type ListDialog } from "./list";
import { parseSubmission, type FormSchema } from "./schema";

/** What a list page's action answers when nothing is saved: the form as the user left it, and the dialog to show. */
export interface ListReply {
  result: SubmissionResult<string[]>;
  dialog: ListDialog;
}

export type ListPost<Row> = { kind: "save"; rows: Row[] } | { kind: "reply"; reply: ListReply };

/**
 * Answers a post of an editable list without scripts (and a Save with them). Only Save persists (the caller does it
 * with `rows`); every other intent re-renders the page with the user's edits intact:
 * - conform's list intents (remove, insert, update) are applied to the edits;
 * - `add` appends the draft as a new row when it is valid, else shows its messages in the open Add dialog;
 * - `openAdd` and `askDelete:<i>` open a dialog; `closeDialog` closes it (and forgets the draft).
 */
export function handleListPost<Row>(formData: FormData, schema: FormSchema, row: FormSchema): ListPost<Row> {
  const submission = parseSubmission(formData, { schema });
  const intent = formData.get("intent");
  const reply = (dialog: ListDialog, options: { dropDraft?: boolean } = {}): { kind: "reply"; reply: ListReply } => ({
    kind: "reply",
    reply: {
      result: listShaped(submission.reply(options.dropDraft ? { hideFields: ["draft"] } : undefined)),
      dialog,
    },
  });
  // conform's own intents (remove after the deletion question, …): applied by conform before the schema ran.
  if (submission.status === undefined) return reply(null);
  if (intent === LIST_INTENT.save) {
    if (submission.status === "success") return { kind: "save", rows: (submission.value as { rows: Row[] }).rows };
    return reply(null, { dropDraft: true });
  }
  if (intent === LIST_INTENT.add) {
    if (submission.status !== "success") return reply({ kind: "add" });
    const draft = parseDraft(row, (submission.payload as { draft?: unknown }).draft);
    const result = submission.reply({ hideFields: ["draft"] });
    const initialValue = { ...(result.initialValue ?? {}) } as Record<string, unknown>;
    const rows = Array.isArray(initialValue.rows) ? [...initialValue.rows] : [];
    initialValue.rows = [...rows, formValueOfRow(draft)];
    return {
      kind: "reply",
      reply: { result: listShaped({ ...result, initialValue } as SubmissionResult<string[]>), dialog: null },
    };
  }
  if (intent === LIST_INTENT.openAdd) return reply({ kind: "add" }, { dropDraft: true });
  const index = deleteIndexOf(intent);
  const count = Array.isArray((submission.payload as { rows?: unknown }).rows)
    ? (submission.payload as { rows: unknown[] }).rows.length
    : 0;
  if (index !== null && index < count) return reply({ kind: "delete", index });
  return reply(null, { dropDraft: true });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * A reply whose values have the list form's shape, whatever was posted: `rows` a list of rows, each row and the
 * draft a set of fields. The page renders rows from it (conform's getFieldList throws on anything but a list), so a
 * post of `rows=x` or `rows.title=x`, which no form of ours sends, shows an empty list instead of failing.
 */
export function listShaped(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const value = result.initialValue;
  if (!isRecord(value)) return result;
  const shaped: Record<string, unknown> = { ...value };
  if ("rows" in shaped) shaped.rows = Array.isArray(shaped.rows) ? shaped.rows.map((r) => (isRecord(r) ? r : {})) : [];
  if ("draft" in shaped && !isRecord(shaped.draft)) delete shaped.draft;
  return { ...result, initialValue: shaped as typeof value };
}
