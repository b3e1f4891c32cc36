import { useTranslation } from "~/lib/i18n-react";

/** The page of a route whose loader always redirects: never seen, but a status text if it ever is. */
export function RedirectingPage({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="p-6">
      <p role="status">{t(messageKey)}</p>
    </main>
  );
}
