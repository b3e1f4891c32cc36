import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RiskAssessmentResult } from "@server/contracts/protocol-analysis";
import { analysisAddresses, requireAnalysisPage } from "~/features/protocol-analysis/page.server";
import type { ResultsAnswer } from "~/features/protocol-analysis/results";
import { riskRow, riskRowFromForm, riskRowList, type RiskRowForm } from "~/features/protocol-analysis/risk-rows";
import { handleListPost } from "~/lib/forms/list.server";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks, legacyLinks, resolveLegacyHref } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { userSettings } from "~/lib/shell.server";

const requestIdOf = (request: Request) => (new URL(request.url).searchParams.get("id") ?? "").trim().slice(0, 64);

/** …/riskAssessment/results?id=: the AI risk assessment's report (001 §2 "Risk assessment results", §4, §5). */
export async function loadResults({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const t = await getFixedT(request);
  const id = requestIdOf(request);
  const a = analysisAddresses(companyId, studyName);
  const { api, allowed } = await requireAnalysisPage(request, context, companyId, [id ? a.results(id) : a.start], {
    extra: [a.insert, a.start],
  });
  const base = {
    pageName: t("protocolAnalysis.results.title"),
    canInsert: allowed.get(a.insert) === true,
    canStart: allowed.get(a.start) === true,
    now: new Date().toISOString(),
    companyId,
    studyName,
  };
  if (!id) return { ...base, result: null, problem: "protocolAnalysis.results.missingId" };
  const result = await api.protocolAnalysis.riskAssessmentResult(studyName, id);
  if (!result.ok) {
    if (result.status === 404) return { ...base, result: null, problem: "protocolAnalysis.results.notFound" };
    throw new Error(`Risk assessment unavailable: ${result.error.code}`);
  }
  // Rows are sorted by category (001 §3).
  const value = result.data.value
    ? [...result.data.value].sort((x, y) => x.category.localeCompare(y.category) || Number(x.key) - Number(y.key))
    : null;
  return { ...base, result: { ...result.data, value } as RiskAssessmentResult, problem: null };
}

/** The results page's posts: New request (back to the form), the list's own posts, and Insert in RACT (001 §4, §5). */
export async function resultsAction({ request, context, params }: ActionFunctionArgs): Promise<ResultsAnswer> {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const id = requestIdOf(request);
  const formData = await request.formData();
  const a = analysisAddresses(companyId, studyName);
  if (formData.get("intent") === "newRequest") {
    // New request (001 §4): after the confirmation the results are discarded and the user is back on the form.
    await requireAnalysisPage(request, context, companyId, [a.start]);
    throw redirect(appLinks.studyPage(companyId, studyName, "riskAssessment/identification"));
  }
  const post = handleListPost<RiskRowForm>(formData, riskRowList, riskRow);
  if (post.kind === "reply") return { kind: "reply", reply: post.reply };
  const { api } = await requireAnalysisPage(request, context, companyId, [a.insert]);
  if (post.rows.length === 0) {
    const t = await getFixedT(request);
    return { kind: "insertFailed", detail: t("protocolAnalysis.results.atLeastOneRow"), reply: null };
  }
  const inserted = await api.ract.import(companyId, studyName, {
    requestId: id || undefined,
    items: post.rows.map(riskRowFromForm),
  });
  if (!inserted.ok) return { kind: "insertFailed", detail: inserted.error.detail || inserted.error.code, reply: null };
  const settings = await userSettings(
    context,
    (await requireAnalysisPage(request, context, companyId, [a.insert])).api,
  );
  const draftHref = settings.legacyBaseUrl
    ? resolveLegacyHref(legacyLinks.study("/riskAssessment", studyName), settings.legacyBaseUrl)
    : appLinks.studyPage(companyId, studyName, "riskAssessment/workingDraft");
  return { kind: "inserted", count: inserted.data.value.inserted, draftHref, reply: null };
}
