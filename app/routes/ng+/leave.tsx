import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { NO_STORE } from "@server/contracts/headers";
import { CompanyLogo } from "~/components/CompanyLogo";
import { ErrorView } from "~/components/ErrorView";
import { ExternalLinkText } from "~/components/ExternalLink";
import { buttonClass } from "~/components/forms/Button";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { sameOriginReferrer } from "~/lib/safe-redirect";
import { pageMeta, useSettings } from "~/lib/settings";
import { readLeaveTarget } from "./leave.server";

/**
 * /ng/leave?to=<address>: the question an external link asks before it opens an address outside the system
 * (000 §2.4, §4.6, §9), as a page for browsers without JavaScript (with it, AppLink asks in a dialog). Needs no
 * sign-in. Only absolute http(s) addresses are offered; anything else is a 400. The page never redirects by itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getFixedT(request);
  const to = readLeaveTarget(url.searchParams);
  if (!to) {
    throw data({ pageName: t("links.leave.invalidTitle") }, { status: 400 });
  }
  const back = sameOriginReferrer(request);
  return data(
    {
      to,
      // Never "back" to this page itself.
      backHref: back.startsWith("/ng/leave") ? "/ng/" : back,
      pageName: t("links.leave.pageName"),
    },
    { headers: NO_STORE },
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
