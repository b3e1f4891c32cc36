/**
 * The form kit's fields (000 §5, docs/decisions/0023-forms-dialogs-and-lists.md). One field is one element: its
 * label, the control, an optional description and its message, with the ids and aria wiring done here once
 * (aria-invalid, aria-describedby with the description and the message). Each kind is built on conform's
 * rules (getInputProps and its kin, written once in ./props.ts for both engines of the kit): the value lives in the input, never in React state, so what a
 * user types before the page's scripts have run is kept. Messages are locale keys from the schemas (app/lib/validation.ts).
 */
import {
  useState,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "~/lib/i18n-react";
import { MAX_LENGTH, translateMessage } from "~/lib/messages";
import { useHydrated } from "./hydrated";
import { inputProps, selectProps, textareaProps, type KitField } from "./props";

/** A field of either engine of the kit (conform's metadata, or the light engine's). */
export type AnyField = KitField;

/** The kit's text controls: one class (app/tailwind.css), as lists repeat it in every row (ADR 0056). */
export const inputClass = "kit-input";
/** The kit's checkbox (app/tailwind.css). */
export const checkboxClass = "kit-check";
const withClass = (base: string, extra: string) => (base && extra ? `${base} ${extra}` : base || extra);

interface FieldBase {
  field: AnyField;
  label: ReactNode;
  /** A hint under the control, announced with it. */
  description?: ReactNode;
  /** Classes of the wrapper. */
  className?: string;
  /** The label is for assistive technology only (a table's column header says it to the eye). */
  hideLabel?: boolean;
}

/** The field's first message, as text. */
export function useFieldError(field: AnyField): string | null {
  const { t } = useTranslation();
  const first = field.errors?.find((error) => error.trim() !== "");
  return first ? translateMessage(first, t) : null;
}

/** A field's props, split: those of its frame ({@link FieldShell}), and the control's own. */
function splitField<P extends FieldBase>({ field, label, description, className, hideLabel, ...control }: P) {
  return {
    shell: { field, label, description, className, hideLabel },
    control,
    // For conform's helpers: the description's id when there is one (conform adds the message's).
    describedBy: description ? field.descriptionId : undefined,
  };
}

/** Label, control, description and message: the frame every field shares. */
export function FieldShell({
  field,
  label,
  description,
  className = "",
  hideLabel = false,
  labelPosition = "above",
  children,
}: FieldBase & { labelPosition?: "above" | "after"; children: ReactNode }) {
  const error = useFieldError(field);
  const labelClass = hideLabel
    ? "sr-only"
    : labelPosition === "above"
      ? "mb-1 block text-sm font-medium text-slate-800"
      : "text-sm font-medium text-slate-800";
  const labelElement = (
    <label htmlFor={field.id} className={labelClass}>
      {label}
    </label>
  );
  return (
    <div className={withClass(hideLabel ? "" : "mb-4", className) || undefined} data-field={field.name}>
      {labelPosition === "above" ? (
        <>
          {labelElement}
          {children}
        </>
      ) : (
        <div className="flex items-center gap-2">
          {children}
          {labelElement}
        </div>
      )}
      {description ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A trimming text area's blur: leading and trailing whitespace goes, as typing would take it away (the list engine
 * and conform, listening for input events, see it). A list's rows share one handler on their table body (ADR 0056).
 */
export function trimOnBlur(element: EventTarget): void {
  if (element instanceof HTMLTextAreaElement && element.value.trim() !== element.value) {
    setValueAsTyped(element, element.value.trim());
  }
}

/** Sets a field's value as typing would, so conform (listening for input events) sees it. */
function setValueAsTyped(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name" | "type" | "form" | "defaultValue" | "value" | "className"
>;

type InputType = "text" | "search" | "tel" | "url" | "email" | "password" | "date" | "file" | "checkbox";

interface InputFieldProps extends FieldBase, NativeInput {
  type: InputType;
  inputClassName?: string;
}

/** The one input control of the kit: conform's props, the key that resets it, the native props, the kit's look. */
function InputControl({
  field,
  type,
  describedBy,
  className,
  ...native
}: NativeInput & { field: AnyField; type: InputType; describedBy: string | undefined; className: string }) {
  return (
    <input
      {...inputProps(field, { type, ariaDescribedBy: describedBy })}
      key={field.key}
      {...native}
      className={className}
    />
  );
}

/** A single-line field of any input type, in its frame. */
function InputField({ type, inputClassName = "", ...props }: InputFieldProps) {
  const { shell, control, describedBy } = splitField(props);
  return (
    <FieldShell {...shell}>
      <InputControl
        field={shell.field}
        type={type}
        describedBy={describedBy}
        {...control}
        className={withClass(inputClass, inputClassName)}
      />
    </FieldShell>
  );
}

export interface TextFieldProps extends FieldBase, NativeInput {
  type?: "text" | "search" | "tel" | "url";
  inputClassName?: string;
}

/** A single-line text field; at most 200 characters unless said otherwise. */
export function TextField({ type = "text", maxLength = MAX_LENGTH.text, ...props }: TextFieldProps) {
  return <InputField type={type} maxLength={maxLength} {...props} />;
}

/** An e-mail field (000 §5): every whitespace character is removed as the user types. */
export function EmailField({ onChange, ...props }: Omit<TextFieldProps, "type">) {
  return (
    <InputField
      type="email"
      autoComplete="email"
      maxLength={MAX_LENGTH.email}
      {...props}
      onChange={(event) => {
        // The value stays the input's own: it is corrected in place, before conform reads it.
        const element = event.currentTarget;
        const stripped = element.value.replace(/\s+/g, "");
        if (stripped !== element.value) element.value = stripped;
        onChange?.(event);
      }}
    />
  );
}

/** A date field (YYYY-MM-DD), optionally between min and max. */
export function DateField(props: Omit<TextFieldProps, "type" | "maxLength">) {
  return <InputField type="date" {...props} />;
}

export interface PasswordFieldProps extends Omit<TextFieldProps, "type"> {
  /** Linked toggles (000 §2.5, set new password): the parent holds whether the passwords show. */
  shown?: boolean;
  onToggle?: () => void;
}

/**
 * A password field (000 §2.5, §5): hidden by default. Its show/hide toggle appears once the page's scripts run (it
 * cannot work without them) and hides while a message shows.
 */
export function PasswordField({ inputClassName = "", shown, onToggle, ...props }: PasswordFieldProps) {
  const { shell, control, describedBy } = splitField(props);
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const error = useFieldError(shell.field);
  // Whether the password shows is the page's state, not the value's: the value stays in the input.
  const [ownShown, setOwnShown] = useState(false);
  const visible = onToggle ? Boolean(shown) : ownShown;
  const toggle = onToggle ?? (() => setOwnShown((value) => !value));
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <InputControl
          field={shell.field}
          describedBy={describedBy}
          maxLength={MAX_LENGTH.password}
          {...control}
          type={visible ? "text" : "password"}
          className={`${inputClass} pr-32 ${inputClassName}`}
        />
        {hydrated && !error && !control.disabled ? (
          <button
            type="button"
            onClick={toggle}
            aria-pressed={visible}
            aria-controls={shell.field.id}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:text-brand-900"
          >
            {visible ? t("auth.hidePassword") : t("auth.showPassword")}
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}

type NativeTextarea = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "name" | "form" | "defaultValue" | "value" | "className"
>;

export interface TextareaFieldProps extends FieldBase, NativeTextarea {
  /** Leading and trailing whitespace goes when the field is left (the schema trims too). */
  trim?: boolean;
  inputClassName?: string;
}

/** A multi-line field (000 §5): 3 rows by default, optional trim, at most 2000 characters unless said otherwise. */
export function TextareaField({
  trim = false,
  rows = 3,
  maxLength = MAX_LENGTH.textarea,
  inputClassName = "",
  onBlur,
  ...props
}: TextareaFieldProps) {
  const { shell, control, describedBy } = splitField(props);
  return (
    <FieldShell {...shell}>
      <textarea
        {...textareaProps(shell.field, { ariaDescribedBy: describedBy })}
        key={shell.field.key}
        rows={rows}
        maxLength={maxLength}
        {...control}
        className={withClass(inputClass, inputClassName)}
        onBlur={(event: FocusEvent<HTMLTextAreaElement>) => {
          if (trim) trimOnBlur(event.currentTarget);
          onBlur?.(event);
        }}
      />
    </FieldShell>
  );
}

export interface FileFieldProps extends FieldBase, Omit<NativeInput, "accept"> {
  /** Accepted types; any file by default (000 §5). */
  accept?: string;
}

/** A file field (000 §5): any type unless `accept` says otherwise. */
export function FileField(props: FileFieldProps) {
  const { shell, control, describedBy } = splitField(props);
  return (
    <FieldShell {...shell}>
      <InputControl
        field={shell.field}
        type="file"
        describedBy={describedBy}
        {...control}
        className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium disabled:cursor-not-allowed"
      />
    </FieldShell>
  );
}

export interface SelectFieldProps
  extends
    FieldBase,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form" | "defaultValue" | "value" | "className"> {
  options: readonly { value: string; label: string }[];
  /** The empty first option's text; none when omitted. */
  placeholder?: string;
}

/** A select field: its options, and an empty first option when a placeholder is given. */
export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const { shell, control, describedBy } = splitField(props);
  return (
    <FieldShell {...shell}>
      <select
        {...selectProps(shell.field, { ariaDescribedBy: describedBy })}
        key={shell.field.key}
        {...control}
        className={inputClass}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox with its label after it; posts "on" when ticked. */
export function CheckboxField(props: FieldBase & Omit<NativeInput, "checked" | "defaultChecked">) {
  const { shell, control, describedBy } = splitField(props);
  return (
    <FieldShell {...shell} labelPosition="after">
      <InputControl
        field={shell.field}
        type="checkbox"
        describedBy={describedBy}
        {...control}
        className={checkboxClass}
      />
    </FieldShell>
  );
}

/** The form's own messages (conform's form errors: not tied to one field). */
export function FormErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
  const { t } = useTranslation();
  const list = (errors ?? []).filter((error) => error.trim() !== "");
  if (list.length === 0) return null;
  return (
    <div id={id} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {list.map((error) => (
        <p key={error}>{translateMessage(error, t)}</p>
      ))}
    </div>
  );
}
