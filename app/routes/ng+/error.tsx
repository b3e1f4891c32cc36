import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { ErrorView } from "~/components/ErrorView";
import { getFixedT } from "~/lib/i18next.server";
import { sameOriginReferrer } from "~/lib/safe-redirect";
import { pageTitle, settingsFromMatches, useSettings } from "~/lib/settings";

/** /ng/error?errorMessage=…: needs no sign-in (000 §2.1, 001 "Error page"). */
const MAX_MESSAGE = 500;

const querySchema = z.object({
  errorMessage: z
    .string()
    .optional()
    .transform((value) => (value ? value.slice(0, MAX_MESSAGE) : undefined)),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const submission = parseWithZod(url.searchParams, { schema: querySchema });
  const errorMessage = submission.status === "success" ? (submission.value.errorMessage ?? null) : null;
  const back = sameOriginReferrer(request);
  const t = await getFixedT(request);
  return {
    errorMessage,
    // Never "back" to this page itself.
    backHref: back.startsWith("/ng/error") ? "/ng/" : back,
    pageName: t("errorPage.pageName"),
  };
}

export default function ErrorPage() {
  const { errorMessage, backHref } = useLoaderData<typeof loader>();
  const settings = useSettings();
  const { t } = useTranslation();
  return (
    <ErrorView
      title={t("errorPage.title")}
      message={t("errorPage.message")}
      errorMessage={errorMessage}
      backHref={backHref}
      supportEmail={settings?.rbqmSupportEmail}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
