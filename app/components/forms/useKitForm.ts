import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { input, output } from "zod/v4/core";
import { parseSubmission, type FormSchema } from "~/lib/forms/schema";
import { useHydrated, usePending } from "./hydrated";

export interface KitFormOptions<S extends FormSchema> {
  /** The form's id (conform's); default: React's useId. */
  id?: string;
  /** The action's reply for this form. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The values the fields start with (lists: arrays of rows). */
  defaultValue?: DefaultValue<input<S>> | Record<string, unknown>;
  /**
   * The `intent` of the form's submit button. The browser checks the form as that button would send it (a blur or
   * an input carries no button); without it, the schema sees no intent.
   */
  intent?: string;
  /** The intent the form's validity is computed for (its main button's), when it differs from `intent`. */
  validFor?: string;
  /** conform's onSubmit: runs before the post; `event.preventDefault()` keeps it in the browser. */
  onSubmit?: Parameters<typeof useForm>[0]["onSubmit"];
  /** Fields that do not count for conform's dirty state (a dialog's draft, say). */
  shouldDirtyConsider?: (name: string) => boolean;
  /** Called on every edit of a field (to clear an earlier result, say: 000 §4.4). */
  onEdit?: () => void;
}

function withIntent(formData: FormData, intent: string | undefined): FormData {
  if (intent !== undefined && !formData.has("intent")) formData.set("intent", intent);
  return formData;
}

/**
 * A conform form validated by its zod/mini schema, the way every form of the product validates (the schema is the
 * server's too):
 * - a field is checked when it is left, then on each input once its message shows;
 * - the form's validity (for its submit button, 000 §5) is computed from the page itself, on every input and after
 *   every render, so what was typed before the scripts ran counts too;
 * - once the user has typed and the form is invalid, every field shows its message: the disabled button is never
 *   the only explanation.
 * Values live in the inputs (uncontrolled), never in a second copy in React state.
 */
export function useKitForm<S extends FormSchema>(schema: S, options: KitFormOptions<S> = {}) {
  const { intent } = options;
  const validFor = options.validFor ?? intent;
  const hydrated = useHydrated();
  const pending = usePending();
  const [form, fields] = useForm<input<S>, output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as DefaultValue<input<S>> | undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: options.shouldDirtyConsider,
    onValidate: ({ formData }) => parseSubmission(withIntent(formData, intent), { schema }),
    onSubmit: options.onSubmit,
  });
  // null: not known yet (the server, and before the first check in the browser).
  const [valid, setValid] = useState<boolean | null>(null);
  const shownAll = useRef(false);
  const formId = form.id;

  const check = useCallback((): boolean | null => {
    if (typeof document === "undefined") return null;
    const element = document.forms.namedItem(formId);
    if (!element) return null;
    const ok = parseSubmission(withIntent(new FormData(element), validFor), { schema }).status === "success";
    setValid(ok);
    return ok;
  }, [formId, validFor, schema]);

  // After every render: a list intent, a reset or a reply may have changed the fields.
  useEffect(() => {
    check();
  });
  // A reset (conform's, after a reply that resets the form) starts the messages afresh.
  useEffect(() => {
    if (Object.keys(form.allErrors).length === 0) shownAll.current = false;
  }, [form.allErrors]);

  const { onEdit } = options;
  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as Partial<HTMLInputElement>;
      if (!target.name || target.name === "intent") return;
      onEdit?.();
      const ok = check();
      if (ok === false && !shownAll.current) {
        shownAll.current = true;
        form.validate();
      }
    },
    [check, form, onEdit],
  );

  return {
    form,
    fields,
    /** The intent of the form's main button. */
    intent,
    /** Whether the form, sent by its submit button, would pass; null until known (no scripts, or not checked yet). */
    valid,
    hydrated,
    pending,
    /** For the submit button: disabled while invalid or being sent (000 §5, 001 §5), only where scripts can tell. */
    submitDisabled: hydrated && (valid === false || pending),
    /** Spread on the <form> after getFormProps(form): the validity check on every input. */
    formEvents: { onChange: onInput },
  };
}

export { useEditClearedOutcome } from "./outcome";
