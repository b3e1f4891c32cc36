/**
 * The review layout of an editable list (issue 24; the AI risk rows, then the CTQ lists): a card per row instead of a
 * table row, so that every text is read in full at 390 to 1920 px. A card holds its fields in one or two columns (each
 * at least 240 px wide where two fit), text areas that grow with their text (`field-sizing: content`; the rows they
 * start with follow the text's length, for a browser without it), and the row's evidence under its fields.
 *
 * It renders the rows of an `useEditableList` list: every field belongs to the list's form (a real post form), so the
 * edits ride in every post without scripts; Delete asks first, as everywhere in the kit.
 */
import type { ReactNode } from "react";
import { TextareaField, type TextareaFieldProps } from "~/components/forms/fields";
import { DeleteRowButton, type EditableList, type EditableRow } from "~/components/lists/EditableList";

export interface ReviewListProps<Row extends object> {
  list: EditableList<Row>;
  /** The card's heading ("Row 3"), also the name of its group of fields. */
  label: (row: EditableRow<Row>) => string;
  /** The row's fields (the page renders them: selects, `GrowingTextarea`s, hidden inputs). */
  fields: (row: EditableRow<Row>) => ReactNode;
  /** What the row rests on, under its fields (a citation, its evidence link). */
  evidence?: (row: EditableRow<Row>) => ReactNode;
  /** A row filtered out: kept in the form (its edits still ride in the post), not shown. */
  hidden?: (row: EditableRow<Row>) => boolean;
  /** Each card's test id. */
  rowTestId?: string;
  /** The list's accessible name (the id of its heading). */
  labelledBy?: string;
}

export function ReviewList<Row extends object>({
  list,
  label,
  fields,
  evidence,
  hidden,
  rowTestId = "review-row",
  labelledBy,
}: ReviewListProps<Row>) {
  return (
    <ol className="space-y-4" aria-labelledby={labelledBy} data-testid="review-list">
      {list.rows.map((row) => {
        const headingId = `${list.id}-row-${row.key}`;
        return (
          <li
            key={row.key}
            hidden={hidden?.(row) ?? false}
            className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm"
            data-testid={rowTestId}
          >
            <fieldset aria-labelledby={headingId} className="min-w-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={headingId} className="font-semibold text-slate-900">
                  {label(row)}
                </h3>
                <DeleteRowButton list={list} index={row.index} />
              </div>
              <div className="mt-3 grid grid-cols-1 gap-x-4 gap-y-3 md:grid-cols-2">{fields(row)}</div>
            </fieldset>
            {evidence ? (
              <div className="mt-3 border-t border-slate-200 pt-3 text-sm text-slate-700">{evidence(row)}</div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The rows a text area starts with: about one a 60 characters of its text, 2 to 12 (the browser grows it further). */
export function rowsForText(text: string): number {
  const lines = text.split("\n").reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 60)), 0);
  return Math.min(12, Math.max(2, lines));
}

/** A text area of a review card: as tall as its text (it grows while one types), never a scroll box. */
export function GrowingTextarea({ inputClassName = "", ...props }: TextareaFieldProps) {
  const text = String(props.field.value ?? props.field.initialValue ?? "");
  return (
    <TextareaField
      rows={rowsForText(text)}
      {...props}
      inputClassName={`min-h-[4.5rem] resize-y break-words [field-sizing:content] ${inputClassName}`}
    />
  );
}
