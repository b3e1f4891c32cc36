/**
 * The one translation function of the app, on the server and in the browser (docs/decisions/0021-fast-pages.md).
 *
 * It covers exactly the part of i18next the locale files use: nested keys joined by ".", `{{name}}` interpolation
 * without escaping (React escapes), and a `defaultValue` for a missing key; a missing key otherwise comes back as
 * itself, and a placeholder without a value stays as it is. tests/unit/translate.test.ts holds it to i18next's own answers for every key of
 * every locale, so the two cannot drift. Built once per locale and process: a translator holds no request state.
 */
export type Messages = { readonly [key: string]: string | Messages };
export type TranslateOptions = Record<string, unknown> & { defaultValue?: string };
export type TFunction = (key: string, options?: TranslateOptions) => string;

const PLACEHOLDER = /\{\{([^{}]+)\}\}/g;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = options?.[name.trim()];
    if (value === undefined) return match;
    return value === null ? "" : String(value);
  });
}

export function createTranslator(messages: Messages): TFunction {
  const cache = new Map<string, string | undefined>();
  return (key, options) => {
    let text = cache.get(key);
    if (text === undefined && !cache.has(key)) {
      text = lookup(messages, key);
      cache.set(key, text);
    }
    if (text === undefined)
      return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
    return interpolate(text, options);
  };
}
