import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/AppLink";
import { RetiredBadge } from "~/components/shell/Header";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyAddresses } from "~/lib/navigation.server";
import { companyIdParam } from "~/lib/params";
import { COMPANY_LAYOUT_ROUTE_ID, pageMeta } from "~/lib/settings";
import type { CompanyShell } from "~/lib/shell";
import { requirePagePermission } from "~/lib/shell.server";

/** /ng/companies/:companyId: the company's home, the studies open to the user (000 §2.6 "Studies"). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePagePermission(request, context, [companyAddresses(companyIdParam(params)).studies]);
  const t = await getFixedT(request);
  return { pageName: t("companyHome.title") };
}

export default function CompanyHome() {
  const { t } = useTranslation();
  const shell = useRouteLoaderData<CompanyShell>(COMPANY_LAYOUT_ROUTE_ID)!;
  const cell = "px-4 py-3 text-left";
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t("companyHome.title")}</h1>
      <p className="mt-1 text-slate-600">{t("companyHome.intro", { company: shell.company.displayName })}</p>
      {shell.studies.length === 0 ? (
        <p className="mt-6 rounded border border-slate-200 bg-white p-4 text-slate-700">{t("companyHome.noStudies")}</p>
      ) : (
        <table
          className="mt-6 w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm"
          data-testid="study-table"
        >
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className={cell}>
                {t("companyHome.displayId")}
              </th>
              <th scope="col" className={cell}>
                {t("companyHome.displayName")}
              </th>
              <th scope="col" className={cell}>
                {t("companyHome.status")}
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">{t("companyHome.open")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shell.studies.map((study) => (
              <tr
                key={study.studyName}
                className="border-t border-slate-200"
                data-testid={`study-row-${study.studyName}`}
              >
                <td className={cell}>
                  {study.href ? (
                    <AppLink to={study.href} className="font-medium text-brand-700 underline underline-offset-2">
                      {study.displayId}
                    </AppLink>
                  ) : (
                    <span className="font-medium text-slate-700" title={t("nav.noStudyPage")}>
                      {study.displayId}
                    </span>
                  )}
                </td>
                <td className={cell}>{study.displayName}</td>
                <td className={cell}>{study.isRetired ? <RetiredBadge /> : t("companyHome.active")}</td>
                <td className={cell}>
                  <Link
                    to={appLinks.study(shell.company.id, study.studyName)}
                    className="text-brand-700 underline underline-offset-2"
                    aria-label={`${t("companyHome.open")}: ${study.displayId}`}
                  >
                    {t("companyHome.open")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
