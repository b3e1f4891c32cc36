import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorView, NotFoundView } from "~/components/ErrorView";
import { apiFor } from "~/lib/context.server";
import { legacyRedirectTarget } from "~/lib/external-links";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { isLegacyPath } from "~/lib/links";
import { pageTitle } from "~/lib/settings";

/**
 * Any address outside /ng/ that no other route claims (server/main.ts hands every path but /ng/build/* and the
 * favicon to Remix). A page of the classic application (000 §2.4; isLegacyPath):
 *  - with LEGACY_BASE_URL set, a 302 to the same path and query there (old bookmarks and plain links keep working);
 *  - without, a 404 page saying the page belongs to the classic application, which this deployment doesn't include,
 *    with a link to /ng/.
 * Anything else: the normal 404 page. docs/decisions/0018-feedback-and-navigation.md.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A client-side navigation asks for /path.data: the page is /path.
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  const t = await getFixedT(request);
  const settings = await apiFor(context).settings.get();
  const supportEmail = settings.ok ? settings.data.rbqmSupportEmail : null;
  const productTitle = settings.ok ? settings.data.productNameHtmlTitle : null;

  if (isLegacyPath(pathname)) {
    const legacyBaseUrl = settings.ok ? settings.data.legacyBaseUrl : null;
    if (legacyBaseUrl)
      return redirect(legacyRedirectTarget(legacyBaseUrl, `${pathname}${query ? `?${query}` : ""}`), 302);
    return data(
      { kind: "legacy" as const, pageName: t("links.legacy.pageName"), supportEmail, productTitle },
      { status: 404 },
    );
  }
  return data(
    { kind: "notFound" as const, pageName: t("notFound.pageName"), supportEmail, productTitle },
    { status: 404 },
  );
}

export default function OutsideNg() {
  const { kind, supportEmail } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (kind === "legacy") {
    return (
      <ErrorView
        title={t("links.legacy.title")}
        message={t("links.legacy.message")}
        homeLabel={t("links.legacy.home")}
        supportEmail={supportEmail}
      />
    );
  }
  return <NotFoundView supportEmail={supportEmail} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  {
    title: pageTitle(
      loaderData?.productTitle ? { productNameHtmlTitle: loaderData.productTitle } : null,
      loaderData?.pageName,
    ),
  },
];
