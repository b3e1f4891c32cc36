/**
 * The editable lists' engine (ADR 0050, "Editors that scale"): the rows are plain inputs named `rows[i].<field>`
 * with the kit's light metadata (no conform in the browser, no state per row). The list keeps one array of row slots
 * (a key and the values a row starts with); the inputs hold what the user types. Add and Delete with scripts edit that
 * array (Delete answers conform's `remove` intent, which the server applies without scripts); the messages come from
 * the list's schemas, loaded with the validation runtime after the first paint, run over the form's FormData when a
 * field is left, on each input, and on a post; the checks themselves are the runtime's (ADR 0059). Until the runtime
 * has loaded, every post, Delete's too, goes to the server as it stands.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { type Errors, focusFirstInvalid, formOf, serverErrors } from "~/components/forms/form-dom";
import type { KitField, KitFormMeta } from "~/components/forms/props";
import { formValueOfRow, LIST_INTENT, ROW_ORIGIN, rowsModified } from "~/lib/forms/list-state";
import type { ListReply } from "~/lib/forms/list.server";
import type { ListRuntime, ListSchemas, Seen } from "./list-runtime";

export type RowValues = Record<string, string>;
interface RowSlot {
  key: string;
  initial: RowValues;
}
interface ListState {
  reply: ListReply | null | undefined;
  rows: RowSlot[];
  /** The rows as last read from the form (as they start, before the first read). */
  values: RowValues[];
  /** The rows as loaded, when the list started from them (no reply): while `values` is still this array, nothing changed. */
  loaded: RowValues[] | null;
  next: number;
  draftKey: number;
  /** What the form's top-level fields start with (the rationale, the draft): the reply's, else nothing. */
  initial: Record<string, unknown>;
  shown: Errors;
}

export interface ListEngineOptions {
  id: string;
  /** The list's schemas (a dynamic import), loaded with the validation runtime after the first paint. */
  load: () => Promise<ListSchemas>;
  /** The loaded copy: "modified" compares the edits with it. */
  rows: readonly object[];
  reply?: ListReply | null;
  /** The list's unique field: each loaded row carries its value as loaded (ROW_ORIGIN). */
  uniqueBy?: string;
  /** After a row is added with scripts (the Add dialog closes). */
  onAdded: () => void;
}

const ROW_NAME = /^rows\[(\d{1,3})\]\.(.+)$/;

/** The rows of a form's data: `rows[i].<field>` → rows[i][field] (an unchecked box is absent). */
export function rowsOfFormData(formData: FormData): RowValues[] {
  const rows: RowValues[] = [];
  for (const [name, value] of formData) {
    const match = ROW_NAME.exec(name);
    if (match && typeof value === "string") (rows[Number(match[1])] ??= {})[match[2]!] = value;
  }
  return Array.from(rows, (row) => row ?? {});
}

/** The Delete confirmation's button value: conform's `remove` intent, which the server applies without scripts. */
export const removeIntent = (index: number) => JSON.stringify({ type: "remove", payload: { name: "rows", index } });

const withoutDraft = (errors: Errors): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !name.startsWith("draft")));

/** A loaded row as the form carries it, with its unique field's value as loaded (ROW_ORIGIN). */
function withOrigin(item: object, uniqueBy: string | undefined): RowValues {
  const value = formValueOfRow(item);
  return uniqueBy === undefined ? value : { ...value, [ROW_ORIGIN]: value[uniqueBy] ?? "" };
}

function initialState(options: ListEngineOptions, next: number): ListState {
  const { reply, rows: loaded, uniqueBy } = options;
  const initial = reply?.result.initialValue as Record<string, unknown> | null | undefined;
  const source = initial
    ? (Array.isArray(initial.rows) ? initial.rows : []).map((row) => formValueOfRow(row))
    : loaded.map((item) => withOrigin(item, uniqueBy));
  return {
    reply,
    rows: source.map((values, index) => ({ key: `r${next + index}`, initial: values })),
    values: source,
    loaded: initial ? null : source,
    next: next + source.length,
    draftKey: 0,
    initial: initial ?? {},
    shown: serverErrors(reply?.result),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The validation runtime, loaded after the first paint with the list's schemas. */
function useListRuntime(
  runtime: { current: ListRuntime | null },
  load: () => Promise<ListSchemas>,
  onLoad: () => void,
) {
  const first = useRef({ load, onLoad });
  first.current.onLoad = onLoad;
  useEffect(() => {
    let live = true;
    void Promise.all([first.current.load(), import("./list-runtime")]).then(([schemas, { listRuntime }]) => {
      if (!live) return;
      runtime.current = listRuntime(schemas);
      first.current.onLoad();
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the runtime is a ref, loaded once
  }, []);
}

/** The list's state: its row slots, the rows as last read, the messages shown; a new reply of the action starts it afresh. */
function useListState(options: ListEngineOptions) {
  const [state, setState] = useState(() => initialState(options, 0));
  let current = state;
  if (state.reply !== options.reply) {
    current = initialState(options, state.next);
    setState(current);
  }
  const seen = useRef<Seen>({ touched: new Set(Object.keys(current.shown)), all: false });
  const seenReply = useRef(options.reply);
  const { id, reply } = options;
  useEffect(() => {
    if (seenReply.current === reply) return;
    seenReply.current = reply;
    const errors = serverErrors(reply?.result);
    for (const name of Object.keys(errors)) seen.current.touched.add(name);
    if (reply?.result.status === "error") focusFirstInvalid(id, errors);
  }, [reply, id]);
  return { state: current, setState, seen };
}

/**
 * Reads the form: the rows as they are now ("modified", the fields' current values), whether a Save would pass, and,
 * when asked, the messages of the fields the user has been through (all of them once an edit made the form invalid).
 */
function useFormReader(id: string, list: ReturnType<typeof useListState>, runtime: { current: ListRuntime | null }) {
  const { setState, seen } = list;
  const [valid, setValid] = useState<boolean | null>(null);
  // An input before the runtime had come: its checks run when it comes (`early`).
  const early = useRef(false);
  const read = useCallback(
    ({ edited = false, messages = true }: { edited?: boolean; messages?: boolean } = {}) => {
      const element = formOf(id);
      if (!element) return;
      const formData = new FormData(element);
      const values = rowsOfFormData(formData);
      let shown: Errors | null = null;
      if (!runtime.current && edited) early.current = true;
      if (runtime.current) {
        const result = runtime.current.read(formData, seen.current, edited);
        setValid(result.valid);
        if (messages) shown = result.shown;
      }
      setState((state) => {
        const nextValues = same(state.values, values) ? state.values : values;
        const nextShown = shown === null || same(state.shown, shown) ? state.shown : shown;
        return nextValues === state.values && nextShown === state.shown
          ? state
          : { ...state, values: nextValues, shown: nextShown };
      });
    },
    [id, setState, seen, runtime],
  );
  return { read, valid, early };
}

/** A field is checked when it is left, then on each input (ADR 0023, ADR 0044), wherever it is (a dialog too). */
function useFieldListeners(id: string, seen: { current: Seen }, read: ReturnType<typeof useFormReader>["read"]) {
  useEffect(() => {
    const fieldOf = (event: Event) => {
      const element = event.target as HTMLInputElement | null;
      if (!element || element.form?.id !== id || !element.name || element.name === "intent") return null;
      return element.type === "submit" ? null : element;
    };
    const onInput = (event: Event) => {
      if (fieldOf(event)) read({ edited: true });
    };
    const onBlur = (event: Event) => {
      const element = fieldOf(event);
      if (!element) return;
      seen.current.touched.add(element.name);
      read();
    };
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
    };
  }, [id, seen, read]);
}

/**
 * The list's submit, by the runtime's checks (./list-runtime.ts): Delete (conform's remove intent) and Add in place,
 * a refused post's messages shown; Save and any post before the runtime has loaded go to the server as they stand.
 */
function useListSubmit(
  id: string,
  list: ReturnType<typeof useListState>,
  runtime: { current: ListRuntime | null },
  edits: { remove: (index: number) => void; add: (row: RowValues) => void },
) {
  const { setState, seen } = list;
  const submitting = useRef(false);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const post = runtime.current?.submit(event.currentTarget, submitter) ?? { kind: "post" };
      if (post.kind === "ignore") return;
      if (post.kind === "post") {
        // Leaving by a post is no loss (the unsaved-changes question stays away); Add without the runtime is a round trip.
        if (!(submitter?.name === "intent" && submitter.value === LIST_INTENT.add)) submitting.current = true;
        return;
      }
      event.preventDefault();
      if (post.kind === "remove") edits.remove(post.index);
      else if (post.kind === "add") edits.add(post.row);
      else {
        seen.current.all = true;
        setState((state) => ({ ...state, shown: post.errors }));
        focusFirstInvalid(id, post.errors);
      }
    },
    [id, setState, seen, runtime, edits],
  );
  return { onSubmit, submitting };
}

/** Row slots added and removed; the draft emptied. */
function useRowEdits(
  list: ReturnType<typeof useListState>,
  runtime: { current: ListRuntime | null },
  onAdded: () => void,
  edited: { current: boolean },
) {
  const { setState, seen } = list;
  const resetDraft = useCallback(() => {
    for (const name of [...seen.current.touched]) if (name.startsWith("draft")) seen.current.touched.delete(name);
    setState((state) => ({
      ...state,
      draftKey: state.draftKey + 1,
      initial: { ...state.initial, draft: undefined },
      shown: withoutDraft(state.shown),
    }));
  }, [setState, seen]);
  const added = useRef(onAdded);
  added.current = onAdded;
  return useMemo(
    () => ({
      resetDraft,
      // Only once the runtime has loaded (before, Delete posts): it moves the messages up with the rows.
      remove: (index: number) => {
        const shifted = (name: string) => runtime.current!.shiftedName(name, index);
        edited.current = true;
        const touched = [...seen.current.touched].map(shifted);
        seen.current.touched = new Set(touched.filter((name): name is string => name !== null));
        setState((state) => ({
          ...state,
          rows: state.rows.filter((_, at) => at !== index),
          values: state.values.filter((_, at) => at !== index),
          shown: Object.fromEntries(
            Object.entries(state.shown).flatMap(([name, messages]) => {
              const moved = shifted(name);
              return moved === null ? [] : [[moved, messages]];
            }),
          ),
        }));
      },
      add: (row: RowValues) => {
        edited.current = true;
        setState((state) => ({
          ...state,
          rows: [...state.rows, { key: `r${state.next}`, initial: row }],
          values: [...state.values, row],
          next: state.next + 1,
        }));
        resetDraft();
        added.current();
      },
    }),
    [setState, seen, resetDraft, edited, runtime],
  );
}

export interface EngineRow {
  key: string;
  index: number;
  fields: Record<string, KitField>;
  /** The values the row started with (the same object while the row lives), for a row that renders its own controls. */
  initial: RowValues;
  /** The messages shown, by field name (the list's, shared by its rows): `messages["rows[3].title"]`. */
  messages: Errors;
}

/** The fields' metadata by name (the kit's light metadata: conform's ids, the messages shown, the values as loaded). */
function fieldMaker(id: string, state: ListState) {
  return (name: string, initialValue: unknown, value?: unknown, key?: string): KitField => {
    const fieldId = `${id}-${name}`;
    return {
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors: state.shown[name],
      initialValue,
      value,
      key,
    };
  };
}

const byName = <T>(make: (name: string) => T | undefined) =>
  new Proxy({} as Record<string, T>, { get: (_, name) => (typeof name === "string" ? make(name) : undefined) });

/** The list's rows, the draft's and the form's own fields, as metadata for the kit's fields. */
function useListFields(id: string, state: ListState, uniqueBy: string | undefined) {
  return useMemo(() => {
    const field = fieldMaker(id, state);
    const rows: EngineRow[] = state.rows.map((slot, index) => ({
      key: slot.key,
      index,
      initial: slot.initial,
      messages: state.shown,
      fields: byName((name) =>
        name === ROW_ORIGIN && uniqueBy === undefined
          ? undefined
          : field(`rows[${index}].${name}`, slot.initial[name], state.values[index]?.[name] ?? slot.initial[name]),
      ),
    }));
    const draftValues = (state.initial.draft ?? {}) as Record<string, unknown>;
    const draft = byName((name) => field(`draft.${name}`, draftValues[name], undefined, `d${state.draftKey}`));
    const fields = byName((name) => field(name, state.initial[name]));
    return { rows, draft, fields };
  }, [id, state, uniqueBy]);
}

/**
 * The engine of an editable list (see the module's comment): the rows to render, the draft's fields, the form's
 * props, and what the kit's buttons need (validity, "modified", the Add dialog's validity, the Delete button).
 */
export function useListEngine(options: ListEngineOptions) {
  const { id, uniqueBy } = options;
  const list = useListState(options);
  const runtime = useRef<ListRuntime | null>(null);
  const { read, valid, early } = useFormReader(id, list, runtime);
  // When the runtime comes: the form read anew, with the messages an input before it would have shown.
  useListRuntime(runtime, options.load, () => read({ edited: early.current, messages: early.current }));
  useFieldListeners(id, list.seen, read);
  const edited = useRef(false);
  const edits = useRowEdits(list, runtime, options.onAdded, edited);
  const { onSubmit, submitting } = useListSubmit(id, list, runtime, edits);
  const { state } = list;
  // After the rows change (and once mounted: what was typed before the scripts ran counts too); the messages anew
  // after an Add or a Delete, not after a reply (whose messages, the server's, stay until the user goes on).
  useEffect(() => {
    read({ messages: edited.current });
    edited.current = false;
  }, [state.rows, read]);
  const [addValid, setAddValid] = useState<boolean | null>(null);
  const checkAdd = useCallback(() => {
    const element = formOf(id);
    if (!element || !runtime.current) return;
    const formData = new FormData(element);
    formData.set("intent", LIST_INTENT.add);
    setAddValid(runtime.current.errors(formData) === null);
  }, [id]);
  const { rows, draft, fields } = useListFields(id, state, uniqueBy);
  // Compared only once the rows were read anew (not on the server's render of a list as loaded; ADR 0056).
  const loadedRows = options.rows;
  const modified = useMemo(
    () => state.values !== state.loaded && rowsModified(state.values, loadedRows),
    [state.values, state.loaded, loadedRows],
  );
  const form: KitFormMeta = useMemo(
    () => ({ id, errorId: `${id}-error`, errors: state.shown[""], noValidate: true, onSubmit }),
    [id, state.shown, onSubmit],
  );
  return {
    form,
    fields,
    rows,
    draft,
    valid,
    addValid,
    checkAdd,
    modified,
    submitting,
    resetDraft: edits.resetDraft,
  };
}
