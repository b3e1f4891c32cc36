import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell } from "~/components/shell/AppShell";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";
import { loadCompanyShell, requireUserSettings } from "~/lib/shell.server";

/** /ng/testHeader: a test page (000 §2.3): the header of the user's own company, alone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = await requireUserSettings(request, context);
  const [shell, t] = await Promise.all([loadCompanyShell(request, context, settings.companyId!), getFixedT(request)]);
  return { shell, pageName: t("testHeader.title") };
}

export default function TestHeader() {
  const { t } = useTranslation();
  const { shell } = useLoaderData<typeof loader>();
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
    </AppShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
