/**
 * The editable-list kit (docs/decisions/0023-forms-dialogs-and-lists.md, 001 §4 "Study CP/CD editing", 001 §5):
 * rows of fields in one form, with Add through a dialog, Delete after a question, Save, a "modified" flag and the
 * unsaved-changes guard.
 *
 * Without scripts every button is a form post that carries the edits; the action (app/lib/forms/list.server.ts)
 * answers with the page re-rendered, edits intact, and the dialog open when one was asked for. Only Save persists.
 * With scripts the same intents run in the browser (the list engine, ./useListEngine.ts; ADR 0050) and the page posts
 * only on Save.
 */
import { Form, useBlocker, useLocation } from "@remix-run/react";
import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Button } from "~/components/forms/Button";
import type { AnyField } from "~/components/forms/fields";
import { FormRefusalNotice, postedFormEvents } from "~/components/forms/FormRefusalNotice";
import { useHydrated, usePending } from "~/components/forms/hydrated";
import { formProps, inputProps } from "~/components/forms/props";
import { lazyPart } from "~/components/lazy-part";
import { LIST_INTENT, ROW_ORIGIN, type ListDialog } from "~/lib/forms/list-state";
import type { ListReply } from "~/lib/forms/list.server";
import { useTranslation } from "~/lib/i18n-react";
import type { ListSchemas } from "./list-runtime";
import type { AddRowDialogProps } from "./ListDialogs";
import * as eagerDialogs from "./ListDialogs.server";
import { removeIntent, useListEngine } from "./useListEngine";

export interface EditableListOptions<Row> {
  /** The form's id; the dialogs' buttons and the draft's fields belong to it through their `form` attribute. */
  id: string;
  /**
   * The list's schemas, a dynamic import (ADR 0050): listFormSchema(row, rules), the same the action parses, and the
   * schema of one row (the Add dialog's draft is parsed by it). They come with the validation runtime after the first
   * paint.
   */
  load: () => Promise<ListSchemas>;
  /** The loaded copy: "modified" compares the edits with it. */
  rows: readonly Row[];
  /** The action's answer when it did not save (without scripts, or a Save the server refused). */
  reply?: ListReply | null;
  /** The list's unique field (listFormSchema's uniqueBy): each loaded row carries its value as loaded (ROW_ORIGIN). */
  uniqueBy?: string;
}

export type RowFields<Row> = { [Key in keyof Row]-?: AnyField };

export interface EditableRow<Row> {
  key: string;
  index: number;
  fields: RowFields<Row>;
  /** The values the row started with, as the form carries them (the same object while the row lives). */
  initial: Record<string, string>;
  /** The list's messages shown, by field name (`rows[3].title`). */
  messages: Record<string, string[]>;
}

/** The list's state and actions, for the components below and the page's own table (the engine: ./useListEngine). */
export function useEditableList<Row extends object>(options: EditableListOptions<Row>) {
  const { id, reply } = options;
  const [dialog, setDialog] = useState<ListDialog>(reply?.dialog ?? null);
  useEffect(() => setDialog(reply?.dialog ?? null), [reply]);
  const engine = useListEngine({ ...options, onAdded: () => setDialog(null) });
  const { submitting } = engine;
  const location = useLocation();
  useEffect(() => {
    submitting.current = false;
  }, [location.key, submitting]);
  const hydrated = useHydrated();
  const pending = usePending();
  const kit = { hydrated, pending, valid: engine.valid, fields: engine.fields };
  return {
    id,
    form: engine.form,
    kit,
    rows: engine.rows as unknown as EditableRow<Row>[],
    /** Add, in its dialog: disabled while the draft is invalid (001 §5), only once scripts can tell. */
    addDisabled: hydrated && engine.addValid === false,
    checkAdd: engine.checkAdd,
    draft: engine.draft as unknown as RowFields<Row>,
    dialog,
    modified: engine.modified,
    /** Save: enabled only when modified and valid (001 §4), and not while a post is under way. */
    saveDisabled: hydrated && (!engine.modified || engine.valid === false || pending),
    submitting,
    openAdd: () => setDialog({ kind: "add" }),
    askDelete: (index: number) => setDialog({ kind: "delete", index }),
    closeDialog: () => {
      if (dialog?.kind === "add") engine.resetDraft();
      setDialog(null);
    },
    /** The Confirm button of the deletion question: conform's remove intent (the server applies it without scripts). */
    removeButton: (index: number) => ({ form: id, name: "__intent__", value: removeIntent(index) }),
  };
}

export type EditableList<Row extends object> = ReturnType<typeof useEditableList<Row>>;

/** A row's hidden origin (ROW_ORIGIN): put it in each row, so that it moves with the row. */
export function RowOrigin({ fields }: { fields: Record<string, AnyField> }) {
  const field = fields[ROW_ORIGIN];
  if (!field) return null;
  return <input {...inputProps(field, { type: "hidden" })} key={field.key} />;
}

/** The list's form: a real post form; its rows go inside, the dialogs beside it. */
export function EditableListForm<Row extends object>({
  list,
  children,
  className,
}: {
  list: EditableList<Row>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" {...formProps(list.form)} {...postedFormEvents(list.id)} className={className}>
      <FormRefusalNotice formId={list.id} />
      {children}
    </Form>
  );
}

/** A button that opens a dialog: a post carrying the edits without scripts, an in-place opening with them. */
function DialogButton({
  list,
  value,
  onOpen,
  children,
  ...rest
}: { list: { id: string; kit: { hydrated: boolean } }; value: string; onOpen: () => void; children: ReactNode } & Omit<
  Parameters<typeof Button>[0],
  "value"
>) {
  return (
    <Button
      {...rest}
      form={list.id}
      name="intent"
      value={value}
      formNoValidate
      aria-haspopup="dialog"
      onClick={(event) => {
        if (!list.kit.hydrated) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Button>
  );
}

/** Add (opens the Add dialog), the modified flag, and Save (001 §2, §4). */
export function ListToolbar<Row extends object>({
  list,
  addLabel,
  saveLabel,
}: {
  list: EditableList<Row>;
  addLabel?: string;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3" data-testid="list-toolbar">
      <DialogButton list={list} value={LIST_INTENT.openAdd} onOpen={list.openAdd} variant="secondary">
        {addLabel ?? t("kit.list.add")}
      </DialogButton>
      <Button
        form={list.id}
        name="intent"
        value={LIST_INTENT.save}
        disabled={list.saveDisabled}
        pending={list.kit.pending && list.submitting.current}
      >
        {saveLabel ?? t("kit.list.save")}
      </Button>
      <p role="status" className="text-sm text-slate-600" data-testid="list-modified">
        {list.modified ? t("kit.list.modified") : ""}
      </p>
    </div>
  );
}

/** A row's Delete: asks first (001 §2 "Confirm deletion"). */
export function DeleteRowButton<Row extends object>({ list, index }: { list: EditableList<Row>; index: number }) {
  const { t } = useTranslation();
  return (
    <DialogButton
      list={list}
      value={`${LIST_INTENT.askDelete}:${index}`}
      onOpen={() => list.askDelete(index)}
      variant="link"
      aria-label={t("kit.list.deleteRow", { number: index + 1 })}
    >
      {t("kit.list.delete")}
    </DialogButton>
  );
}

/** The Add dialog (./ListDialogs): its code loads when it first opens (ADR 0051); the server renders it in place. */
const LazyAddRowDialog = lazyPart(
  "list-add",
  () => eagerDialogs.AddRowDialog,
  () => import("./ListDialogs").then((m) => m.AddRowDialog),
);
export function AddRowDialog<Row extends object>(props: AddRowDialogProps<Row>) {
  const Part = LazyAddRowDialog as unknown as ComponentType<AddRowDialogProps<Row> & { when: boolean }>;
  return <Part {...props} when={props.list.dialog?.kind === "add"} />;
}

/** "Confirm deletion" (./ListDialogs), loaded when first asked. */
const LazyDeleteRowDialog = lazyPart(
  "list-delete",
  () => eagerDialogs.DeleteRowDialog,
  () => import("./ListDialogs").then((m) => m.DeleteRowDialog),
);
export function DeleteRowDialog<Row extends object>({ list }: { list: EditableList<Row> }) {
  const Part = LazyDeleteRowDialog as unknown as ComponentType<{ list: EditableList<Row>; when: boolean }>;
  return <Part list={list} when={list.dialog?.kind === "delete"} />;
}

const LazyUnsavedQuestion = lazyPart(
  "list-unsaved",
  () => eagerDialogs.UnsavedQuestion,
  () => import("./ListDialogs").then((m) => m.UnsavedQuestion),
);

/**
 * The unsaved-changes guard (001 §4): with scripts, leaving the page inside the app asks (our ConfirmDialog, the
 * spec's text), and closing or reloading the tab asks (the browser's own words: browsers no longer show a page's
 * text there). Without scripts the edits ride in the form, and only a link away loses them.
 */
export function UnsavedChangesGuard<Row extends object>({ list }: { list: EditableList<Row> }) {
  const when = list.modified;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !list.submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (list.submitting.current) return;
      event.preventDefault();
      // Older browsers want a value; none of them shows it.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when, list.submitting]);
  const blocked = blocker.state === "blocked";
  return <LazyUnsavedQuestion when={blocked} open={blocked} blocker={blocker} />;
}
