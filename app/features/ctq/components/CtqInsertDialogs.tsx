/**
 * The CTQ insert flow's dialogs (./CtqInsert.tsx; 001 §2, §4; ADR 0049): the confirmation with its rationale, and the
 * overwrite warning. Their code loads when one first opens (ADR 0051); the server renders them from
 * ./CtqInsertDialogs.server.ts.
 */
import { Dialog } from "~/components/dialogs/Dialog";
import { Button } from "~/components/forms/Button";
import type { EditableList } from "~/components/lists/EditableList";
import { CTQ_INTENT, INSERT_FIELDS, type InsertView } from "~/features/ctq/insert";
import type { CtqRowForm } from "~/features/ctq/items";
import { useTranslation } from "~/lib/i18n-react";
import type { InsertState } from "./CtqInsert";

type CtqEditableList = EditableList<CtqRowForm>;

/** The flow's hidden state, carried by both dialogs' posts. */
function FlowFields({ formId, view }: { formId: string; view: InsertView }) {
  return (
    <>
      <input type="hidden" form={formId} name={INSERT_FIELDS.scope} value={view.scope ?? "all"} />
      <input type="hidden" form={formId} name={INSERT_FIELDS.remaining} value={view.remaining.join(",")} />
      <input type="hidden" form={formId} name={INSERT_FIELDS.overwrite} value={view.overwrite.join(",")} />
    </>
  );
}

/** Both dialogs' Cancel: a post of its intent without scripts, closing in place with them. */
function CancelButton({ list, state, intent }: { list: CtqEditableList; state: InsertState; intent: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      form={list.id}
      name="intent"
      value={intent}
      formNoValidate
      onClick={(event) => {
        if (!list.kit.hydrated) return;
        event.preventDefault();
        state.close();
      }}
    >
      {t("feedback.confirm.cancel")}
    </Button>
  );
}

/** The confirmation "Update critical processes/data" (001 §2): the required rationale and Save changes. */
export function InsertConfirmDialog({ list, state }: { list: CtqEditableList; state: InsertState }) {
  const { t } = useTranslation();
  const { view } = state;
  const text = state.rationale;
  const error = view.error ? t(view.error.key, view.error.values) : null;
  return (
    <Dialog
      open={view.dialog === "confirm"}
      title={t(`ctq.insert.confirmTitle.${view.scope ?? "all"}`)}
      data-testid="insert-confirm"
      footer={
        <>
          <CancelButton list={list} state={state} intent={CTQ_INTENT.closeInsert} />
          <Button
            form={list.id}
            name="intent"
            value={CTQ_INTENT.save}
            disabled={list.kit.hydrated && text.trim() === ""}
            pending={list.kit.pending}
          >
            {t("ctq.insert.save")}
          </Button>
        </>
      }
    >
      <FlowFields formId={list.id} view={view} />
      <label htmlFor="ctq-rationale" className="block text-sm font-medium text-slate-800">
        {t("ctq.insert.rationale")} <span aria-hidden="true">*</span>
      </label>
      <textarea
        id="ctq-rationale"
        form={list.id}
        name="rationaleForChange"
        required
        maxLength={2000}
        rows={4}
        value={text}
        onChange={(event) => state.setRationale(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "ctq-insert-error" : undefined}
        className="mt-1 block w-full rounded-md border border-slate-400 p-2"
      />
      {error ? (
        <p id="ctq-insert-error" role="alert" className="mt-2 text-sm text-red-700" data-testid="insert-error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

/** The overwrite warning (001 §2, §4): the duplicated titles and labels; Continue overwrites, Cancel clears. */
export function OverwriteDialog({ list, state }: { list: CtqEditableList; state: InsertState }) {
  const { t } = useTranslation();
  const { view } = state;
  const groups = [
    ["criticalProcesses", view.duplicates.criticalProcesses],
    ["criticalData", view.duplicates.criticalData],
  ] as const;
  return (
    <Dialog
      open={view.dialog === "overwrite"}
      title={t("ctq.insert.overwriteTitle")}
      data-testid="overwrite-dialog"
      footer={
        <>
          <CancelButton list={list} state={state} intent={CTQ_INTENT.overwriteCancel} />
          <Button form={list.id} name="intent" value={CTQ_INTENT.overwriteContinue} pending={list.kit.pending}>
            {t("ctq.insert.continue")}
          </Button>
        </>
      }
    >
      <FlowFields formId={list.id} view={view} />
      <input type="hidden" form={list.id} name="rationaleForChange" value={state.rationale} />
      <p>{t("ctq.insert.overwriteText")}</p>
      {groups.map(([name, names]) =>
        names.length > 0 ? (
          <div key={name} className="mt-3">
            <p className="font-medium">{t(`ctq.insert.duplicates.${name}`)}</p>
            <ul className="mt-1 list-disc pl-6" data-testid={`duplicates-${name}`}>
              {names.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </Dialog>
  );
}
