import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { ExternalLinkHost } from "./components/ExternalLink";
import { NavigationProgress } from "./components/NavigationProgress";
import { ToastProvider } from "./components/Toasts";
import { htmlLang, i18nConfig } from "./lib/i18n";
// `data` from here, not "@remix-run/node": that stub is a chunk shared with the routes that import it (ADR 0059).
import { consumeFlash, data, getLocale, localeCookieHeader, translatorFor } from "./lib/layouts.server";
import { useNonce } from "./lib/nonce";
import stylesheet from "./tailwind.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const headers = await localeCookieHeader(request, locale);
  // Toasts flashed by the last action or redirect (app/lib/flash.server.ts): read once, then the cookie is cleared.
  const flash = consumeFlash(request, context);
  // A form the service could not accept (too large, unreadable: server/web/guards.ts) comes back with its reason.
  const refusal = context.refusal;
  if (refusal?.kind === "formTooLarge" || refusal?.kind === "formUnreadable") {
    const t = translatorFor(locale);
    const message =
      refusal.kind === "formTooLarge"
        ? t("refused.formTooLarge", { size: Math.floor(refusal.maxBytes / 1024) })
        : t("refused.formUnreadable");
    flash.push({ key: `refusal-${refusal.kind}`, type: "error", message });
  }
  // The refusal page stands in for the page that was asked for (server/main.ts): it is served as it is, without
  // scripts, which would try to take over the address it was not made for.
  const scripts = !(refusal && new URL(request.url).pathname === "/ng/refused");
  return data({ locale, flash, scripts }, headers ? { headers } : undefined);
}

/** The root loader is cheap and carries the flashed toasts: it runs on every navigation, not only after actions. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? i18nConfig.fallbackLng;
  const nonce = useNonce();
  return (
    <html lang={htmlLang(locale)} data-locale={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        <ToastProvider flash={data?.flash}>
          <ExternalLinkHost>
            <NavigationProgress />
            {children}
          </ExternalLinkHost>
        </ToastProvider>
        {data?.scripts === false ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  const wanted = data?.locale ?? i18nConfig.fallbackLng;
  const { locale } = useTranslation();
  // The messages are loaded once, before hydration; a navigation that changes the locale loads the page anew.
  useEffect(() => {
    if (wanted !== locale) window.location.reload();
  }, [wanted, locale]);
  return <Outlet />;
}

/** The last line of defence: a route that failed without its own boundary. */
export { GeneralErrorBoundary as ErrorBoundary } from "./components/GeneralErrorBoundary";
