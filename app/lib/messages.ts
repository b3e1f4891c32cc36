/**
 * The validation messages as they travel (locale keys, with values after a "|": app/lib/validation.ts) and the inputs'
 * limits: what the form kit's fields need in the browser, apart from the schemas, so that a field does not bring zod
 * into a page (ADR 0050).
 */
export const MESSAGE_KEYS = {
  required: "validation.required",
  valueRequired: "validation.valueRequired",
  email: "validation.email",
  numeric: "validation.numeric",
  maxLength: "validation.maxLength",
  minLength: "validation.minLength",
  /** Our wording: the spec has no text for a malformed date (001 §5). */
  date: "kit.invalidDate",
} as const;

/** Sensible limits for the inputs (maxlength) and their schemas. */
export const MAX_LENGTH = { text: 200, email: 320, password: 1024, code: 64, textarea: 2000 } as const;

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
    if (values && typeof values === "object" && !Array.isArray(values))
      return { key: match[1]!, values: values as MessageValues };
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
