import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./lib/i18n";

async function hydrate() {
  const lng = document.documentElement.dataset.locale ?? i18nConfig.fallbackLng;
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      ...i18nConfig,
      supportedLngs: [...i18nConfig.supportedLngs],
      ns: [...i18nConfig.ns],
      lng,
      backend: {
        loadPath: "/locales/{{lng}}.json",
        // GET {origin}/locales/{locale}.json (000 §7); a 404 is logged as the spec says.
        request: (_options: unknown, url: string, _payload: unknown, callback: (error: unknown, response?: { status: number; data: string }) => void) => {
          fetch(url, { credentials: "same-origin" })
            .then(async (response) => {
              if (response.status === 404) console.warn(`locale ${lng} not found`);
              callback(null, { status: response.status, data: await response.text() });
            })
            .catch((error: unknown) => callback(error));
        },
      },
    });

  // Without its messages the page would hydrate into bare keys: leave it server-rendered, as it works without JS.
  if (!i18next.hasResourceBundle(lng, "translation")) {
    console.warn(`locale ${lng} could not be loaded; the page stays as the server rendered it`);
    return;
  }

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
