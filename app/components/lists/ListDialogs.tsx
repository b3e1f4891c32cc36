/**
 * The editable list's dialogs (./EditableList.tsx; 001 §2, §4, §5): Add, "Confirm deletion", and the unsaved-changes
 * question. Their code loads when one first opens (ADR 0051, app/components/lazy-part.tsx); the server renders them
 * from ./ListDialogs.server.ts.
 */
import type { useBlocker } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { Dialog } from "~/components/dialogs/Dialog";
import { Button } from "~/components/forms/Button";
import { LIST_INTENT } from "~/lib/forms/list-state";
import { useTranslation } from "~/lib/i18n-react";
import type { EditableList, RowFields } from "./EditableList";

export interface AddRowDialogProps<Row extends object> {
  list: EditableList<Row>;
  title: string;
  children: (draft: RowFields<Row>) => ReactNode;
}

/** The Add dialog: the draft's fields (rendered by the page) with Cancel and Add; the same rules as a row (001 §5). */
export function AddRowDialog<Row extends object>({ list, title, children }: AddRowDialogProps<Row>) {
  const { t } = useTranslation();
  const open = list.dialog?.kind === "add";
  const { checkAdd } = list;
  // On opening, and on every input in the dialog: is the draft a row Add would take?
  useEffect(() => {
    if (open) checkAdd();
  }, [open, checkAdd]);
  return (
    <Dialog
      open={open}
      title={title}
      data-testid="add-row-dialog"
      footer={
        <>
          <Button
            variant="secondary"
            form={list.id}
            name="intent"
            value={LIST_INTENT.closeDialog}
            formNoValidate
            onClick={(event) => {
              if (!list.kit.hydrated) return;
              event.preventDefault();
              list.closeDialog();
            }}
          >
            {t("feedback.confirm.cancel")}
          </Button>
          <Button form={list.id} name="intent" value={LIST_INTENT.add} formNoValidate disabled={list.addDisabled}>
            {t("kit.list.add")}
          </Button>
        </>
      }
    >
      <div onInput={checkAdd} onChange={checkAdd}>
        {children(list.draft)}
      </div>
    </Dialog>
  );
}

/** "Confirm deletion" (001 §2): it cannot be undone; Confirm removes the row from the edits (Save persists). */
export function DeleteRowDialog<Row extends object>({ list }: { list: EditableList<Row> }) {
  const { t } = useTranslation();
  const index = list.dialog?.kind === "delete" ? list.dialog.index : null;
  const remove = index === null ? null : list.removeButton(index);
  return (
    <ConfirmDialog
      open={index !== null}
      title={t("kit.list.confirmDeletion")}
      message={<p>{t("kit.list.confirmDeletionText")}</p>}
      confirmLabel={t("kit.list.delete")}
      confirmVariant="danger"
      confirm={remove ? { form: remove.form, name: remove.name, value: remove.value } : undefined}
      onConfirm={() => list.closeDialog()}
      cancel={{ form: list.id, name: "intent", value: LIST_INTENT.closeDialog }}
      onCancel={() => list.closeDialog()}
    />
  );
}

/** The unsaved-changes guard's question (001 §4): leave and lose the edits, or stay. */
export function UnsavedQuestion({ open, blocker }: { open: boolean; blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t("kit.list.unsavedTitle")}
      message={<p>{t("kit.list.unsavedChanges")}</p>}
      confirmLabel={t("kit.list.discard")}
      confirmVariant="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
