import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import type { z } from "zod";

/** True once React has hydrated: what only scripts can do (disabling, toggles) waits for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600";
export const primaryButton =
  "inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400";
export const linkButton = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** The label, the control, the hint and the first error; ids for aria-describedby. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className = "",
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mb-4 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled control with its hint and first error (the sign-in pages' field). */
export function Field({
  id,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={errors?.[0] ?? null}>
      {children}
    </FieldFrame>
  );
}

/** A password input, hidden by default; once scripts run, a toggle shows it (the toggle hides while an error shows). */
export function PasswordInput({
  shown,
  onToggle,
  showToggle = true,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { shown: boolean; onToggle: () => void; showToggle?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <input {...props} type={shown ? "text" : "password"} className={`${inputClass} pr-20`} />
      {hydrated && showToggle ? (
        <button
          type="button"
          onClick={onToggle}
          aria-pressed={shown}
          aria-controls={props.id}
          className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:text-brand-900"
        >
          {shown ? t("auth.hidePassword") : t("auth.showPassword")}
        </button>
      ) : null}
    </div>
  );
}

/** Whether a form of this page is being submitted. */
export function usePending(): boolean {
  return useNavigation().state !== "idle";
}

/**
 * A conform form validated by its zod schema, the way every form of the product validates: on leaving a field, then
 * again on each input once shown. The server parses the same schema.
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
