/** i18n settings shared by the server and the browser. 'deven' is the default and fallback; 'xx' the test locale (000 §9). */
export const i18nConfig = {
  supportedLngs: ["deven", "xx"],
  fallbackLng: "deven",
  defaultNS: "translation",
  ns: ["translation"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

export type Locale = (typeof i18nConfig.supportedLngs)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (i18nConfig.supportedLngs as readonly string[]).includes(value);
}

/** The HTML lang attribute: 'deven' is English; 'xx' is the pseudo-locale en-XA. */
export function htmlLang(locale: string): string {
  return locale === "xx" ? "en-XA" : "en";
}
