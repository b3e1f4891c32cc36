import type { ReactNode } from "react";
import { CheckboxField, FormErrors, TextareaField, TextField, type AnyField } from "~/components/forms/fields";
import {
  AddRowDialog,
  DeleteRowButton,
  DeleteRowDialog,
  EditableListForm,
  ListToolbar,
  RowOrigin,
  type EditableList,
  UnsavedChangesGuard,
  useEditableList,
} from "~/components/lists/EditableList";
import type { CriticalDatum } from "~/features/cpcd/critical-data";
import type { CriticalProcess } from "~/features/cpcd/critical-processes";
import type { ListReply } from "~/lib/forms/list.server";
import { useTranslation } from "~/lib/i18n-react";

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

function columnsOf(kind: CriticalListKind, texts: CriticalListTexts): Column[] {
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

function Cell({ column, field, number }: { column: Column; field: AnyField; number: number }) {
  const { t } = useTranslation();
  const label = t("kit.list.cell", { column: column.label, number });
  if (column.kind === "checkbox") return <CheckboxField field={field} label={label} hideLabel />;
  if (column.kind === "textarea") return <TextareaField field={field} label={label} hideLabel rows={1} trim />;
  return <TextField field={field} label={label} hideLabel required />;
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
  const columns = columnsOf(kind, texts);
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

function EditableRows<T extends object>({ list, columns }: { list: EditableList<T>; columns: Column[] }) {
  return (
    <tbody>
      {list.rows.map((row) => {
        const fields = row.fields as unknown as Record<string, AnyField>;
        return (
          <tr key={row.key} className="border-b border-slate-100 align-top" data-testid="list-row">
            {columns.map((column) => (
              <td key={column.name} className="py-2 pr-3">
                <Cell column={column} field={fields[column.name]!} number={row.index + 1} />
              </td>
            ))}
            <td className="py-2">
              <RowOrigin fields={fields} />
              <DeleteRowButton list={list} index={row.index} />
            </td>
          </tr>
        );
      })}
    </tbody>
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
