import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { NavEntryLink, RetiredBadge } from "~/components/shell/Header";
import { useTranslation } from "~/lib/i18n-react";
import { studyAddresses } from "~/lib/navigation.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta, STUDY_LAYOUT_ROUTE_ID } from "~/lib/settings";
import type { StudyShell } from "~/lib/shell";
import { requirePagePermission } from "~/lib/shell.server";

/** /ng/companies/:companyId/studies/:studyName: the study's overview, its areas as the study menu offers them. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePagePermission(request, context, [studyAddresses(companyIdParam(params), studyNameParam(params)).study]);
  return null;
}

export default function StudyHome() {
  const { t } = useTranslation();
  const { study, nav } = useRouteLoaderData<StudyShell>(STUDY_LAYOUT_ROUTE_ID)!;
  const groups = nav.top.map((entry) =>
    entry.kind === "link" ? { id: entry.id, items: [entry] } : { id: entry.label, items: entry.items },
  );
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-semibold text-slate-900">
        {study.displayId} <span className="font-normal text-slate-600">{study.displayName}</span>
        {study.isRetired ? <RetiredBadge /> : null}
      </h1>
      <p className="mt-1 text-slate-600">{t("studyHome.intro")}</p>
      {groups.length === 0 ? (
        <p className="mt-6 rounded border border-slate-200 bg-white p-4 text-slate-700">{t("studyHome.noAreas")}</p>
      ) : (
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map((group) => (
            <section
              key={group.id}
              className="rounded-lg border border-slate-200 bg-white p-4"
              aria-labelledby={`area-${group.id}`}
            >
              <h2 id={`area-${group.id}`} className="font-semibold text-slate-900">
                {t(`nav.${group.id}`)}
              </h2>
              <ul className="mt-2 space-y-1">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <NavEntryLink
                      link={item}
                      className=""
                      linkClassName="text-brand-700 underline underline-offset-2"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction = (args) => {
  const shell = args.matches.find((match) => match.id === STUDY_LAYOUT_ROUTE_ID)?.data as StudyShell | undefined;
  return pageMeta(args, shell?.study.displayId);
};

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
