/**
 * Editable lists (docs/decisions/0023-forms-dialogs-and-lists.md): rows of fields inside one form, validated by one
 * zod/mini schema in the browser and on the server. The form carries:
 * - `rows[i].<field>`: the rows as edited;
 * - `draft.<field>`: the row being added through the Add dialog (checked by the row schema only when `intent=add`);
 * - `intent`: the button that sent it: `save`, `add`, `openAdd`, `askDelete:<i>`, `closeDialog`; conform's own list
 *   intents (insert, remove, update) travel as `__intent__`.
 * Rows are unique by one field regardless of case (001 §5): the later row gets the message, on that field.
 */
import * as z from "zod/mini";
import { safeParse, type $ZodType, type output } from "zod/v4/core";
import { MAX_LENGTH, messages, textField } from "~/lib/validation";
import { LIST_INTENT, MAX_LIST_ROWS, ROW_ORIGIN } from "./list-state";
import { coerceFormValue } from "./schema";

export {
  deleteIndexOf,
  formValueOfRow,
  LIST_INTENT,
  MAX_LIST_ROWS,
  ROW_ORIGIN,
  rowsModified,
  type ListDialog,
} from "./list-state";

export interface ListRules {
  /** The field that is unique regardless of case (trimmed). */
  uniqueBy: string;
  /** The message on a repeated value (a locale key). */
  duplicateMessage: string;
  /**
   * A rationale for the change (`rationaleForChange`) sent with Save: none by default; "optional" or "required"
   * (ADR 0044: CP&CD saves).
   */
  rationale?: "optional" | "required";
}

/** The text a unique field is compared by: trimmed, lower case. */
export const uniqueText = (value: unknown) => (typeof value === "string" ? value.trim().toLocaleLowerCase() : "");

const fieldOf = (row: unknown, name: string): unknown =>
  row && typeof row === "object" ? (row as Record<string, unknown>)[name] : undefined;

/** Whether a row's unique field is as it was loaded (the user has not changed it). */
const untouched = (row: unknown, uniqueBy: string) => {
  const origin = fieldOf(row, ROW_ORIGIN);
  return typeof origin === "string" && origin === (fieldOf(row, uniqueBy) ?? "");
};

/**
 * For each row, whether its unique field repeats another row's: of the rows that share a value, the one kept is the
 * first the user left as loaded (else the first), and the others are the duplicates: the message goes on the row the
 * user changed or added, never on the untouched one beside it (issue 24, defect 9).
 */
export function duplicateRows(rows: readonly unknown[], uniqueBy: string): boolean[] {
  const groups = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const text = uniqueText(fieldOf(row, uniqueBy));
    if (text !== "") groups.set(text, [...(groups.get(text) ?? []), index]);
  });
  const duplicate = rows.map(() => false);
  for (const indexes of groups.values()) {
    if (indexes.length < 2) continue;
    const kept = indexes.find((index) => untouched(rows[index], uniqueBy)) ?? indexes[0];
    for (const index of indexes) if (index !== kept) duplicate[index] = true;
  }
  return duplicate;
}

type RowSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * The schema of a list form. By intent:
 * - `add`: only the Add dialog's draft counts: a valid row (001 §5: "The add modal applies the same rules") that
 *   repeats no row. The rows may still be unfinished.
 * - `save` (and every other post): each row by `row`, unique by `rules.uniqueBy`.
 * - no intent (checking while the user types): the rows, and a draft that repeats a row is pointed out.
 * The output's rows are the rows as `row` gives them (trimmed and so on).
 */
export function listFormSchema<R extends RowSchema>(row: R, rules: ListRules) {
  const addIssues = (
    ctx: { addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[]; input: unknown }) => void },
    prefix: PropertyKey[],
    value: unknown,
  ) => {
    const parsed = safeParse(row, value ?? {});
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: [...prefix, ...issue.path], input: value });
  };
  return z.pipe(
    z
      .object({
        intent: z.optional(z.string()),
        rows: z.optional(z.array(z.unknown()).check(z.maxLength(MAX_LIST_ROWS, messages.maxLength(MAX_LIST_ROWS)))),
        draft: z.optional(z.unknown()),
        rationaleForChange: rationaleField(rules.rationale),
      })
      .check(
        z.superRefine((value, ctx) => {
          const rows = value.rows ?? [];
          if (rows.length > MAX_LIST_ROWS) return;
          const draft = value.draft && typeof value.draft === "object" ? (value.draft as Record<string, unknown>) : {};
          const repeatsARow = () => {
            const text = uniqueText(draft[rules.uniqueBy]);
            return (
              text !== "" &&
              rows.some(
                (existing) => uniqueText((existing as Record<string, unknown> | undefined)?.[rules.uniqueBy]) === text,
              )
            );
          };
          if (value.intent === LIST_INTENT.add) {
            addIssues(ctx, ["draft"], draft);
            if (repeatsARow())
              ctx.addIssue({
                code: "custom",
                message: rules.duplicateMessage,
                path: ["draft", rules.uniqueBy],
                input: draft,
              });
            return;
          }
          if (rules.rationale === "required" && value.intent === LIST_INTENT.save && !value.rationaleForChange)
            ctx.addIssue(rationaleMissing);
          rows.forEach((existing, index) => addIssues(ctx, ["rows", index], existing));
          duplicateRows(rows, rules.uniqueBy).forEach((duplicate, index) => {
            if (duplicate)
              ctx.addIssue({
                code: "custom",
                message: rules.duplicateMessage,
                path: ["rows", index, rules.uniqueBy],
                input: rows[index],
              });
          });
          if (value.intent === undefined && repeatsARow()) {
            ctx.addIssue({
              code: "custom",
              message: rules.duplicateMessage,
              path: ["draft", rules.uniqueBy],
              input: draft,
            });
          }
        }),
      ),
    z.transform((value) => ({
      intent: value.intent,
      rows:
        value.intent === LIST_INTENT.add
          ? []
          : (value.rows ?? []).map((existing) => safeParse(row, existing ?? {}).data as output<R>),
      draft: value.draft,
      rationaleForChange: value.rationaleForChange ?? "",
    })),
  );
}

/** A Save without the rationale the list requires. */
const rationaleMissing = {
  code: "custom" as const,
  message: messages.required(),
  path: ["rationaleForChange"],
  input: "",
};

/** The rationale's field: absent from lists without one; text otherwise (required only on Save, checked above). */
function rationaleField(rationale: ListRules["rationale"]) {
  return rationale === undefined ? z.optional(z.unknown()) : textField({ trim: true, maxLength: MAX_LENGTH.textarea });
}

/** The draft as a row, parsed by the row schema (trimmed and so on), or null when it is no valid row. */
export function parseDraft<R extends RowSchema>(row: R, draft: unknown): output<R> | null {
  const parsed = safeParse(row, coerceFormValue(draft ?? {}));
  return parsed.success ? parsed.data : null;
}

/**
 * A list form's schema with the rationale for the change (ADR 0044), optional or required as the company says: both
 * built once, chosen per page.
 */
export function listFormSchemaWithRationale<R extends RowSchema>(row: R, rules: Omit<ListRules, "rationale">) {
  const optional = listFormSchema(row, { ...rules, rationale: "optional" });
  const required = listFormSchema(row, { ...rules, rationale: "required" });
  return (isRequired: boolean) => (isRequired ? required : optional);
}
