import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { AppShell } from "~/components/shell/AppShell";
import { GALLERY_TOTAL, WidgetGallery } from "~/components/shell/WidgetGallery";
import { buildHref } from "~/lib/links";
import { readPaging } from "~/lib/paging";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";
import { loadCompanyShell, requireUserSettings } from "~/lib/shell.server";

/**
 * /ng/testHeader: a test page (000 §2.3): the shell of the user's own company, with the shared widgets below it so
 * they run in a real browser (a sample list of 230 items pages through the query, as every list does).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = await requireUserSettings(request, context);
  const [shell, t] = await Promise.all([loadCompanyShell(request, context, settings.companyId!), getFixedT(request)]);
  const url = new URL(request.url);
  const paging = readPaging(url.searchParams, "t", { totalCount: GALLERY_TOTAL });
  const more = new URLSearchParams(url.searchParams);
  more.set("more", String(Number(more.get("more") ?? "0") + 1));
  return { shell, pageName: t("testHeader.title"), paging, moreHref: buildHref("/ng/testHeader", more) };
}

export default function TestHeader() {
  const { t } = useTranslation();
  const { shell, paging, moreHref } = useLoaderData<typeof loader>();
  return (
    <AppShell
      header={{
        companyId: shell.company.id,
        nav: shell.nav,
        user: shell.user,
        notificationCount: shell.notificationCount,
        studies: shell.studies,
        study: null,
      }}
    >
      <h1 className="text-2xl font-semibold text-slate-900">{t("testHeader.title")}</h1>
      <p className="mt-1 text-slate-600">{t("testHeader.intro")}</p>
      <WidgetGallery paging={paging} moreHref={moreHref} />
    </AppShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
