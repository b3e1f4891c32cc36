/**
 * conform over zod/mini: the one way every form of the app is parsed, on the server (actions) and in the browser
 * (conform's onValidate). It replaces @conform-to/zod, whose coercion imports classic zod (88 KB gzipped in every
 * page, docs/decisions/0023-forms-dialogs-and-lists.md).
 *
 * - Form values are coerced the way conform's own adapter does for text: an empty string (or an empty file input) is
 *   undefined, so a schema says what "empty" means (usually "" or 'This field is required').
 * - Errors are keyed by conform's field names: `rows[1].title`, `draft.title`, "" for the form itself.
 * - A reply never carries a secret back to the page: fields whose schema is marked with {@link secret} (passwords) and
 *   any field named like a password are dropped from what the reply echoes, whatever the caller asks.
 */
import { parse, type Submission, type SubmissionResult } from "@conform-to/react";
import { safeParse, type $ZodIssue, type $ZodType, type input, type output } from "zod/v4/core";

const secrets = new WeakSet<object>();

/** Marks a field's schema as secret: no reply of a form holding it echoes its value. Returns the schema itself. */
export function secret<T extends $ZodType>(schema: T): T {
  secrets.add(schema);
  return schema;
}

/** Field names that are secret whatever their schema says: anything named like a password. */
const SECRET_NAME = /password/i;

interface Def {
  type?: string;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  element?: $ZodType;
  left?: $ZodType;
  right?: $ZodType;
}

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The names of the secret fields anywhere in a schema (objects, unions, arrays, wrappers). */
export function secretFieldNames(schema: $ZodType, found = new Set<string>(), seen = new Set<object>()): Set<string> {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = defOf(schema);
  if (def.shape) {
    for (const [name, field] of Object.entries(def.shape)) {
      if (isSecret(field)) found.add(name);
      secretFieldNames(field, found, seen);
    }
  }
  for (const inner of [...(def.options ?? []), def.innerType, def.in, def.out, def.element, def.left, def.right]) {
    if (inner && typeof inner === "object") secretFieldNames(inner, found, seen);
  }
  return found;
}

function isSecret(schema: $ZodType, seen = new Set<object>()): boolean {
  if (secrets.has(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  const wrapped = [def.innerType, def.in, def.out].filter((inner): inner is $ZodType => Boolean(inner));
  return wrapped.some((inner) => isSecret(inner, seen));
}

/** A copy of a form value without the named fields, at any depth. */
export function withoutFields<T>(value: T, names: ReadonlySet<string>): T {
  if (Array.isArray(value)) return value.map((item) => withoutFields(item, names)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (names.has(key) || SECRET_NAME.test(key)) continue;
      copy[key] = withoutFields(item, names);
    }
    return copy as T;
  }
  return value;
}

const isEmptyFile = (value: unknown) =>
  typeof File !== "undefined" && value instanceof File && value.size === 0 && value.name === "";

/** Form values as schemas read them: "" and empty file inputs are undefined, at any depth. */
export function coerceFormValue(value: unknown): unknown {
  if (value === "" || isEmptyFile(value)) return undefined;
  if (Array.isArray(value)) return value.map(coerceFormValue);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = coerceFormValue(item);
    return copy;
  }
  return value;
}

/** conform's name for a path: `rows[1].title`; the empty path is the form itself (""). */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === "number") return `${name}[${segment}]`;
    const key = String(segment);
    return name ? `${name}.${key}` : key;
  }, "");
}

/** Issues as conform's error record: every message of a field, by its name. */
export function errorsByName(issues: readonly $ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = fieldName(issue.path);
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

export type FormSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;
export type FormSubmission<S extends FormSchema> = Submission<input<S>, string[], output<S>>;

/**
 * Parses a form post (or the browser's form data) with conform and a zod/mini schema. List intents (insert, remove,
 * update) are applied by conform before the schema runs. The reply drops secret fields, always.
 */
export function parseSubmission<S extends FormSchema>(
  payload: FormData | URLSearchParams,
  options: { schema: S },
): FormSubmission<S> {
  const submission = parse<output<S>, string[]>(payload, {
    resolve(value) {
      const result = safeParse(options.schema, coerceFormValue(value));
      return result.success ? { value: result.data } : { error: errorsByName(result.error.issues) };
    },
  });
  const hidden = secretFieldNames(options.schema);
  const reply: typeof submission.reply = (replyOptions) => {
    const result: SubmissionResult<string[]> = submission.reply(replyOptions);
    return result.initialValue ? { ...result, initialValue: withoutFields(result.initialValue, hidden) } : result;
  };
  return { ...submission, reply } as FormSubmission<S>;
}
