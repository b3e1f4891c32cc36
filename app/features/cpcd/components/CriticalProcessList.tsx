import { memo, useCallback, useMemo, useRef, type FocusEvent, type MouseEvent, type ReactNode } from "react";
import {
  CheckboxField,
  FormErrors,
  TextareaField,
  TextField,
  trimOnBlur,
  type AnyField,
} from "~/components/forms/fields";
import {
  AddRowDialog,
  DeleteRowDialog,
  EditableListForm,
  ListToolbar,
  type EditableList,
  UnsavedChangesGuard,
  useEditableList,
} from "~/components/lists/EditableList";
import type { CriticalDatum } from "~/features/cpcd/critical-data";
import type { CriticalProcess } from "~/features/cpcd/critical-processes";
import { LIST_INTENT, ROW_ORIGIN } from "~/lib/forms/list-state";
import type { ListReply } from "~/lib/forms/list.server";
import { useTranslation } from "~/lib/i18n-react";
import { MAX_LENGTH, translateMessage } from "~/lib/messages";
import type { TFunction } from "~/lib/translate";

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
 * per row, Add through a dialog, Delete after "Confirm deletion", Save. The test page shows it; the CP&CD pages use
 * {@link CriticalList} with their own wording. Render it with `key` = the saved version, so a Save starts it afresh.
 */
export function CriticalProcessList({ rows, reply, headingId, heading }: CriticalProcessListProps) {
  const { t } = useTranslation();
  return (
    <CriticalList
      kind="processes"
      id="critical-processes"
      rows={rows}
      reply={reply}
      headingId={headingId}
      heading={heading}
      texts={{
        title: t("kit.gallery.title"),
        details: t("kit.gallery.details"),
        empty: t("kit.gallery.empty"),
        addTitle: t("kit.gallery.addProcess"),
      }}
    />
  );
}

/** The two kinds of critical list (001 §2): processes (Title, Details), data (Is Critical?, Title, Details). */
export type CriticalListKind = "processes" | "data";
type RowOf<K extends CriticalListKind> = K extends "processes" ? CriticalProcess : CriticalDatum;

export interface CriticalListTexts {
  title: string;
  details: string;
  /** The data list's checkbox column (001 §2 "Is Critical?"; none when absent), and its read-only values. */
  isCritical?: string;
  yes?: string;
  no?: string;
  /** The empty-state notice (001 §2). */
  empty: string;
  /** The Add dialog's title. */
  addTitle: string;
}

export interface CriticalListProps<K extends CriticalListKind> {
  kind: K;
  /** The list form's id. */
  id: string;
  rows: readonly RowOf<K>[];
  reply?: ListReply | null;
  headingId: string;
  heading: ReactNode;
  /** Hides the heading from sight (a page whose tabs already name the list). */
  headingHidden?: boolean;
  /** The heading's level: 3 by default (a list in a section). */
  headingLevel?: 2 | 3;
  texts: CriticalListTexts;
  /** Without the save permission: the rows as text, no Add, Save or Delete (001 §6). */
  readOnly?: boolean;
  /** Fields the list's posts carry besides the rows (the version the list was loaded at). */
  hidden?: Record<string, string>;
  /** Beside Add and Save: further actions of the page (export, import). */
  actions?: ReactNode;
  /** The rationale for the change sent with Save (ADR 0044): its label, and whether the company requires it. */
  rationale?: { label: string; description?: string; required: boolean };
}

type Column = { name: string; label: string; kind: "text" | "textarea" | "checkbox" };

function columnsOf(
  kind: CriticalListKind,
  texts: Pick<CriticalListTexts, "title" | "details" | "isCritical">,
): Column[] {
  return kind === "processes"
    ? [
        { name: "title", label: texts.title, kind: "text" },
        { name: "details", label: texts.details, kind: "textarea" },
      ]
    : [
        // A company's data have no Is Critical? (001 §3): the column shows only when named.
        ...(texts.isCritical ? [{ name: "isCritical", label: texts.isCritical, kind: "checkbox" } as const] : []),
        { name: "label", label: texts.title, kind: "text" },
        { name: "description", label: texts.details, kind: "textarea" },
      ];
}

/**
 * A critical list, editable (the kit's list: Add, Delete after "Confirm deletion", Save, the unsaved-changes guard)
 * or read-only. Render it with `key` = the version its edits started from, so a Save starts it afresh.
 */
export function CriticalList<K extends CriticalListKind>(props: CriticalListProps<K>) {
  return props.readOnly ? <ReadOnlyList {...props} /> : <EditableCriticalList {...props} />;
}

function Heading({
  id,
  hidden,
  level,
  children,
}: {
  id: string;
  hidden?: boolean;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Tag = level === 2 ? "h2" : "h3";
  return (
    <Tag id={id} className={hidden ? "sr-only" : "font-semibold text-slate-900"}>
      {children}
    </Tag>
  );
}

function ReadOnlyList<K extends CriticalListKind>({
  kind,
  rows,
  headingId,
  heading,
  headingHidden,
  headingLevel,
  texts,
  actions,
}: CriticalListProps<K>) {
  const columns = columnsOf(kind, texts);
  return (
    <>
      <Heading id={headingId} hidden={headingHidden} level={headingLevel}>
        {heading}
      </Heading>
      {actions ? <div className="mb-4 flex flex-wrap items-center gap-3">{actions}</div> : null}
      {rows.length === 0 ? (
        <p className="text-slate-600" data-testid="list-empty">
          {texts.empty}
        </p>
      ) : (
        <table className="w-full border-collapse text-left" aria-labelledby={headingId}>
          <ColumnHeads columns={columns} />
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="border-b border-slate-100 align-top" data-testid="list-row">
                {columns.map((column) => {
                  const value = (row as unknown as Record<string, unknown>)[column.name];
                  return (
                    <td key={column.name} className="whitespace-pre-wrap py-2 pr-3">
                      {column.kind === "checkbox" ? (value ? texts.yes : texts.no) : String(value ?? "")}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * The list's column heads: read-only, the columns; editable, the checkbox column kept narrow and a last, unnamed
 * column for the rows' actions.
 */
function ColumnHeads({ columns, actionsLabel }: { columns: Column[]; actionsLabel?: string }) {
  const editable = actionsLabel !== undefined;
  return (
    <thead>
      <tr className="border-b border-slate-200 text-sm text-slate-700">
        {columns.map((column) => (
          <th
            key={column.name}
            scope="col"
            className={
              editable ? `py-2 pr-3 font-medium ${column.kind === "checkbox" ? "w-28" : ""}` : "py-2 pr-3 font-medium"
            }
          >
            {column.label}
          </th>
        ))}
        {editable ? (
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">{actionsLabel}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

function EditableCriticalList<K extends CriticalListKind>({
  kind,
  id,
  rows,
  reply,
  headingId,
  heading,
  headingHidden,
  headingLevel,
  texts,
  hidden,
  actions,
  rationale,
}: CriticalListProps<K>) {
  const { t } = useTranslation();
  const list = useEditableList<RowOf<K>>({
    id,
    load: () => import("~/features/cpcd/list-schemas").then((m) => m.listSchemasOf(kind, rationale?.required)),
    rows,
    reply,
    uniqueBy: kind === "processes" ? "title" : "label",
  });
  const { title, details, isCritical } = texts;
  const columns = useMemo(() => columnsOf(kind, { title, details, isCritical }), [kind, title, details, isCritical]);
  const errorsId = `${id}-errors`;
  return (
    <>
      <Heading id={headingId} hidden={headingHidden} level={headingLevel}>
        {heading}
      </Heading>
      <ListToolbar list={list} />
      {actions ? <div className="-mt-2 mb-4 flex flex-wrap items-center gap-3">{actions}</div> : null}
      <EditableListForm list={list}>
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrors errors={list.form.errors} id={errorsId} />
        {rationale ? (
          <TextareaField
            field={(list.kit.fields as unknown as Record<string, AnyField>).rationaleForChange!}
            label={rationale.label}
            description={rationale.description}
            rows={2}
            required={rationale.required}
            trim
            className="max-w-2xl"
          />
        ) : null}
        {list.rows.length === 0 ? (
          <p className="text-slate-600" data-testid="list-empty">
            {texts.empty}
          </p>
        ) : (
          <table className="w-full border-collapse text-left" aria-labelledby={headingId}>
            <ColumnHeads columns={columns} actionsLabel={t("kit.list.actions")} />
            <EditableRows list={list} columns={columns} />
          </table>
        )}
      </EditableListForm>
      <AddRowDialog list={list} title={texts.addTitle}>
        {(draft) => <AddRowFields columns={columns} fields={draft as unknown as Record<string, AnyField>} />}
      </AddRowDialog>
      <DeleteRowDialog list={list} />
      <UnsavedChangesGuard list={list} />
    </>
  );
}

/**
 * The editable rows (ADR 0056): one component a row that renders its controls itself, plain inputs named by an
 * aria-label ("Title, row 3"; the column head says it to the eye), with ids, aria-invalid and aria-describedby only
 * where a message shows; the cells' and controls' looks are one class each (app/tailwind.css). The labels are made
 * once for the list, Delete's opening and the text areas' trim are one handler each, shared by the rows; a row
 * renders again only when its own props change (its place, its messages).
 */
function EditableRows<T extends object>({ list, columns }: { list: EditableList<T>; columns: Column[] }) {
  const { t } = useTranslation();
  const labels = useMemo(() => rowLabels(list.id, columns, t), [list.id, columns, t]);
  // The list's own functions are new at each render: the handler reads the latest through a ref.
  const latest = useRef(list);
  latest.current = list;
  const onDelete = useCallback((event: MouseEvent<HTMLButtonElement>) => {
    const index = deleteIndexOf(event.currentTarget.value);
    if (!latest.current.kit.hydrated || index === null) return;
    event.preventDefault();
    latest.current.askDelete(index);
  }, []);
  return (
    <tbody>
      {list.rows.map((row) => (
        <CriticalRow
          key={row.key}
          index={row.index}
          labels={labels}
          initial={row.initial}
          messages={row.messages}
          onDelete={onDelete}
        />
      ))}
    </tbody>
  );
}

const trimTextarea = (event: FocusEvent<HTMLTextAreaElement>) => trimOnBlur(event.currentTarget);

const DELETE_PREFIX = `${LIST_INTENT.askDelete}:`;
const deleteIndexOf = (value: string) =>
  value.startsWith(DELETE_PREFIX) ? Number(value.slice(DELETE_PREFIX.length)) : null;

/** A stand-in for the row's number in a label translated once (an invisible separator: in no text). */
const NUMBER = "\u2063";
/** A translated text with the row's number put in later (without translating it again for every row). */
function numbered(text: string): (number: number) => string {
  const at = text.indexOf(NUMBER);
  return at < 0 ? () => text : (number) => `${text.slice(0, at)}${number}${text.slice(at + NUMBER.length)}`;
}

function rowLabels(id: string, columns: Column[], t: TFunction) {
  return {
    id,
    t,
    columns: columns.map((column) => ({
      ...column,
      label: numbered(t("kit.list.cell", { column: column.label, number: NUMBER })),
    })),
    deleteRow: numbered(t("kit.list.deleteRow", { number: NUMBER })),
    delete: t("kit.list.delete"),
  };
}

type RowLabels = ReturnType<typeof rowLabels>;

interface CriticalRowProps {
  index: number;
  labels: RowLabels;
  initial: Record<string, string>;
  messages: Record<string, string[]>;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * The same row again: its place, its labels, the values it started with; the list's messages as they were (they
 * change when a message comes or goes, not on every keystroke).
 */
const sameRow = (a: CriticalRowProps, b: CriticalRowProps) =>
  a.index === b.index &&
  a.labels === b.labels &&
  a.initial === b.initial &&
  a.messages === b.messages &&
  a.onDelete === b.onDelete;

/** One row: a cell per column (its control and message), then the row's origin and its Delete. */
const CriticalRow = memo(function CriticalRow({ index, labels, initial, messages, onDelete }: CriticalRowProps) {
  const number = index + 1;
  const prefix = `rows[${index}].`;
  const origin = initial[ROW_ORIGIN];
  return (
    <tr className="list-row" data-testid="list-row">
      {labels.columns.map((column) =>
        rowCell(column, prefix + column.name, number, initial[column.name] ?? "", messages, labels),
      )}
      <td>
        {origin !== undefined ? <input type="hidden" name={prefix + ROW_ORIGIN} defaultValue={origin} /> : null}
        <button
          name="intent"
          value={`${DELETE_PREFIX}${index}`}
          aria-haspopup="dialog"
          aria-label={labels.deleteRow(number)}
          className="link-button"
          onClick={onDelete}
        >
          {labels.delete}
        </button>
      </td>
    </tr>
  );
}, sameRow);

/**
 * A row's cell: its control, named by an aria-label, and its message (conform's ids, as the kit's fields give). A
 * function, not a component: a row is one component.
 */
function rowCell(
  column: RowLabels["columns"][number],
  name: string,
  number: number,
  value: string,
  messages: Record<string, string[]>,
  labels: RowLabels,
) {
  const first = messages[name]?.find((error) => error.trim() !== "");
  const message = first ? translateMessage(first, labels.t) : null;
  const errorId = message ? `${labels.id}-${name}-error` : undefined;
  // The props written out, not spread from a shared object: a spread made React's render of a row four times slower
  // (ADR 0056).
  const label = column.label(number);
  const invalid = message ? true : undefined;
  const control =
    column.kind === "checkbox" ? (
      <input
        name={name}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={errorId}
        type="checkbox"
        defaultChecked={value === "on"}
        className="kit-check block"
      />
    ) : column.kind === "textarea" ? (
      <textarea
        name={name}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={errorId}
        rows={1}
        onBlur={trimTextarea}
        maxLength={MAX_LENGTH.textarea}
        defaultValue={value}
        className="kit-input"
      />
    ) : (
      <input
        name={name}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={errorId}
        type="text"
        maxLength={MAX_LENGTH.text}
        required
        defaultValue={value}
        className="kit-input"
      />
    );
  return (
    <td key={column.name}>
      {control}
      {errorId ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </td>
  );
}

/** The Add dialog's fields, one per column. */
function AddRowFields({ columns, fields }: { columns: Column[]; fields: Record<string, AnyField> }) {
  return (
    <>
      {columns.map((column) =>
        column.kind === "checkbox" ? (
          <CheckboxField key={column.name} field={fields[column.name]!} label={column.label} />
        ) : column.kind === "textarea" ? (
          <TextareaField key={column.name} field={fields[column.name]!} label={column.label} trim />
        ) : (
          <TextField key={column.name} field={fields[column.name]!} label={column.label} required data-autofocus />
        ),
      )}
    </>
  );
}
