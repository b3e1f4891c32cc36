/**
 * What the browser needs of an editable list before (and without) its validation runtime (ADR 0050): the intents,
 * the row origin, a row's form values and the "modified" comparison. No zod, no conform: the page's first download
 * carries this, and the schemas ({@link ./list}) come with the runtime after the first paint.
 */
/** At most this many rows in one list form: a post cannot make the server check a million rows. */
export const MAX_LIST_ROWS = 500;

/** The buttons' intents (`name="intent"`). */
export const LIST_INTENT = {
  save: "save",
  add: "add",
  openAdd: "openAdd",
  askDelete: "askDelete",
  closeDialog: "closeDialog",
} as const;

/** The dialog a list page shows: the Add dialog, or the deletion question for one row. */
export type ListDialog = { kind: "add" } | { kind: "delete"; index: number } | null;

/** `askDelete:<i>` → i; anything else → null. */
export function deleteIndexOf(intent: unknown): number | null {
  if (typeof intent !== "string") return null;
  const match = /^askDelete:(\d{1,6})$/.exec(intent);
  return match ? Number(match[1]) : null;
}

/**
 * The hidden field each loaded row carries: its unique field's value as loaded (a row added since has none). It moves
 * with its row through deletions, so the duplicate message can go on the row the user changed (issue 24, defect 9).
 */
export const ROW_ORIGIN = "origin";

/** A row as a form carries it: strings, "on" for true, nothing for empty or false. */
export function formValueOfRow(row: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!row || typeof row !== "object") return result;
  for (const [key, value] of Object.entries(row)) {
    if (value === true) result[key] = "on";
    else if (typeof value === "string" && value !== "") result[key] = value;
    else if (typeof value === "number") result[key] = String(value);
  }
  return result;
}

/**
 * Whether the rows as edited differ from the loaded copy (001 §4 "modified"): the same rows in the same order, with
 * the same values field by field (an empty field and a missing one are the same).
 */
export function rowsModified(current: unknown, loaded: readonly unknown[]): boolean {
  const rows = Array.isArray(current) ? current : current === undefined || current === null ? [] : [current];
  if (rows.length !== loaded.length) return true;
  return rows.some((row, index) => {
    const { [ROW_ORIGIN]: _origin, ...a } = formValueOfRow(row);
    const b = formValueOfRow(loaded[index]);
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].some((key) => a[key] !== b[key]);
  });
}
