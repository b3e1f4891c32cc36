import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import deven from "../../locales/deven.json";
import xx from "../../locales/xx.json";
import { i18nConfig, isLocale, type Locale } from "./i18n";

export const resources = { deven: { translation: deven }, xx: { translation: xx } } as const;

/**
 * The locale is chosen by ?lng= or by a plain `lng` cookie (lng=xx), which the app sets for a year when ?lng= is
 * used. A plain value, not a signed one: it carries no authority, and testers can set it by hand.
 */
const LOCALE_COOKIE = "lng";

function localeFromCookie(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
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

export async function getLocale(request: Request): Promise<Locale> {
  const locale = await remixI18next.getLocale(request);
  return isLocale(locale) ? locale : i18nConfig.fallbackLng;
}

/** A Set-Cookie header when the locale came from ?lng=, so the choice sticks. */
export async function localeCookieHeader(request: Request, locale: Locale): Promise<HeadersInit | undefined> {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (!fromQuery || fromQuery !== locale) return undefined;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return { "set-cookie": `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}` };
}

/** A fresh i18next instance for one server render. */
export async function createServerI18n(locale: Locale): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], lng: locale, resources });
  return instance;
}

export const getFixedT = (request: Request) => remixI18next.getFixedT(request);
