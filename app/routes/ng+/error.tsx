import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { ErrorView } from "~/components/ErrorView";
import { AppShell } from "~/components/shell/AppShell";
import { shellHeader } from "~/lib/shell";
import { loadHomeShell } from "~/lib/shell.server";
import { getFixedT } from "~/lib/i18next.server";
import { sameOriginReferrer } from "~/lib/safe-redirect";
import { pageMeta, useSettings } from "~/lib/settings";

/** /ng/error?errorMessage=…: needs no sign-in (000 §2.1, 001 "Error page"). */
const MAX_MESSAGE = 500;

const querySchema = z.object({
  errorMessage: z
    .string()
    .optional()
    .transform((value) => (value ? value.slice(0, MAX_MESSAGE) : undefined)),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const submission = parseWithZod(url.searchParams, { schema: querySchema });
  const errorMessage = submission.status === "success" ? (submission.value.errorMessage ?? null) : null;
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
