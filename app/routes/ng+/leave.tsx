import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";
import { CompanyLogo } from "~/components/CompanyLogo";
import { ErrorView } from "~/components/ErrorView";
import { ExternalLinkText } from "~/components/ExternalLink";
import { buttonClass } from "~/components/forms/Button";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { externalAddress } from "~/lib/external-links";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { sameOriginReferrer } from "~/lib/safe-redirect";
import { pageMeta, useSettings } from "~/lib/settings";

/**
 * /ng/leave?to=<address>: the question an external link asks before it opens an address outside the system
 * (000 §2.4, §4.6, §9), as a page for browsers without JavaScript (with it, AppLink asks in a dialog). Needs no
 * sign-in. Only absolute http(s) addresses are offered; anything else is a 400. The page never redirects by itself.
 */
// Made in the loader: a schema built when the module loads would be part of the page's JavaScript.
const querySchema = () =>
  z.object({
    to: z.pipe(
      z.string().check(z.refine((value) => externalAddress(value) !== null, "links.leave.invalid")),
      z.transform((value: string) => externalAddress(value) ?? ""),
    ),
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getFixedT(request);
  const submission = safeParse(querySchema(), Object.fromEntries(url.searchParams));
  if (!submission.success || url.searchParams.getAll("to").length !== 1) {
    throw data({ pageName: t("links.leave.invalidTitle") }, { status: 400 });
  }
  const back = sameOriginReferrer(request);
  return data(
    {
      to: submission.data.to,
      // Never "back" to this page itself.
      backHref: back.startsWith("/ng/leave") ? "/ng/" : back,
      pageName: t("links.leave.pageName"),
    },
    { headers: { "cache-control": "no-store" } },
  );
}

const card = "w-full max-w-xl rounded-lg border border-slate-200 bg-white p-8 shadow-sm";

export default function Leave() {
  const { to, backHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className={card}>
        <CompanyLogo className="mb-6 h-10 w-auto" />
        <h1 className="text-2xl font-semibold text-slate-900">{t("links.external.title")}</h1>
        <div className="mt-3 text-slate-700">
          <ExternalLinkText address={to} />
        </div>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <a href={backHref} className={buttonClass("secondary")}>
            {t("links.leave.cancel")}
          </a>
          <a href={to} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
            {t("links.external.proceed")}
          </a>
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => [
  ...pageMeta(args, args.data?.pageName),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const settings = useSettings();
  if (isRouteErrorResponse(error) && error.status === 400) {
    return (
      <ErrorView
        title={t("links.leave.invalidTitle")}
        message={t("links.leave.invalid")}
        homeLabel={t("notFound.home")}
        supportEmail={settings?.rbqmSupportEmail}
      />
    );
  }
  return <GeneralErrorBoundary />;
}
