import { readCookie, serializeCookie } from "@server/contracts/cookies";
import { RemixI18Next } from "remix-i18next/server";
import deven from "../../locales/deven.json";
import xx from "../../locales/xx.json";
import { i18nConfig, isLocale, type Locale } from "./i18n";
import { createTranslator, type Messages, type TFunction } from "./translate";

export const resources = { deven: { translation: deven }, xx: { translation: xx } } as const;

/**
 * The locale is chosen by ?lng= or by a plain `lng` cookie (lng=xx), which the app sets for a year when ?lng= is
 * used. A plain value, not a signed one: it carries no authority, and testers can set it by hand.
 */
const LOCALE_COOKIE = "lng";

function localeFromCookie(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), LOCALE_COOKIE) || null;
}

export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    order: ["searchParams", "custom"],
    findLocale: async (request) => localeFromCookie(request),
  },
  i18next: { ...i18nConfig, resources },
});

export function getLocale(request: Request): Promise<Locale> {
  // Asked by the root loader, by the document's render and by some loaders: read once per request.
  let locale = localeOfRequest.get(request);
  if (!locale) {
    locale = remixI18next.getLocale(request).then((found) => (isLocale(found) ? found : i18nConfig.fallbackLng));
    localeOfRequest.set(request, locale);
  }
  return locale;
}
const localeOfRequest = new WeakMap<Request, Promise<Locale>>();

/** A Set-Cookie header when the locale came from ?lng=, so the choice sticks. */
export async function localeCookieHeader(request: Request, locale: Locale): Promise<HeadersInit | undefined> {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (!fromQuery || fromQuery !== locale) return undefined;
  // A plain, unprefixed name: testers set it by hand; it is only a preference.
  const secure = new URL(request.url).protocol === "https:";
  return { "set-cookie": serializeCookie(LOCALE_COOKIE, locale, 365 * 24 * 60 * 60, { secure }) };
}

/** One translator per locale and process: the messages never change while the process runs. */
const translators = new Map<Locale, TFunction>();

export function translatorFor(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(resources[locale].translation as Messages);
    translators.set(locale, t);
  }
  return t;
}

/** The texts of the request's locale, for loaders and actions. */
export const getFixedT = async (request: Request): Promise<TFunction> => translatorFor(await getLocale(request));
