/**
 * Reusable inputs (000 §5): each shows its label, an optional hint and its error under the field (wired with
 * aria-describedby and aria-invalid). Errors come from the form (conform's field errors, i.e. the server without
 * JavaScript) or, with JavaScript, from checking the field's own rules once it has been left. Messages are locale keys
 * made by app/lib/validation.ts ('This field is required', 'Value is not a valid email address', …).
 */
import {
  useId,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "~/lib/i18n-react";
import { FieldFrame, inputClass, PasswordInput as PasswordControl } from "~/components/forms";
import { BusyFieldset } from "~/components/Loading";
import { checkValue, translateMessage, type FieldRules } from "~/lib/validation";

/** The bare password box with its show/hide toggle (the one the sign-in pages use). */
export { PasswordControl };

type Errors = readonly string[] | string | null | undefined;

interface FieldBaseProps {
  /** The input's id; an id is made up when none is given. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Errors from outside (conform field errors, server results): locale keys or texts. They win over local ones. */
  errors?: Errors;
  required?: boolean;
  /** 'Value is required' instead of 'This field is required'. */
  requiredMessage?: "field" | "value";
  disabled?: boolean;
  /** Classes of the wrapper. */
  className?: string;
}

function errorList(errors: Errors): string[] {
  if (!errors) return [];
  return (typeof errors === "string" ? [errors] : [...errors]).filter((error) => error.trim() !== "");
}

/**
 * The error to show and the aria wiring: outside errors first; else, once the field has been left, the first of its
 * own rules it breaks (or a custom rule's message).
 */
function useFieldState(props: {
  id?: string;
  hint?: ReactNode;
  errors?: Errors;
  rules: FieldRules;
  validate?: (value: string) => string | null | undefined;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const generated = useId();
  const id = props.id ?? `field-${generated.replace(/:/g, "")}`;
  const [local, setLocal] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const outside = errorList(props.errors);
  const message = outside[0] ?? local;
  const error = message ? translateMessage(message, t) : null;
  const check = (value: string) => setLocal(checkValue(value, props.rules) ?? props.validate?.(value) ?? null);
  const describedBy =
    [props.describedBy, props.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return {
    id,
    error,
    aria: { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy },
    onBlurCheck: (value: string) => {
      setTouched(true);
      check(value);
    },
    onChangeCheck: (value: string) => {
      if (touched) check(value);
    },
  };
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "required" | "disabled" | "className">;

export interface TextInputProps extends FieldBaseProps, NativeInputProps {
  type?: "text" | "search" | "tel" | "url" | "number";
  /** 'Value must be numeric' for anything but a number. */
  numeric?: boolean;
  /** Leading and trailing whitespace is removed when the field is left. */
  trim?: boolean;
  /** A custom rule: a message (locale key or text) when the value is wrong. */
  validate?: (value: string) => string | null | undefined;
  inputClassName?: string;
}

/** Sets a field's value as typing would, so React's onChange (controlled or not) sees it. */
function setValueAsTyped(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

/** onChange/onBlur that also run the field's own checks (after trimming on leaving, when asked). */
function checkedHandlers<E extends HTMLInputElement | HTMLTextAreaElement>(
  field: { onChangeCheck(value: string): void; onBlurCheck(value: string): void },
  options: { trim?: boolean; onChange?: (event: ChangeEvent<E>) => void; onBlur?: (event: FocusEvent<E>) => void },
) {
  return {
    onChange: (event: ChangeEvent<E>) => {
      options.onChange?.(event);
      field.onChangeCheck(event.currentTarget.value);
    },
    onBlur: (event: FocusEvent<E>) => {
      const value = options.trim ? trimOnBlur(event) : event.currentTarget.value;
      options.onBlur?.(event);
      field.onBlurCheck(value);
    },
  };
}

function trimOnBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): string {
  const element = event.currentTarget;
  const trimmed = element.value.trim();
  if (trimmed !== element.value) setValueAsTyped(element, trimmed);
  return trimmed;
}

/** A single-line text input (000 §5). */
export function TextInput({
  id,
  label,
  hint,
  errors,
  required,
  requiredMessage,
  disabled,
  className,
  type = "text",
  numeric,
  trim,
  validate,
  inputClassName = "",
  onBlur,
  onChange,
  minLength,
  maxLength,
  ...rest
}: TextInputProps) {
  const rules: FieldRules = { required: required ? (requiredMessage === "value" ? "value" : true) : false, numeric, trim, minLength, maxLength };
  const field = useFieldState({ id, hint, errors, rules, validate, describedBy: rest["aria-describedby"] });
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={field.error} className={className}>
      <input
        {...rest}
        {...field.aria}
        id={field.id}
        type={type}
        inputMode={numeric && type === "text" ? "decimal" : rest.inputMode}
        required={required}
        disabled={disabled}
        minLength={minLength}
        maxLength={maxLength}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 ${inputClassName}`}
        {...checkedHandlers<HTMLInputElement>(field, { trim, onChange, onBlur })}
      />
    </FieldFrame>
  );
}

export interface EmailInputProps extends FieldBaseProps, NativeInputProps {
  inputClassName?: string;
}

/** An e-mail input (000 §5): all whitespace is removed as the user types; the format is checked; required if marked. */
export function EmailInput({
  id,
  label,
  hint,
  errors,
  required,
  requiredMessage,
  disabled,
  className,
  inputClassName = "",
  onBlur,
  onChange,
  ...rest
}: EmailInputProps) {
  const rules: FieldRules = { required: required ? (requiredMessage === "value" ? "value" : true) : false, email: true, stripWhitespace: true };
  const field = useFieldState({ id, hint, errors, rules, describedBy: rest["aria-describedby"] });
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={field.error} className={className}>
      <input
        autoComplete="email"
        {...rest}
        {...field.aria}
        id={field.id}
        type="email"
        required={required}
        disabled={disabled}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 ${inputClassName}`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const element = event.currentTarget;
          const stripped = element.value.replace(/\s+/g, "");
          if (stripped !== element.value) element.value = stripped;
          onChange?.(event);
          field.onChangeCheck(stripped);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          field.onBlurCheck(event.currentTarget.value);
        }}
      />
    </FieldFrame>
  );
}

export interface PasswordInputProps extends FieldBaseProps, NativeInputProps {
  /** Whether the password shows; with onToggle the parent controls it (e.g. two fields linked), else the field does. */
  shown?: boolean;
  onToggle?: () => void;
}

/**
 * A password field (000 §2.5, §5): hidden by default, a show/hide toggle once scripts run, which disappears while an
 * error shows; required only if marked so.
 */
export function PasswordInput({
  id,
  label,
  hint,
  errors,
  required,
  requiredMessage,
  disabled,
  className,
  shown,
  onToggle,
  onBlur,
  onChange,
  ...rest
}: PasswordInputProps) {
  const [ownShown, setOwnShown] = useState(false);
  const rules: FieldRules = { required: required ? (requiredMessage === "value" ? "value" : true) : false };
  const field = useFieldState({ id, hint, errors, rules, describedBy: rest["aria-describedby"] });
  const controlled = onToggle !== undefined;
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={field.error} className={className}>
      <PasswordControl
        autoComplete="current-password"
        {...rest}
        {...field.aria}
        id={field.id}
        required={required}
        disabled={disabled}
        shown={controlled ? Boolean(shown) : ownShown}
        onToggle={controlled ? onToggle : () => setOwnShown((value) => !value)}
        showToggle={!field.error && !disabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange?.(event);
          field.onChangeCheck(event.currentTarget.value);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          onBlur?.(event);
          field.onBlurCheck(event.currentTarget.value);
        }}
      />
    </FieldFrame>
  );
}

type NativeTextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "required" | "disabled" | "className">;

export interface TextAreaProps extends FieldBaseProps, NativeTextAreaProps {
  /** Leading and trailing whitespace is removed when the field is left (and should be by the schema on submit). */
  trim?: boolean;
  /** A custom rule: a message (locale key or text) when the value is wrong. */
  validate?: (value: string) => string | null | undefined;
  inputClassName?: string;
}

/** A multi-line text input (000 §5): 3 rows by default, optional trim, custom rules and outside errors. */
export function TextArea({
  id,
  label,
  hint,
  errors,
  required,
  requiredMessage,
  disabled,
  className,
  trim,
  validate,
  rows = 3,
  inputClassName = "",
  onBlur,
  onChange,
  minLength,
  maxLength,
  ...rest
}: TextAreaProps) {
  const rules: FieldRules = { required: required ? (requiredMessage === "value" ? "value" : true) : false, trim, minLength, maxLength };
  const field = useFieldState({ id, hint, errors, rules, validate, describedBy: rest["aria-describedby"] });
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={field.error} className={className}>
      <textarea
        {...rest}
        {...field.aria}
        id={field.id}
        rows={rows}
        required={required}
        disabled={disabled}
        minLength={minLength}
        maxLength={maxLength}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 ${inputClassName}`}
        {...checkedHandlers<HTMLTextAreaElement>(field, { trim, onChange, onBlur })}
      />
    </FieldFrame>
  );
}

export interface FileInputProps extends FieldBaseProps, Omit<NativeInputProps, "value" | "defaultValue"> {
  /** Accepted types; any file by default. */
  accept?: string;
  inputClassName?: string;
}

/** A file input (000 §5): any type by default; 'This field is required' when required and no file is chosen. */
export function FileInput({
  id,
  label,
  hint,
  errors,
  required,
  requiredMessage,
  disabled,
  className,
  accept,
  inputClassName = "",
  onBlur,
  onChange,
  ...rest
}: FileInputProps) {
  const rules: FieldRules = { required: required ? (requiredMessage === "value" ? "value" : true) : false };
  const field = useFieldState({ id, hint, errors, rules, describedBy: rest["aria-describedby"] });
  const chosen = (element: HTMLInputElement) => (element.files?.length ? (element.files[0]?.name ?? "file") : "");
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={field.error} className={className}>
      <input
        {...rest}
        {...field.aria}
        id={field.id}
        type="file"
        accept={accept}
        required={required}
        disabled={disabled}
        className={`block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium disabled:cursor-not-allowed ${inputClassName}`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange?.(event);
          // Choosing (or cancelling) is the end of the interaction with a file input.
          field.onBlurCheck(chosen(event.currentTarget));
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          onBlur?.(event);
        }}
      />
    </FieldFrame>
  );
}

export interface PartialLoadingFieldsetProps {
  /** A partial load is under way: every input and button inside is disabled and a spinner shows (000 §4.7). */
  busy: boolean;
  /** An optional legend for the group. */
  legend?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A <fieldset> that disables what it holds during a partial load, with a spinner and aria-busy (one implementation: BusyFieldset). */
export function PartialLoadingFieldset({ busy, legend, className = "", children }: PartialLoadingFieldsetProps) {
  return (
    <BusyFieldset busy={busy} legend={legend} showLegend className={className}>
      {children}
    </BusyFieldset>
  );
}
