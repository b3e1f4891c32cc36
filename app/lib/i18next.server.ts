import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import deven from "../../locales/deven.json";
import xx from "../../locales/xx.json";
import { i18nConfig, isLocale, type Locale } from "./i18n";

export const resources = { deven: { translation: deven }, xx: { translation: xx } } as const;

/** The chosen locale, remembered for a year. Chosen by ?lng= or by this cookie. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: process.env.NODE_ENV === "production" && (process.env.PUBLIC_URL ?? "").startsWith("https:"),
  maxAge: 60 * 60 * 24 * 365,
});

export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    cookie: localeCookie,
    order: ["searchParams", "cookie"],
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
  return { "set-cookie": await localeCookie.serialize(locale) };
}

/** A fresh i18next instance for one server render. */
export async function createServerI18n(locale: Locale): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], lng: locale, resources });
  return instance;
}

export const getFixedT = (request: Request) => remixI18next.getFixedT(request);
