import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorView } from "~/components/ErrorView";
import { AppShell } from "~/components/shell/AppShell";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { sameOriginReferrer } from "~/lib/safe-redirect";
import { pageMeta, useSettings } from "~/lib/settings";
import { shellHeader } from "~/lib/shell";
import { loadHomeShell } from "~/lib/shell.server";
import { readErrorMessage } from "./error.server";

/** /ng/error?errorMessage=…: needs no sign-in (000 §2.1, 001 §2 "Error page"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const errorMessage = readErrorMessage(new URL(request.url).searchParams);
  const back = sameOriginReferrer(request);
  const [t, shell] = await Promise.all([getFixedT(request), loadHomeShell(request, context)]);
  return {
    // Signed in, the page keeps the header: the user sees where they are and can go on from there.
    shell,
    errorMessage,
    // Never "back" to this page itself.
    backHref: back.startsWith("/ng/error") ? "/ng/" : back,
    pageName: t("errorPage.pageName"),
  };
}

export default function ErrorPage() {
  const { errorMessage, backHref, shell } = useLoaderData<typeof loader>();
  const settings = useSettings();
  const { t } = useTranslation();
  const view = (
    <ErrorView
      title={t("errorPage.title")}
      message={t("errorPage.message")}
      errorMessage={errorMessage}
      backHref={backHref}
      supportEmail={settings?.rbqmSupportEmail}
      inline={shell !== null}
    />
  );
  return shell ? <AppShell header={shellHeader(shell)}>{view}</AppShell> : view;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
