/**
 * Field validation shared by the reusable inputs (000 §5) and the zod schemas that conform parses.
 *
 * Messages travel as locale keys, as elsewhere in the app (a schema says "validation.required", the page translates
 * it). A message with values carries them after a "|" as JSON: "validation.maxLength|{"max":10}". Components turn them
 * into text with {@link translateMessage}; a message that is not a key (an error text from elsewhere) is shown as is.
 */
import { z } from "zod";

export const MESSAGE_KEYS = {
  required: "validation.required",
  valueRequired: "validation.valueRequired",
  email: "validation.email",
  numeric: "validation.numeric",
  maxLength: "validation.maxLength",
  minLength: "validation.minLength",
} as const;

type MessageValues = Record<string, string | number>;

/** A message key with its values, in the form carried through conform. */
export function message(key: string, values?: MessageValues): string {
  return values && Object.keys(values).length ? `${key}|${JSON.stringify(values)}` : key;
}

const ENCODED = /^([A-Za-z0-9_.]+)\|(\{.*\})$/s;

/** The key and values of a message made by {@link message}; any other text is returned as its own key. */
export function parseMessage(text: string): { key: string; values?: MessageValues } {
  const match = ENCODED.exec(text);
  if (!match) return { key: text };
  try {
    const values = JSON.parse(match[2]!) as unknown;
    if (values && typeof values === "object" && !Array.isArray(values)) return { key: match[1]!, values: values as MessageValues };
  } catch {
    // not one of ours: shown as is
  }
  return { key: text };
}

/** The spec's messages (000 §5), as carried through conform. */
export const messages = {
  /** 'This field is required' */
  required: () => MESSAGE_KEYS.required,
  /** 'Value is required' */
  valueRequired: () => MESSAGE_KEYS.valueRequired,
  /** 'Value is not a valid email address' */
  email: () => MESSAGE_KEYS.email,
  /** 'Value must be numeric' */
  numeric: () => MESSAGE_KEYS.numeric,
  /** 'The maximum length allowed is {max}' */
  maxLength: (max: number) => message(MESSAGE_KEYS.maxLength, { max }),
  /** 'This field should be at least {min} characters long' */
  minLength: (min: number) => message(MESSAGE_KEYS.minLength, { min }),
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The text of a message: the translated key with its values, or the message itself when it is no key. */
export function translateMessage(text: string, t: Translate): string {
  const { key, values } = parseMessage(text);
  return t(key, { ...values, defaultValue: text });
}

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

const emailSchema = z.email();

/** The e-mail format check: zod's (the spec does not say more than "valid e-mail address", 000 §5). */
export function isEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
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

/**
 * A zod schema for a text field with these rules, for conform (`parseWithZod`). Conform turns an empty field into
 * undefined; the schema accepts that as "" and gives the normalised string ("" when empty and not required).
 */
export function textField(rules: FieldRules = {}) {
  return z
    .string({ error: messages.required() })
    .optional()
    .transform((value) => normalise(value ?? "", rules))
    .superRefine((value, ctx) => {
      const problem = checkValue(value, rules);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A zod schema for an e-mail field: whitespace removed, the format checked, required when asked. */
export function emailField(rules: Omit<FieldRules, "email" | "stripWhitespace"> = {}) {
  return textField({ ...rules, email: true, stripWhitespace: true });
}

/** A zod schema for a numeric text field. */
export function numericField(rules: Omit<FieldRules, "numeric"> = {}) {
  return textField({ ...rules, numeric: true, trim: rules.trim ?? true });
}
