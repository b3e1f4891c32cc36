import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { TFunction } from "./translate";

/**
 * Texts for components: `const { t } = useTranslation()`. The server renders with the request's locale and the
 * browser hydrates with the same messages, loaded from /locales/{locale}.json (000 §7) before hydration.
 */
interface I18nValue {
  t: TFunction;
  locale: string;
}

const fallback: I18nValue = { t: (key, options) => options?.defaultValue ?? key, locale: "deven" };
export const I18nContext = createContext<I18nValue>(fallback);

export function I18nProvider({ t, locale, children }: { t: TFunction; locale: string; children: ReactNode }) {
  const value = useMemo(() => ({ t, locale }), [t, locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18nValue {
  return useContext(I18nContext);
}
