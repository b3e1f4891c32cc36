import { TextareaField, TextField } from "~/components/forms/fields";
import { criticalProcessList, criticalProcessRow, type CriticalProcess } from "~/lib/forms/critical-processes";
import type { ListReply } from "~/lib/forms/list.server";
import { useTranslation } from "~/lib/i18n-react";
import {
  AddRowDialog,
  DeleteRowButton,
  DeleteRowDialog,
  EditableListForm,
  ListToolbar,
  UnsavedChangesGuard,
  useEditableList,
} from "./EditableList";

export interface CriticalProcessListProps {
  /** The saved list (the loaded copy). */
  rows: readonly CriticalProcess[];
  /** The action's answer when it did not save. */
  reply?: ListReply | null;
  /** The heading's id, for the section around it. */
  headingId: string;
  heading: string;
}

/**
 * An editable list of critical processes (001 §2 "Study Critical Processes and Data page", §4, §5): Title and Details
 * per row, Add through a dialog, Delete after "Confirm deletion", Save. The test page shows it; the study CP&CD page
 * is built the same way. Render it with `key` = the saved version, so a Save starts it afresh.
 */
export function CriticalProcessList({ rows, reply, headingId, heading }: CriticalProcessListProps) {
  const { t } = useTranslation();
  const list = useEditableList<CriticalProcess>({
    id: "critical-processes",
    schema: criticalProcessList,
    row: criticalProcessRow,
    rows,
    reply,
  });
  const titleLabel = t("kit.gallery.title");
  const detailsLabel = t("kit.gallery.details");
  return (
    <>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {heading}
      </h3>
      <ListToolbar list={list} />
      <EditableListForm list={list}>
        {list.rows.length === 0 ? (
          <p className="text-slate-600" data-testid="list-empty">
            {t("kit.gallery.empty")}
          </p>
        ) : (
          <table className="w-full border-collapse text-left" aria-labelledby={headingId}>
            <thead>
              <tr className="border-b border-slate-200 text-sm text-slate-700">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {titleLabel}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {detailsLabel}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t("kit.list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.key} className="border-b border-slate-100 align-top" data-testid="list-row">
                  <td className="py-2 pr-3">
                    <TextField
                      field={row.fields.title}
                      label={t("kit.list.cell", { column: titleLabel, number: row.index + 1 })}
                      hideLabel
                      required
                    />
                  </td>
                  <td className="py-2 pr-3">
                    <TextareaField
                      field={row.fields.details}
                      label={t("kit.list.cell", { column: detailsLabel, number: row.index + 1 })}
                      hideLabel
                      rows={1}
                      trim
                    />
                  </td>
                  <td className="py-2">
                    <DeleteRowButton list={list} index={row.index} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </EditableListForm>
      <AddRowDialog list={list} title={t("kit.gallery.addProcess")}>
        {(draft) => (
          <>
            <TextField field={draft.title} label={titleLabel} required data-autofocus />
            <TextareaField field={draft.details} label={detailsLabel} trim />
          </>
        )}
      </AddRowDialog>
      <DeleteRowDialog list={list} />
      <UnsavedChangesGuard list={list} />
    </>
  );
}
