/**
 * Field validation shared by the form kit's fields (000 §5) and the zod schemas that conform parses, on the server and
 * in the browser: the schemas are zod/mini, which the browser can afford (docs/decisions/0023-forms-dialogs-and-lists.md).
 *
 * Messages travel as locale keys, as elsewhere in the app (a schema says "validation.required", the page translates
 * it). A message with values carries them after a "|" as JSON: "validation.maxLength|{"max":10}". Components turn them
 * into text with {@link translateMessage}; a message that is not a key (an error text from elsewhere) is shown as is.
 */
import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";
import { secret } from "./forms/schema";
import { MAX_LENGTH, MESSAGE_KEYS, messages } from "./messages";

export * from "./messages";

export interface FieldRules {
  /** The field must have a value: true for 'This field is required', "value" for 'Value is required'. */
  required?: boolean | "value";
  /** The value must be an e-mail address. */
  email?: boolean;
  /** The value must be a number (digits, an optional sign and decimal point). */
  numeric?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Leading and trailing whitespace is removed before checking. */
  trim?: boolean;
  /** All whitespace is removed (the e-mail input, 000 §5). */
  stripWhitespace?: boolean;
}

// Made when first needed: a schema built when the module loads would be kept in every page that imports anything
// from this module (a call may have side effects, so the bundler keeps it).
let emailSchema: z.ZodMiniEmail | undefined;

/** The e-mail format check: zod's (the spec does not say more than "valid e-mail address", 000 §5). */
export function isEmail(value: string): boolean {
  emailSchema ??= z.email();
  return safeParse(emailSchema, value).success;
}

export function isNumeric(value: string): boolean {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value);
}

/** The value as the rules want it stored: trimmed, or with all whitespace removed. */
export function normalise(value: string, rules: FieldRules): string {
  if (rules.stripWhitespace) return value.replace(/\s+/g, "");
  return rules.trim ? value.trim() : value;
}

/** The first rule a value breaks, as a message; null when it passes. An empty value only fails `required`. */
export function checkValue(raw: string | null | undefined, rules: FieldRules): string | null {
  const value = normalise(raw ?? "", rules);
  if (value === "") {
    if (rules.required === "value") return messages.valueRequired();
    return rules.required ? messages.required() : null;
  }
  if (rules.email && !isEmail(value)) return messages.email();
  if (rules.numeric && !isNumeric(value)) return messages.numeric();
  if (rules.minLength !== undefined && value.length < rules.minLength) return messages.minLength(rules.minLength);
  if (rules.maxLength !== undefined && value.length > rules.maxLength) return messages.maxLength(rules.maxLength);
  return null;
}

/** A custom issue from a check: a message made by {@link message}, or a locale key. */
function problem(check: (value: string) => string | null) {
  return z.superRefine<string>((value, ctx) => {
    const found = check(value);
    if (found) ctx.addIssue({ code: "custom", message: found, input: value });
  });
}

/**
 * A zod schema for a text field with these rules, for conform (app/lib/forms/schema.ts). The adapter turns an empty
 * field into undefined; the schema accepts that as "" and gives the normalised string ("" when empty and not required).
 */
export function textField(rules: FieldRules = {}) {
  return z
    .pipe(
      z.optional(z.string({ error: messages.required() })),
      z.transform((value: string | undefined) => normalise(value ?? "", rules)),
    )
    .check(problem((value) => checkValue(value, rules)));
}

/** A zod schema for an e-mail field: whitespace removed, the format checked, required when asked. */
export function emailField(rules: Omit<FieldRules, "email" | "stripWhitespace"> = {}) {
  return textField({ maxLength: MAX_LENGTH.email, ...rules, email: true, stripWhitespace: true });
}

/** A zod schema for a numeric text field. */
export function numericField(rules: Omit<FieldRules, "numeric"> = {}) {
  return textField({ ...rules, numeric: true, trim: rules.trim ?? true });
}

/**
 * A password field (000 §5): never trimmed unless asked (the new-password rule trims), at most 1024 characters, and
 * secret, so no reply ever carries it back to the page (app/lib/forms/schema.ts).
 */
export function passwordField(rules: Pick<FieldRules, "required" | "minLength" | "trim"> & { tooShort?: string } = {}) {
  const { tooShort, ...rest } = rules;
  return secret(
    textField({ maxLength: MAX_LENGTH.password, ...rest, minLength: undefined }).check(
      problem((value) =>
        rest.minLength !== undefined && value !== "" && value.length < rest.minLength
          ? (tooShort ?? messages.minLength(rest.minLength))
          : null,
      ),
    ),
  );
}

/** A checkbox: "on" when ticked (what a browser posts), absent otherwise; the value is a boolean. */
export function checkboxField() {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined) => value === "on" || value === "true"),
  );
}

/** A select: one of the options, or "" when nothing is chosen (allowed unless required). */
export function selectField(options: readonly string[], rules: Pick<FieldRules, "required"> = {}) {
  return textField({ required: rules.required }).check(
    problem((value) => (value === "" || options.includes(value) ? null : messages.required())),
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a date input's value (YYYY-MM-DD) is a real day of the calendar. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date input's value (YYYY-MM-DD), or "" when empty and not required (001 §5: a date input may be required). */
export function dateField(rules: Pick<FieldRules, "required"> = {}) {
  return textField({ required: rules.required }).check(
    problem((value) => (value === "" || isIsoDate(value) ? null : MESSAGE_KEYS.date)),
  );
}

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** A file input: the chosen file, or undefined; 'This field is required' when required and none is chosen (000 §5). */
export function fileField(
  rules: Pick<FieldRules, "required"> & {
    /**
     * The largest file the form takes, checked in the browser before anything is posted, and on the server (issue 24,
     * defect 8), with `tooLarge` as the message.
     */
    maxBytes?: number;
    tooLarge?: string;
  } = {},
) {
  return z
    .pipe(
      z.optional(z.unknown()),
      z.transform((value: unknown) => (isFile(value) && (value.size > 0 || value.name !== "") ? value : undefined)),
    )
    .check(
      z.superRefine<File | undefined>((value, ctx) => {
        if (rules.required && !value) ctx.addIssue({ code: "custom", message: messages.required(), input: value });
        if (value && rules.maxBytes !== undefined && value.size > rules.maxBytes)
          ctx.addIssue({ code: "custom", message: rules.tooLarge ?? messages.required(), input: value });
      }),
    );
}
