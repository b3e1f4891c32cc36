import { useEffect, useState } from "react";
import { Dialog } from "~/components/dialogs/Dialog";
import { Button, buttonClass } from "~/components/forms/Button";
import type { EditableList } from "~/components/lists/EditableList";
import { Menu, type MenuEntry } from "~/components/shell/Menu";
import {
  CTQ_INTENT,
  INSERT_FIELDS,
  INSERT_SCOPES,
  NO_INSERT,
  partsOf,
  type InsertScope,
  type InsertView,
} from "~/features/ctq/insert";
import type { CtqRowForm } from "~/features/ctq/items";
import { useTranslation } from "~/lib/i18n-react";

type CtqEditableList = EditableList<CtqRowForm>;

/**
 * The flow's state on the page: the server's answer (the step, and the rationale as the form came back), and with
 * scripts the menu's choice opened in place. Cancel and a full success clear the rationale (001 §4).
 */
export function useInsertState(answered: InsertView | undefined, answeredRationale: string) {
  const [view, setView] = useState<InsertView>(answered ?? NO_INSERT);
  const [rationale, setRationale] = useState(answeredRationale);
  useEffect(() => {
    setView(answered ?? NO_INSERT);
    setRationale(answeredRationale);
  }, [answered, answeredRationale]);
  return {
    view,
    rationale,
    setRationale,
    open: (scope: InsertScope) => setView({ ...NO_INSERT, dialog: "confirm", scope, remaining: partsOf(scope) }),
    close: () => {
      setView(NO_INSERT);
      setRationale("");
    },
  };
}
export type InsertState = ReturnType<typeof useInsertState>;

/**
 * Insert in study (001 §2, §5): a menu of three items on the house menu button (app/components/shell/Menu.tsx, ADR
 * 0024; ADR 0049). The same markup with and without scripts: a button and a popover whose items are submit buttons
 * posting `openInsert:<scope>` with the edits; without scripts the platform opens and closes it (Escape, a click
 * elsewhere); once hydrated it is a WAI-ARIA menu (arrow keys, Home/End, Escape back to the button) and an item
 * opens the confirmation in place. Disabled with an invalid form or both lists empty; each item disabled (shown,
 * not followable) when its list is empty.
 */
export function InsertMenu({
  list,
  counts,
  state,
}: {
  list: CtqEditableList;
  counts: { criticalProcesses: number; criticalData: number };
  state: InsertState;
}) {
  const { t } = useTranslation();
  const invalid = list.kit.hydrated && list.kit.valid === false;
  const empty = counts.criticalProcesses === 0 && counts.criticalData === 0;
  const enabled: Record<InsertScope, boolean> = {
    all: counts.criticalProcesses > 0 && counts.criticalData > 0,
    processes: counts.criticalProcesses > 0,
    data: counts.criticalData > 0,
  };
  if (invalid || empty) {
    return (
      <Button variant="secondary" disabled data-testid="insert-menu">
        {t("ctq.insert.menu")}
      </Button>
    );
  }
  const entries: MenuEntry[] = INSERT_SCOPES.map((scope) => ({
    key: scope,
    label: t(`ctq.insert.scope.${scope}`),
    disabled: !enabled[scope],
    testId: `insert-${scope}`,
    submit: {
      form: list.id,
      name: "intent",
      value: `${CTQ_INTENT.openInsert}:${scope}`,
      noValidate: true,
      onSelect: (event) => {
        if (!list.kit.hydrated) return;
        event.preventDefault();
        state.open(scope);
      },
    },
  }));
  return (
    <div data-testid="insert-menu">
      <Menu
        id="ctq-insert"
        trigger={t("ctq.insert.menu")}
        align="end"
        triggerClassName={buttonClass("primary", "whitespace-nowrap")}
        entries={entries}
      />
    </div>
  );
}

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

/** "Success!" (001 §2, §8): fixed, 400 px, dismissible, with the study's page in a new tab. */
export function InsertSuccess({
  href,
  list,
  onDismiss,
}: {
  href: string | null;
  list: CtqEditableList;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="insert-success"
      className="fixed right-4 top-20 z-40 w-[400px] max-w-[calc(100vw-2rem)] rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900 shadow-lg"
    >
      <p className="font-semibold">{t("ctq.insert.successTitle")}</p>
      <p className="mt-1">{t("ctq.insert.successText")}</p>
      {href ? (
        <p className="mt-2">
          <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
            {t("ctq.insert.successLink")}
            <span className="sr-only"> ({t("protocolAnalysis.evidence.opensInNewTab")})</span>
          </a>
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="mt-3"
        form={list.id}
        name="intent"
        value="dismissSuccess"
        formNoValidate
        onClick={(event) => {
          if (!list.kit.hydrated) return;
          event.preventDefault();
          onDismiss();
        }}
      >
        {t("protocolAnalysis.identification.dismiss")}
      </Button>
    </div>
  );
}
