import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Suspense, type ComponentType } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { COMPANY_LAYOUT_ROUTE_ID, useSettings } from "~/lib/settings";
import type { ErrorViewProps } from "./ErrorView";
import * as serverOnly from "./server-eager.server";

/**
 * The view: on the server the module itself (the error page is whole in the HTML); in the browser, where
 * `server-eager.server` is empty, a chunk loaded when an error shows (every page exports this boundary, few show it:
 * ADR 0052). A page the server rendered as an error asks for the chunk as its modules load, and entry.client awaits it
 * before hydrating (`window.__lazyParts`, ./lazy-part.tsx): the view hydrates as it stands, and no boundary waiting for
 * its code meets an update (React #421).
 */
let view: ComponentType<ErrorViewProps> | undefined = (serverOnly as Partial<typeof serverOnly>).ErrorView;
let pending: Promise<unknown> | undefined;
let failed = false;
const loadView = () =>
  (pending ??= import("./ErrorView").then(
    (module) => (view = module.ErrorView),
    () => {
      failed = true;
    },
  ));
if (
  typeof window !== "undefined" &&
  (window as { __remixContext?: { state?: { errors?: unknown } } }).__remixContext?.state?.errors
)
  (window.__lazyParts ??= []).push(loadView());

/** The view where its code is at hand, else suspended until it comes; its title and message if it never does. */
function ErrorView(props: ErrorViewProps) {
  const View = view;
  if (View) return <View {...props} />;
  if (failed)
    return (
      <div role="alert">
        <h1>{props.title}</h1>
        <p>{props.message}</p>
      </div>
    );
  throw loadView();
}

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
  const [title, message] = TEXTS[status] ?? TEXTS[500]!;
  return (
    <Suspense fallback={null}>
      <ErrorView
        supportEmail={settings?.rbqmSupportEmail}
        inline={inShell}
        title={t(title)}
        message={t(message)}
        // A service briefly away is worth another try; everything else offers the way home.
        {...(status === 503 ? { retry: true } : { homeLabel: t("notFound.home") })}
      />
    </Suspense>
  );
}

/** The title and message keys by status; any other status reads as the error page (001 §2 "Error page"). */
const TEXTS: Record<number, readonly [title: string, message: string]> = {
  400: ["errors.badRequestTitle", "errors.badRequestMessage"],
  403: ["errors.forbiddenTitle", "errors.forbiddenMessage"],
  404: ["notFound.title", "notFound.message"],
  503: ["errors.unavailableTitle", "errors.unavailableMessage"],
  500: ["errorPage.title", "errorPage.message"],
};

export { GeneralErrorBoundary as ErrorBoundary };
