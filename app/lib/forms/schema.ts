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
 * Field names conform reads as paths (`rows[3].title`) are bounded before it builds values from them: an index beyond
 * 999 (a list holds at most 500 rows, app/lib/forms/list.ts), a path deeper than 8 levels or a name longer than 200
 * characters comes from no form of ours. Such a field is left out, so a post of `email[99999999]=x` cannot make the
 * server build, check and echo an array of a hundred million entries, nor a deep path exhaust the stack.
 */
const MAX_NAME_LENGTH = 200;
const MAX_NAME_DEPTH = 8;
const MAX_INDEX_DIGITS = 3;

export function isBoundedFieldName(name: string): boolean {
  if (name.length > MAX_NAME_LENGTH) return false;
  let depth = 1;
  for (const match of name.matchAll(/\[([^\]]*)\]|\./g)) {
    if (++depth > MAX_NAME_DEPTH) return false;
    if (match[1] !== undefined && match[1].length > MAX_INDEX_DIGITS) return false;
  }
  return true;
}

/** conform's control intent field, and the intents it knows (conform throws on any other, or on a value not JSON). */
const INTENT_FIELD = "__intent__";
const INTENT_TYPES = new Set(["validate", "reset", "update", "insert", "remove", "reorder"]);

/**
 * Whether a control intent is one conform can apply safely: JSON of a known type, its field name bounded, its indexes
 * whole numbers of at most three digits. (An `update` at index 99,999,999 took conform 12 s and then overflowed the
 * stack; a value that is not JSON made it throw.)
 */
export function isBoundedIntent(value: FormDataEntryValue): boolean {
  if (typeof value !== "string") return false;
  let intent: unknown;
  try {
    intent = JSON.parse(value);
  } catch {
    return false;
  }
  if (!intent || typeof intent !== "object") return false;
  const { type, payload } = intent as { type?: unknown; payload?: unknown };
  if (typeof type !== "string" || !INTENT_TYPES.has(type)) return false;
  if (payload === undefined) return true;
  if (!payload || typeof payload !== "object") return false;
  const { name, index, from, to, value: set, defaultValue } = payload as Record<string, unknown>;
  if (name !== undefined && (typeof name !== "string" || !isBoundedFieldName(name))) return false;
  // The values an update sets or an insert adds become fields too: as deep as a field's path may be.
  if (!withinDepth(set, MAX_NAME_DEPTH) || !withinDepth(defaultValue, MAX_NAME_DEPTH)) return false;
  return [index, from, to].every(
    (number) =>
      number === undefined || (Number.isInteger(number) && (number as number) >= 0 && (number as number) < 1000),
  );
}

/** Whether a JSON value nests objects and arrays at most `levels` deep. */
function withinDepth(value: unknown, levels: number): boolean {
  if (!value || typeof value !== "object") return true;
  if (levels === 0) return false;
  return Object.values(value).every((item) => withinDepth(item, levels - 1));
}

/**
 * The payload without what {@link isBoundedFieldName} and {@link isBoundedIntent} refuse (the payload itself when
 * everything passes). A refused intent leaves a plain submission, which the schema then checks as it stands.
 */
export function boundedPayload<P extends FormData | URLSearchParams>(payload: P): P {
  const keep = (name: string, value: FormDataEntryValue) =>
    isBoundedFieldName(name) && (name !== INTENT_FIELD || isBoundedIntent(value));
  const entries = [...payload.entries()] as [string, FormDataEntryValue][];
  if (entries.every(([name, value]) => keep(name, value))) return payload;
  const kept = (payload instanceof URLSearchParams ? new URLSearchParams() : new FormData()) as P;
  for (const [name, value] of entries) {
    if (keep(name, value)) (kept as FormData).append(name, value);
  }
  return kept;
}

/**
 * Parses a form post (or the browser's form data) with conform and a zod/mini schema. List intents (insert, remove,
 * update) are applied by conform before the schema runs. The reply drops secret fields, always.
 */
export function parseSubmission<S extends FormSchema>(
  payload: FormData | URLSearchParams,
  options: { schema: S },
): FormSubmission<S> {
  const submission = parse<output<S>, string[]>(boundedPayload(payload), {
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
