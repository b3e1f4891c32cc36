import { useTranslation } from "~/lib/i18n-react";
import { CompanyLogo } from "./CompanyLogo";

export interface ErrorViewProps {
  title: string;
  message: string;
  /** The passed error message, shown in an alert (001 "Error page"). */
  errorMessage?: string | null;
  /** Where "Go back" leads without JavaScript; with it, the browser's history is used. */
  backHref?: string;
  homeLabel?: string;
  supportEmail?: string | null;
}

/** The full-page error card shared by the error page, the 404 page and the error boundaries. */
export function ErrorView({ title, message, errorMessage, backHref, homeLabel, supportEmail }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-xl rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <CompanyLogo className="mb-6 h-10 w-auto" />
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">{message}</p>
        {errorMessage ? (
          <div role="alert" className="mt-5 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            <span className="font-semibold">{t("errorPage.details")}: </span>
            <span className="whitespace-pre-wrap break-words">{errorMessage}</span>
          </div>
        ) : null}
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3">
          {backHref ? (
            <a
              href={backHref}
              className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
              onClick={(event) => {
                if (window.history.length > 1) {
                  event.preventDefault();
                  window.history.back();
                }
              }}
            >
              {t("errorPage.goBack")}
            </a>
          ) : (
            <a href="/ng/" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
              {homeLabel ?? t("notFound.home")}
            </a>
          )}
          {supportEmail ? (
            <a
              href={`mailto:${supportEmail}?subject=${encodeURIComponent(t("errorPage.supportSubject"))}`}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t("errorPage.contactSupport")}
            </a>
          ) : null}
        </div>
        {supportEmail ? (
          <p className="mt-4 text-sm text-slate-600">{t("errorPage.contactSupportText", { email: supportEmail })}</p>
        ) : null}
      </div>
    </main>
  );
}
