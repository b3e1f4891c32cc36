import { useTranslation } from "~/lib/i18n-react";
import { CompanyLogo } from "./CompanyLogo";
import { PageNotice } from "./widgets/ResultAlert";

export interface ErrorViewProps {
  title: string;
  message: string;
  /** The passed error message, shown in an alert (001 "Error page"). */
  errorMessage?: string | null;
  /** Where "Go back" leads without JavaScript; with it, the browser's history is used. */
  backHref?: string;
  homeLabel?: string;
  /** Where the home link leads (/ng/ by default). */
  homeHref?: string;
  supportEmail?: string | null;
  /** Inside the application shell: a section of the page, not a page of its own. */
  inline?: boolean;
  /** Offers to load the page again (a passing failure, such as the service being briefly unavailable). */
  retry?: boolean;
}

/** The 404 page's card (000 §8): the page does not exist, or is not one of this product's. */
export function NotFoundView({ supportEmail, inline }: Pick<ErrorViewProps, "supportEmail" | "inline">) {
  const { t } = useTranslation();
  return (
    <ErrorView
      title={t("notFound.title")}
      message={t("notFound.message")}
      homeLabel={t("notFound.home")}
      supportEmail={supportEmail}
      inline={inline}
    />
  );
}

/** The full-page error card shared by the error page, the 404 page and the error boundaries. */
export function ErrorView(props: ErrorViewProps) {
  const { title, message, errorMessage, supportEmail, inline = false } = props;
  const { t } = useTranslation();
  const Frame = inline ? "section" : "main";
  return (
    <Frame
      {...(inline ? { "aria-labelledby": "error-title" } : { id: "main" })}
      className={inline ? "flex justify-center py-10" : "flex min-h-screen items-center justify-center p-6"}
    >
      <div className="w-full max-w-xl rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        {inline ? null : <CompanyLogo className="mb-6 h-10 w-auto" />}
        {errorMessage ? (
          // The passed message is what happened (001 §2 "Error page": shown in an alert): it leads the page.
          <PageNotice type="danger" role="alert" as="div">
            <h1 id="error-title" className="whitespace-pre-wrap break-words text-xl font-semibold">
              {errorMessage}
            </h1>
          </PageNotice>
        ) : (
          <h1 id="error-title" className="text-2xl font-semibold text-slate-900">
            {title}
          </h1>
        )}
        {errorMessage ? <p className="mt-5 font-semibold text-slate-900">{title}</p> : null}
        <p className={errorMessage ? "mt-1 text-slate-700" : "mt-3 text-slate-700"}>{message}</p>
        <ErrorActions {...props} />
        {supportEmail ? (
          <p className="mt-4 text-sm text-slate-600">{t("errorPage.contactSupportText", { email: supportEmail })}</p>
        ) : null}
      </div>
    </Frame>
  );
}

/** The card's ways on: load again, go back (or home), and write to support. */
function ErrorActions({ retry = false, backHref, homeHref = "/ng/", homeLabel, supportEmail }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3">
      {retry ? (
        <a
          href="."
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
          className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {t("errors.retry")}
        </a>
      ) : null}
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
        <a
          href={homeHref}
          className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
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
  );
}
