/**
 * The CP&CD import's dialogs (./CpcdEditor.tsx, issue 12, 001 §4): the import form, and "Duplicate value found". Their
 * code loads when one first opens (ADR 0051, app/components/lazy-part.tsx); the server renders them from
 * ./CpcdImportDialogs.server.ts.
 */
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { Dialog } from "~/components/dialogs/Dialog";
import { isPlainClick } from "~/components/dialogs/url-state";
import { buttonClass } from "~/components/forms/Button";
import { FileField, FormErrors, TextareaField } from "~/components/forms/fields";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import type { importFormSchema } from "~/features/cpcd/import-form";
import { MAX_PASTED_CHARACTERS } from "~/features/cpcd/import-limits";
import type { CpcdActionData, CpcdPageData } from "~/features/cpcd/page.server";
import { IMPORT_INTENT, IMPORT_OVERWRITE_INTENT, type CpcdTab } from "~/features/cpcd/tabs";
import { useTranslation } from "~/lib/i18n-react";

/** The import form's schema, with the validation runtime after the first paint (ADR 0050). */
const loadImportSchema = () => import("~/features/cpcd/import-form").then((m) => m.importFormSchema);
type ImportFormSchema = typeof importFormSchema;

export interface ImportDialogsProps {
  tab: CpcdTab;
  formId: string;
  importOpen: boolean;
  importReply: CpcdActionData["importReply"] | null;
  refused: CpcdPageData["formRefused"];
  overwrite: CpcdActionData["overwrite"] | null;
  overwriteOpen: boolean;
  pageHref: string;
  onCancelImport: () => void;
  onCancelOverwrite: () => void;
}

/** The import dialog (its form) and the overwrite question, as ImportControls opens them. */
export function ImportDialogs(props: ImportDialogsProps) {
  const { t } = useTranslation();
  const { tab, pageHref } = props;
  const kit = useLightKitForm(loadImportSchema, {
    id: props.formId,
    lastResult: props.importReply,
    intent: IMPORT_INTENT,
  });
  return (
    <>
      <Dialog
        open={props.importOpen}
        title={t(tab === "cp" ? "cpcd.importTitle" : "cpcd.importDataTitle")}
        description={t("cpcd.importIntro")}
        size="lg"
        data-testid="cpcd-import-dialog"
      >
        <ImportForm tab={tab} kit={kit} pageHref={pageHref} refusal={props.refused} onCancel={props.onCancelImport} />
      </Dialog>
      <OverwriteQuestion
        open={props.overwriteOpen}
        overwrite={props.overwrite}
        pageHref={pageHref}
        onCancel={props.onCancelOverwrite}
      />
    </>
  );
}

/** "Duplicate value found" (001 §4): the duplicates, Continue posts the import again to overwrite them. */
function OverwriteQuestion({
  open,
  overwrite,
  pageHref,
  onCancel,
}: {
  open: boolean;
  overwrite: CpcdActionData["overwrite"];
  pageHref: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t("cpcd.duplicateTitle")}
      message={
        <>
          <p>{t("cpcd.duplicateText")}</p>
          <ul className="mt-2 list-disc pl-6" data-testid="cpcd-duplicates">
            {(overwrite?.duplicates ?? []).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      }
      confirmLabel={t("cpcd.continue")}
      confirm={
        overwrite
          ? {
              action: pageHref,
              intent: IMPORT_OVERWRITE_INTENT,
              fields: { text: overwrite.text, rationaleForChange: overwrite.rationaleForChange },
            }
          : undefined
      }
      onCancel={onCancel}
    />
  );
}

/** The import dialog's form: a file or pasted text, the rationale, Cancel and Import. */
function ImportForm({
  tab,
  kit,
  pageHref,
  refusal,
  onCancel,
}: {
  tab: CpcdTab;
  kit: ReturnType<typeof useLightKitForm<ImportFormSchema>>;
  pageHref: string;
  refusal: CpcdPageData["formRefused"];
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { fields } = kit;
  return (
    <KitForm kit={kit} action={pageHref} encType="multipart/form-data" className="space-y-4" refusal={refusal}>
      <FormErrors errors={kit.form.errors} id={`cpcd-import-${tab}-errors`} />
      <FileField field={fields.file} label={t("cpcd.file")} accept=".csv,.txt,text/csv,text/plain" />
      <TextareaField field={fields.text} label={t("cpcd.text")} rows={5} maxLength={MAX_PASTED_CHARACTERS} />
      <TextareaField
        field={fields.rationaleForChange}
        label={t("cpcd.rationale")}
        rows={2}
        required
        trim
        data-autofocus
      />
      <div className="flex justify-end gap-3">
        <a
          href={pageHref}
          className={buttonClass("secondary")}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            onCancel();
          }}
        >
          {t("feedback.confirm.cancel")}
        </a>
        <SubmitButton kit={kit} className="">
          {t("cpcd.importConfirm")}
        </SubmitButton>
      </div>
    </KitForm>
  );
}
