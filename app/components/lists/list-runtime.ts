/**
 * The editable lists' validation runtime (ADR 0050), loaded after the first paint with the list's schemas: the
 * messages of the form's data, the Add dialog's draft as the row Add makes of it (trimmed and so on), and the engine's
 * checks (ADR 0059): what a read of the form shows, what a post does (refused, Add or Delete in place, or on to the
 * server), and the messages moving up after a Delete. Until it has loaded, every post goes to the server as it stands.
 */
import type { Errors } from "~/components/forms/form-dom";
import { errorsOf } from "~/components/forms/validation-runtime";
import { formValueOfRow, LIST_INTENT, parseDraft } from "~/lib/forms/list";
import { parseSubmission, type FormSchema } from "~/lib/forms/schema";

export interface ListSchemas {
  /** listFormSchema(row, rules): the same schema the action parses. */
  schema: FormSchema;
  /** The schema of one row (the Add dialog's draft is parsed by it). */
  row: FormSchema;
}

/** The fields the user has been through (their messages show), or all of them once an edit made the form invalid. */
export interface Seen {
  touched: Set<string>;
  all: boolean;
}

/** What a post does with scripts once the runtime has loaded. */
export type ListPost =
  | { kind: "post" }
  | { kind: "ignore" }
  | { kind: "refused"; errors: Errors }
  | { kind: "add"; row: Record<string, string> }
  | { kind: "remove"; index: number };

export interface ListRuntime {
  /** The messages of the form's data by field name, or null when it would pass. */
  errors(formData: FormData): Record<string, string[]> | null;
  /** The Add dialog's draft as a row's form values. */
  draftRow(formData: FormData): Record<string, string>;
  /** A read of the form: would a Save pass, and the messages of the fields the user has been through. */
  read(formData: FormData, seen: Seen, edited: boolean): { valid: boolean; shown: Errors };
  /** The form posted by this submitter: Delete and a valid Add in place, a refused post's messages, else on. */
  submit(form: HTMLFormElement, submitter: HTMLButtonElement | null): ListPost;
  /** After row `removed` is gone: a message's or a field's name (later rows move up; the removed row's are null). */
  shiftedName(name: string, removed: number): string | null;
}

const CONTROL_INTENT = "__intent__";

/** The Delete confirmation's value (conform's `remove` intent, see removeIntent) → the row's index. */
function removedIndex(value: string): number | null {
  try {
    const intent = JSON.parse(value) as { type?: unknown; payload?: { name?: unknown; index?: unknown } };
    const index = intent.payload?.index;
    return intent.type === "remove" && intent.payload?.name === "rows" && Number.isInteger(index)
      ? (index as number)
      : null;
  } catch {
    return null;
  }
}

function shiftedName(name: string, removed: number): string | null {
  const match = /^rows\[(\d+)\](.*)$/.exec(name);
  if (!match) return name;
  const index = Number(match[1]);
  if (index === removed) return null;
  return index > removed ? `rows[${index - 1}]${match[2]}` : name;
}

const visible = (errors: Errors, seen: Seen): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => seen.all || seen.touched.has(name)));

export function listRuntime({ schema, row }: ListSchemas): ListRuntime {
  const errors = (formData: FormData) => errorsOf(schema, formData);
  const draftRow = (formData: FormData) => {
    const payload = parseSubmission(formData, { schema }).payload as { draft?: unknown };
    return formValueOfRow(parseDraft(row, payload.draft));
  };
  return {
    errors,
    draftRow,
    read: (formData, seen, edited) => {
      const found = errors(formData) ?? {};
      formData.set("intent", LIST_INTENT.save);
      const valid = errors(formData) === null;
      if (edited && !valid) seen.all = true;
      return { valid, shown: visible(found, seen) };
    },
    submit: (form, submitter) => {
      if (submitter?.name === CONTROL_INTENT) {
        const index = removedIndex(submitter.value);
        return index === null ? { kind: "ignore" } : { kind: "remove", index };
      }
      const formData = new FormData(form);
      if (submitter?.name) formData.append(submitter.name, submitter.value);
      const refused = errors(formData);
      if (refused) return { kind: "refused", errors: refused };
      // Save and the page's other posts go ahead; Add, with scripts, makes the (valid) draft a row here.
      return submitter?.name === "intent" && submitter.value === LIST_INTENT.add
        ? { kind: "add", row: draftRow(formData) }
        : { kind: "post" };
    },
    shiftedName,
  };
}
