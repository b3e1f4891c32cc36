import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { COMPANY_LAYOUT_ROUTE_ID, useSettings } from "~/lib/settings";
import { ErrorView } from "./ErrorView";

/**
 * The error boundary every layout and page route exports (`export { ErrorBoundary } from …`). It turns what a loader
 * or action threw into a page that says what happened: 400 a bad address, 403 no access, 404 not found, 503 the
 * service briefly unavailable, anything else the error page's own texts (001 §2 "Error page"). Below the company
 * layout it renders inside the application shell, so the header and a way on stay.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const settings = useSettings();
  // The company layout's data exists when the failing route is one of its pages: the shell is still around it.
  const inShell = useRouteLoaderData(COMPANY_LAYOUT_ROUTE_ID) !== undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const common = { supportEmail: settings?.rbqmSupportEmail, inline: inShell };
  switch (status) {
    case 400:
      return (
        <ErrorView
          {...common}
          title={t("errors.badRequestTitle")}
          message={t("errors.badRequestMessage")}
          homeLabel={t("notFound.home")}
        />
      );
    case 403:
      return (
        <ErrorView
          {...common}
          title={t("errors.forbiddenTitle")}
          message={t("errors.forbiddenMessage")}
          homeLabel={t("notFound.home")}
        />
      );
    case 404:
      return (
        <ErrorView
          {...common}
          title={t("notFound.title")}
          message={t("notFound.message")}
          homeLabel={t("notFound.home")}
        />
      );
    case 503:
      return (
        <ErrorView {...common} title={t("errors.unavailableTitle")} message={t("errors.unavailableMessage")} retry />
      );
    default:
      return (
        <ErrorView
          {...common}
          title={t("errorPage.title")}
          message={t("errorPage.message")}
          homeLabel={t("notFound.home")}
        />
      );
  }
}

export { GeneralErrorBoundary as ErrorBoundary };
