import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RiskAssessmentResult } from "@server/contracts/protocol-analysis";
import { FILTER_INTENT } from "~/components/lists/ListFilter";
import { quoteChecks, recognisedPages } from "~/features/protocol-analysis/evidence.server";
import { analysisAddresses, requireAnalysisPage } from "~/features/protocol-analysis/page.server";
import { INSERT_AGAIN, type InsertRecord, type ResultsAnswer } from "~/features/protocol-analysis/results";
import { riskRow, riskRowFromForm, riskRowList, type RiskRowForm } from "~/features/protocol-analysis/risk-rows";
import type { ApiClient } from "~/lib/api/client.server";
import type { WebContext } from "~/lib/context.server";
import { LIST_INTENT } from "~/lib/forms/list";
import { handleListPost, listShaped } from "~/lib/forms/list.server";
import { parseSubmission } from "~/lib/forms/schema";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks, legacyLinks, resolveLegacyHref } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { userSettings } from "~/lib/shell.server";

const queryOf = (request: Request, name: string, max: number) =>
  (new URL(request.url).searchParams.get(name) ?? "").trim().slice(0, max);
const requestIdOf = (request: Request) => queryOf(request, "id", 64);

/** Where Insert in RACT's rows can be seen: the classic RACT when configured, else this product's working draft. */
async function draftHrefOf(context: WebContext, api: ApiClient, companyId: string, studyName: string) {
  const settings = await userSettings(context, api);
  return settings.legacyBaseUrl
    ? resolveLegacyHref(legacyLinks.study("/riskAssessment", studyName), settings.legacyBaseUrl)
    : appLinks.studyPage(companyId, studyName, "riskAssessment/workingDraft");
}

/** …/riskAssessment/results?id=[&category=]: the AI risk assessment's report (001 §2, §4, §5; issue 24). */
export async function loadResults({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const t = await getFixedT(request);
  const id = requestIdOf(request);
  const a = analysisAddresses(companyId, studyName);
  const { api, allowed } = await requireAnalysisPage(request, context, companyId, [id ? a.results(id) : a.start], {
    extra: [a.insert, a.start],
  });
  const canInsert = allowed.get(a.insert) === true;
  const base = {
    pageName: t("protocolAnalysis.results.title"),
    canInsert,
    canStart: allowed.get(a.start) === true,
    now: new Date().toISOString(),
    companyId,
    studyName,
    category: queryOf(request, "category", 200),
    draftHref: canInsert ? await draftHrefOf(context, api, companyId, studyName) : null,
    quoteChecks: {} as ReturnType<typeof quoteChecks>,
    inserted: null as InsertRecord | null,
  };
  if (!id) return { ...base, result: null, problem: "protocolAnalysis.results.missingId" };
  const result = await api.protocolAnalysis.riskAssessmentResult(studyName, id);
  if (!result.ok) {
    if (result.status === 404) return { ...base, result: null, problem: "protocolAnalysis.results.notFound" };
    throw new Error(`Risk assessment unavailable: ${result.error.code}`);
  }
  // The rows as last inserted in RACT (issue 24, defect 3), else the AI's rows sorted by category (001 §3).
  const inserted = result.data.inserted;
  const value =
    inserted?.rows ??
    (result.data.value
      ? [...result.data.value].sort((x, y) => x.category.localeCompare(y.category) || Number(x.key) - Number(y.key))
      : null);
  const checks = value
    ? quoteChecks(await recognisedPages(api, result.data.parsedProtocolFile), value, (r) => r.key)
    : {};
  return {
    ...base,
    quoteChecks: checks,
    inserted: inserted ? { count: inserted.count, at: inserted.at } : null,
    result: { ...result.data, value } as RiskAssessmentResult,
    problem: null,
  };
}

/** The request's last Insert in RACT, as the API records it (ADR 0042); null when none (or it cannot be read). */
async function lastInsert(api: ApiClient, studyName: string, id: string): Promise<InsertRecord | null> {
  const result = await api.protocolAnalysis.riskAssessmentResult(studyName, id);
  const inserted = result.ok ? result.data.inserted : null;
  return inserted ? { count: inserted.count, at: inserted.at } : null;
}

/**
 * The results page's posts: New request (back to the form), the list's own posts, and Insert in RACT (001 §4, §5).
 * A second insert of a request's rows is asked first (issue 24, defect 3): an Insert of rows that were inserted before
 * (the API records it, ADR 0042) answers with the question, with or without scripts; only "Insert again" goes ahead.
 */
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
  const again = formData.get("intent") === INSERT_AGAIN;
  if (again) formData.set("intent", LIST_INTENT.save);
  // The category filter without scripts posts the edits with it, so that none is lost (issue 24).
  const filtered =
    formData.get("intent") === FILTER_INTENT ? String(formData.get("category") ?? "").slice(0, 200) : null;
  const post = handleListPost<RiskRowForm>(formData, riskRowList, riskRow);
  if (post.kind === "reply")
    return { kind: "reply", reply: post.reply, ...(filtered === null ? {} : { category: filtered }) };
  // The rows as the user left them, for an answer that inserts nothing (without scripts the page renders from it).
  const asLeft = () => ({
    result: listShaped(parseSubmission(formData, { schema: riskRowList }).reply()),
    dialog: null,
  });
  const { api } = await requireAnalysisPage(request, context, companyId, [a.insert]);
  const previous = id ? await lastInsert(api, studyName, id) : null;
  if (previous && !again) return { kind: "reply", reply: asLeft(), confirmInsert: previous };
  if (post.rows.length === 0) {
    const t = await getFixedT(request);
    return { kind: "insertFailed", detail: t("protocolAnalysis.results.atLeastOneRow"), reply: asLeft() };
  }
  const inserted = await api.ract.import(companyId, studyName, {
    requestId: id || undefined,
    items: post.rows.map(riskRowFromForm),
  });
  if (!inserted.ok)
    return { kind: "insertFailed", detail: inserted.error.detail || inserted.error.code, reply: asLeft() };
  return {
    kind: "inserted",
    inserted: { count: inserted.data.value.inserted, at: new Date().toISOString() },
    rows: post.rows,
    reply: null,
  };
}
