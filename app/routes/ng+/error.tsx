import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";
import { ErrorView } from "~/components/ErrorView";
import { AppShell } from "~/components/shell/AppShell";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { sameOriginReferrer } from "~/lib/safe-redirect";
import { pageMeta, useSettings } from "~/lib/settings";
import { shellHeader } from "~/lib/shell";
import { loadHomeShell } from "~/lib/shell.server";

/** /ng/error?errorMessage=…: needs no sign-in (000 §2.1, 001 "Error page"). */
const MAX_MESSAGE = 500;

// Made in the loader: a schema built when the module loads would be part of the page's JavaScript.
const querySchema = () =>
  z.object({
    errorMessage: z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) => (value ? value.slice(0, MAX_MESSAGE) : undefined)),
    ),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const submission = safeParse(querySchema(), Object.fromEntries(url.searchParams));
  const errorMessage = submission.success ? (submission.data.errorMessage ?? null) : null;
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
