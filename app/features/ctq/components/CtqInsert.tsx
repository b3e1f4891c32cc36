import { useEffect, useState } from "react";
import { Button, buttonClass } from "~/components/forms/Button";
import { lazyPart } from "~/components/lazy-part";
import type { EditableList } from "~/components/lists/EditableList";
import { Menu, type MenuEntry } from "~/components/shell/Menu";
import {
  CTQ_INTENT,
  INSERT_SCOPES,
  NO_INSERT,
  partsOf,
  type InsertScope,
  type InsertView,
} from "~/features/ctq/insert";
import type { CtqRowForm } from "~/features/ctq/items";
import { useTranslation } from "~/lib/i18n-react";
import * as eagerDialogs from "./CtqInsertDialogs.server";

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

/**
 * The confirmation "Update critical processes/data" and the overwrite warning (./CtqInsertDialogs): their code loads
 * when one first opens (ADR 0051, app/components/lazy-part.tsx); the server renders them in place.
 */
const LazyConfirm = lazyPart(
  "ctq-insert-confirm",
  () => eagerDialogs.InsertConfirmDialog,
  () => import("./CtqInsertDialogs").then((m) => m.InsertConfirmDialog),
);
const LazyOverwrite = lazyPart(
  "ctq-insert-overwrite",
  () => eagerDialogs.OverwriteDialog,
  () => import("./CtqInsertDialogs").then((m) => m.OverwriteDialog),
);
export function InsertConfirmDialog({ list, state }: { list: CtqEditableList; state: InsertState }) {
  return <LazyConfirm list={list} state={state} when={state.view.dialog === "confirm"} />;
}
export function OverwriteDialog({ list, state }: { list: CtqEditableList; state: InsertState }) {
  return <LazyOverwrite list={list} state={state} when={state.view.dialog === "overwrite"} />;
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
