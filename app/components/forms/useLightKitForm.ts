import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import type { input } from "zod/v4/core";
import type { FormSchema } from "~/lib/forms/schema";
import { type Errors, focusFirstInvalid, formOf, serverErrors } from "./form-dom";
import { useHydrated, usePending } from "./hydrated";
import type { KitField } from "./props";

export interface LightKitFormOptions {
  /** The form's id; default: React's useId. */
  id?: string;
  /** The action's reply for this form. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The values the fields start with. */
  defaultValue?: Record<string, unknown>;
  /** The `intent` of the form's submit button (the browser checks the form as that button would send it). */
  intent?: string;
  /** The intent the form's validity is computed for (its main button's), when it differs from `intent`. */
  validFor?: string;
  /** Called on every edit of a field (to clear an earlier result, say: 000 §4.4). */
  onEdit?: () => void;
}

/** Every field name of a schema's input, across the options of a union. */
type FieldNames<T> = T extends unknown ? keyof T & string : never;
type Check = (formData: FormData) => Errors | null;

function withIntent(formData: FormData, intent: string | undefined): FormData {
  if (intent !== undefined && !formData.has("intent")) formData.set("intent", intent);
  return formData;
}

/** The validation runtime, once loaded (after the first paint): the form's schema and conform's parser. */
function useRuntime<S extends FormSchema>(loadSchema: () => Promise<S>, onLoad: () => void) {
  const runtime = useRef<Check | null>(null);
  const load = useRef(loadSchema);
  const loaded = useRef(onLoad);
  loaded.current = onLoad;
  useEffect(() => {
    let live = true;
    void Promise.all([load.current(), import("./validation-runtime")]).then(([schema, { errorsOf }]) => {
      if (!live) return;
      runtime.current = (formData) => errorsOf(schema, formData);
      loaded.current();
    });
    return () => {
      live = false;
    };
  }, []);
  return runtime;
}

/**
 * The kit's light engine (ADR 0050) for a form of plain fields (no list): the same behaviour as {@link useKitForm}
 * (a field is checked when it is left, then on each input once its message shows; the submit button knows the form's
 * validity; once the user has typed and the form is invalid, every field shows its message), with no conform and no
 * zod in the page's first download. The schema comes from `loadSchema` (a dynamic import), loaded with the
 * validation runtime after the first paint; until then the page works as it does without scripts: the post goes to
 * the server, which checks it with the same schema and answers with the messages.
 */
export function useLightKitForm<S extends FormSchema>(loadSchema: () => Promise<S>, options: LightKitFormOptions = {}) {
  const { intent, lastResult, onEdit } = options;
  const validFor = options.validFor ?? intent;
  const reactId = useId();
  const formId = options.id ?? reactId;
  const hydrated = useHydrated();
  const pending = usePending();
  const [shown, setShown] = useState<Errors>(() => serverErrors(lastResult));
  const [valid, setValid] = useState<boolean | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const touched = useRef(new Set(Object.keys(serverErrors(lastResult))));
  const shownAll = useRef(false);
  // An input before the runtime had come: it is checked when the runtime comes, its messages shown as on an input.
  const early = useRef(false);

  const check = useCallback((): boolean | null => {
    const element = formOf(formId);
    if (!element || !runtime.current) return null;
    const ok = runtime.current(withIntent(new FormData(element), validFor)) === null;
    setValid(ok);
    return ok;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the runtime is a ref
  }, [formId, validFor]);
  const runtime = useRuntime(loadSchema, () => {
    if (check() === false && early.current) shownAll.current = true;
    if (early.current) refresh();
  });

  /** The messages of the fields the user has been through (all of them once shownAll). */
  const refresh = useCallback(() => {
    const element = formOf(formId);
    if (!element || !runtime.current) return;
    const errors = runtime.current(withIntent(new FormData(element), intent)) ?? {};
    const next: Errors = {};
    for (const [name, messages] of Object.entries(errors))
      if (shownAll.current || touched.current.has(name)) next[name] = messages;
    setShown(next);
  }, [formId, intent, runtime]);

  useEffect(() => {
    check();
  });
  useReply(lastResult, formId, { setShown, setResetKey, touched, shownAll });

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!runtime.current) return;
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const sentIntent = submitter?.name === "intent" ? submitter.value : intent;
      const errors = runtime.current(withIntent(new FormData(event.currentTarget), sentIntent));
      if (!errors) return;
      event.preventDefault();
      shownAll.current = true;
      setShown(errors);
      focusFirstInvalid(formId, errors);
    },
    [formId, intent, runtime],
  );
  const events = useFieldEvents({ check, refresh, touched, shownAll, early, onEdit });
  const fields = useMemo(
    () =>
      fieldsOf<FieldNames<input<S>>>(formId, shown, String(resetKey), lastResult?.initialValue ?? options.defaultValue),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values a field starts with are read per reply
    [formId, shown, resetKey, lastResult],
  );
  const form = useMemo(
    () => ({ id: formId, errorId: `${formId}-error`, errors: shown[""], noValidate: true, onSubmit }),
    [formId, shown, onSubmit],
  );
  return {
    form,
    fields,
    intent,
    valid,
    hydrated,
    pending,
    submitDisabled: hydrated && (valid === false || pending),
    formEvents: events,
  };
}

/** The fields' metadata by name (any name: the light engine knows no schema before it loads). */
function fieldsOf<Name extends string>(formId: string, shown: Errors, key: string, initialValue: unknown) {
  const initial = (initialValue ?? {}) as Record<string, unknown>;
  const field = (name: string): KitField => {
    const id = `${formId}-${name}`;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: shown[name],
      initialValue: initial[name],
      key,
    };
  };
  return new Proxy({} as Record<Name, KitField>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
}

interface Seen {
  touched: { current: Set<string> };
  shownAll: { current: boolean };
}

/** The form's events: a field is checked when left, then on each input; the first invalid input shows every message. */
function useFieldEvents({
  check,
  refresh,
  touched,
  shownAll,
  early,
  onEdit,
}: Seen & {
  check: () => boolean | null;
  refresh: () => void;
  early: { current: boolean };
  onEdit?: () => void;
}) {
  return useMemo(
    () => ({
      onBlur: (event: FormEvent<HTMLFormElement>) => {
        const name = (event.target as Partial<HTMLInputElement>).name;
        if (!name || name === "intent") return;
        touched.current.add(name);
        refresh();
      },
      onChange: (event: FormEvent<HTMLFormElement>) => {
        const name = (event.target as Partial<HTMLInputElement>).name;
        if (!name || name === "intent") return;
        onEdit?.();
        const ok = check();
        if (ok === null) early.current = true;
        if (ok === false) shownAll.current = true;
        refresh();
      },
    }),
    [check, refresh, touched, shownAll, early, onEdit],
  );
}

/** A new reply of the action: its messages show (the first invalid field takes the focus); a reset clears the form. */
function useReply(
  lastResult: SubmissionResult<string[]> | null | undefined,
  formId: string,
  state: Seen & { setShown: (errors: Errors) => void; setResetKey: (update: (key: number) => number) => void },
) {
  const seen = useRef(lastResult);
  const { setShown, setResetKey, touched, shownAll } = state;
  useEffect(() => {
    if (seen.current === lastResult) return;
    seen.current = lastResult;
    if (!lastResult) return;
    const errors = serverErrors(lastResult);
    if (lastResult.initialValue === null) {
      formOf(formId)?.reset();
      setResetKey((key) => key + 1);
      touched.current.clear();
      shownAll.current = false;
    }
    for (const name of Object.keys(errors)) touched.current.add(name);
    setShown(errors);
    if (lastResult.status === "error") focusFirstInvalid(formId, errors);
  }, [lastResult, formId, setShown, setResetKey, touched, shownAll]);
}
