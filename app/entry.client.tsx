import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { i18nConfig } from "./lib/i18n";
import { I18nProvider } from "./lib/i18n-react";
import { installNetworkFailureGuard } from "./lib/network-failure.client";
import { createTranslator, type Messages } from "./lib/translate";

/** The page's messages: GET {origin}/locales/{locale}.json (000 §7); a 404 is logged as the spec says. */
async function loadMessages(locale: string): Promise<Messages | null> {
  try {
    const response = await fetch(`/locales/${locale}.json`, { credentials: "same-origin" });
    if (response.status === 404) console.warn(`locale ${locale} not found`);
    if (!response.ok) return null;
    return (await response.json()) as Messages;
  } catch {
    return null;
  }
}

async function hydrate() {
  installNetworkFailureGuard();
  const locale = document.documentElement.dataset.locale ?? i18nConfig.fallbackLng;
  // The chunks of the parts the server rendered open (ADR 0051, app/components/lazy-part.tsx) come before hydrating.
  const [messages] = await Promise.all([loadMessages(locale), ...(window.__lazyParts ?? [])]);
  // Without its messages the page would hydrate into bare keys: leave it server-rendered, as it works without JS.
  if (!messages) {
    console.warn(`locale ${locale} could not be loaded; the page stays as the server rendered it`);
    return;
  }
  const t = createTranslator(messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider t={t} locale={locale}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
}

void hydrate();
