import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { analysisAddresses, requireAnalysisPage } from "~/lib/protocol-analysis.server";
import { pageMeta } from "~/lib/settings";

/**
 * …/riskAssessment/workingDraft: the study's RACT working draft, read-only (issue 15). The success link of Insert in
 * RACT leads here when there is no classic application (LEGACY_BASE_URL unset), so a user sees where the rows went.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const { api } = await requireAnalysisPage(request, context, companyId, [
    analysisAddresses(companyId, studyName).draft,
  ]);
  const draft = await api.ract.workingDraft(companyId, studyName);
  if (!draft.ok) throw new Error(`Working draft unavailable: ${draft.error.code}`);
  const t = await getFixedT(request);
  return { pageName: t("protocolAnalysis.draft.title"), items: draft.data.items };
}

export default function RactWorkingDraft() {
  const { t } = useTranslation();
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t("protocolAnalysis.draft.title")}</h1>
      <p className="mt-1 text-slate-600">{t("protocolAnalysis.draft.intro")}</p>
      {items.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="draft-empty">
          {t("protocolAnalysis.draft.empty")}
        </p>
      ) : (
        <table className="mt-6 w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t("protocolAnalysis.draft.title")}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("protocolAnalysis.results.category")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("protocolAnalysis.results.question")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("protocolAnalysis.results.statementIf")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("protocolAnalysis.results.statementDueTo")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("protocolAnalysis.results.statementThen")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("protocolAnalysis.draft.inserted")}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-slate-100 align-top" data-testid="draft-row">
                <td className="py-2 pr-3">{item.category}</td>
                <td className="py-2 pr-3">{item.question}</td>
                <td className="py-2 pr-3">{item.statementIf}</td>
                <td className="py-2 pr-3">{item.statementDueTo}</td>
                <td className="py-2 pr-3">{item.statementThen}</td>
                <td className="py-2">
                  <time dateTime={item.createdAt}>{item.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
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
