import type { ReactNode } from "react";
import { Footer } from "~/components/Footer";
import { useTranslation } from "~/lib/i18n-react";
import { useSessionCheck } from "~/lib/session-check";
import { useSettings } from "~/lib/settings";
import { Header, type HeaderProps } from "./Header";

/** Every signed-in page: a skip link, the header, the page, the footer (000 §2.6–2.8). */
export function AppShell({ header, children }: { header: HeaderProps; children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  useSessionCheck();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <Header {...header} />
      <main id="main" className="flex-1 px-6 py-6">
        {children}
      </main>
      <div className="px-4 pb-6">
        <Footer settings={settings} versionHref={header.nav.versionHref} />
      </div>
    </div>
  );
}
