/**
 * …/ctqf/results?id=: the CTQ report (001 §2 "CTQ results page", §4, §5, §6; issue 25, ADR 0049). The loader reads
 * the request; the action answers the form's posts: New request, the list's own posts (deletion without scripts),
 * and the insert-into-study flow (insert.server.ts), each with the edits and the rationale carried back.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { cpcdCalls } from "@server/contracts/calls/cpcd";
import { permissionAddress as address } from "@server/contracts/calls/define";
import { protocolAnalysisCalls as pat } from "@server/contracts/calls/protocol-analysis";
import type { CtqResult } from "@server/contracts/protocol-analysis";
import { csvResponse } from "~/features/cpcd/csv.server";
import { CTQ_INTENT, INSERT_FIELDS, NO_INSERT, partsFromField, partsOf, scopeOf } from "~/features/ctq/insert";
import { runInsert, type InsertItems } from "~/features/ctq/insert.server";
import { ctqItemsOf, ctqRow, ctqRowList, rowsOf, type CtqRowForm } from "~/features/ctq/items";
import type { CtqAnswer } from "~/features/ctq/results";
import { quoteChecks, recognisedPages } from "~/features/protocol-analysis/evidence.server";
import { requireAnalysisPage } from "~/features/protocol-analysis/page.server";
import type { ApiClient } from "~/lib/api/client.server";
import type { WebContext } from "~/lib/context.server";
import { handleListPost, listShaped, type ListReply } from "~/lib/forms/list.server";
import { parseSubmission } from "~/lib/forms/schema";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks, legacyLinks, resolveLegacyHref } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { userSettings } from "~/lib/shell.server";

/** The CTQ pages' permission addresses (001 §6). */
export function ctqAddresses(companyId: string, studyName: string) {
  const s = { companyId, studyName };
  return {
    start: address(pat.startCtqIdentification, { studyName }),
    results: (id: string) => address(pat.ctqIdentificationResult, { studyName, id }),
    companyLists: address(pat.ctqCompanyLists, { studyName }),
    importProcesses: address(cpcdCalls.study.criticalProcesses.import, s),
    importData: address(cpcdCalls.study.criticalData.import, s),
  };
}

const requestIdOf = (request: Request) => (new URL(request.url).searchParams.get("id") ?? "").trim().slice(0, 64);

/** Where the inserted items can be seen (001 §2): the classic study details with LEGACY_BASE_URL, else our CP&CD page. */
async function studyHrefOf(context: WebContext, api: ApiClient, companyId: string, studyName: string) {
  const settings = await userSettings(context, api);
  return settings.legacyBaseUrl
    ? resolveLegacyHref(legacyLinks.study("/studyDetails", studyName), settings.legacyBaseUrl)
    : appLinks.studyPage(companyId, studyName, "cpcd");
}

/** The page's gate: CTQ enabled for the company, the result's permission; and whether the caller may insert. */
async function gate(request: Request, context: WebContext, companyId: string, studyName: string, id: string) {
  const a = ctqAddresses(companyId, studyName);
  const { api, allowed } = await requireAnalysisPage(request, context, companyId, [id ? a.results(id) : a.start], {
    extra: [a.start, a.importProcesses, a.importData],
  });
  // 001 §6: the insert menu needs both study import permissions.
  const canInsert = allowed.get(a.importProcesses) === true && allowed.get(a.importData) === true;
  return { api, canInsert, canStart: allowed.get(a.start) === true };
}

export async function loadCtqResults({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const id = requestIdOf(request);
  const t = await getFixedT(request);
  const { api, canInsert, canStart } = await gate(request, context, companyId, studyName, id);
  const base = {
    pageName: t("ctq.results.title"),
    companyId,
    studyName,
    canInsert,
    canStart,
    now: new Date().toISOString(),
    studyHref: canInsert ? await studyHrefOf(context, api, companyId, studyName) : null,
    quoteChecks: {} as ReturnType<typeof quoteChecks>,
  };
  if (!id) return { ...base, result: null as CtqResult | null, problem: "ctq.results.missingId" };
  const result = await api.ctq.result(studyName, id);
  if (!result.ok) {
    if (result.status === 404) return { ...base, result: null, problem: "ctq.results.notFound" };
    throw new Error(`CTQ identification unavailable: ${result.error.code}`);
  }
  // Each item's quote checked against its page of the recognised protocol, as the risk rows' (issue 25).
  const checks =
    result.data.state === "Finished"
      ? quoteChecks(
          await recognisedPages(api, result.data.parsedProtocolFile),
          ctqItemsOf(result.data).map(({ item }) => item),
          (item) => item.id,
        )
      : {};
  return { ...base, quoteChecks: checks, result: result.data, problem: null };
}

/** The rows posted, as items of the two study lists (001 §3 "Study import items"). */
export function insertItems(rows: readonly CtqRowForm[]): InsertItems {
  return {
    criticalProcesses: rowsOf(rows, "criticalProcesses").map((r) => ({ title: r.title, details: r.details })),
    criticalData: rowsOf(rows, "criticalData").map((r) => ({
      label: r.title,
      description: r.details,
      isCritical: r.isCritical,
    })),
  };
}

/** The form as the user left it, the rationale kept or cleared (001 §4: cleared on Cancel and when both succeed). */
function replyOf(formData: FormData, keepRationale: boolean): ListReply {
  const submission = parseSubmission(formData, { schema: ctqRowList });
  return {
    result: listShaped(submission.reply(keepRationale ? undefined : { hideFields: ["rationaleForChange"] })),
    dialog: null,
  };
}

export async function ctqResultsAction({ request, context, params }: ActionFunctionArgs): Promise<CtqAnswer> {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const id = requestIdOf(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { api, canInsert } = await gate(request, context, companyId, studyName, id);
  if (intent === CTQ_INTENT.newRequest) {
    await requireAnalysisPage(request, context, companyId, [ctqAddresses(companyId, studyName).start]);
    throw redirect(appLinks.studyPage(companyId, studyName, "ctqf/identification"));
  }
  const [verb, argument] = intent.split(":");
  const insertIntents: string[] = [CTQ_INTENT.save, CTQ_INTENT.overwriteContinue];
  if (verb === CTQ_INTENT.openInsert) {
    const scope = scopeOf(argument);
    if (!canInsert || !scope) return { reply: replyOf(formData, true), insert: NO_INSERT };
    return {
      reply: replyOf(formData, true),
      insert: { ...NO_INSERT, dialog: "confirm", scope, remaining: partsOf(scope) },
    };
  }
  if (intent === CTQ_INTENT.closeInsert || intent === CTQ_INTENT.overwriteCancel)
    return { reply: replyOf(formData, false), insert: NO_INSERT };
  if (!insertIntents.includes(intent)) {
    const post = handleListPost<CtqRowForm>(formData, ctqRowList, ctqRow);
    return { reply: post.kind === "reply" ? post.reply : replyOf(formData, true), insert: NO_INSERT };
  }
  return insertStep(formData, api, { companyId, studyName, canInsert });
}

/** Save changes (the confirmation) or Continue (the overwrite warning): the next step of the flow. */
async function insertStep(
  formData: FormData,
  api: ApiClient,
  at: { companyId: string; studyName: string; canInsert: boolean },
): Promise<CtqAnswer> {
  const scope = scopeOf(formData.get(INSERT_FIELDS.scope)) ?? "all";
  const submission = parseSubmission(formData, { schema: ctqRowList });
  const state = {
    ...NO_INSERT,
    dialog: "confirm" as const,
    scope,
    remaining: partsFromField(formData.get(INSERT_FIELDS.remaining)),
    overwrite: partsFromField(formData.get(INSERT_FIELDS.overwrite)),
  };
  if (!at.canInsert) throw new Response(null, { status: 403 });
  if (submission.status !== "success")
    return { reply: replyOf(formData, true), insert: { ...state, error: { key: "ctq.insert.invalid" } } };
  const value = submission.value as unknown as { rows: CtqRowForm[]; rationaleForChange: string };
  if (!value.rationaleForChange)
    return { reply: replyOf(formData, true), insert: { ...state, error: { key: "ctq.insert.rationaleRequired" } } };
  const items = insertItems(value.rows);
  const remaining = state.remaining.filter((part) => items[part].length > 0);
  if (remaining.length === 0)
    return { reply: replyOf(formData, true), insert: { ...state, error: { key: "ctq.insert.nothing" } } };
  const scopeOfStudy = { companyId: at.companyId, studyName: at.studyName };
  const view = await runInsert((list, input) => api.cpcd.import(scopeOfStudy, list, input as never), items, {
    scope,
    remaining,
    overwrite: state.overwrite,
    rationaleForChange: value.rationaleForChange,
  });
  return { reply: replyOf(formData, !view.success), insert: view };
}

const CSV_POST_MAX_BYTES = 4 * 1024 * 1024;

/** POST …/ctqf/upload?csv=: one list as edited (001 §9), from the results form's fields; the result's permission is asked. */
export async function ctqCsvAction({ request, context, params }: ActionFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  // The form's fields only (its rows: at most MAX_LIST_ROWS of short texts); the guard does not limit this path.
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (!Number.isFinite(declared) || declared > CSV_POST_MAX_BYTES) throw new Response(null, { status: 413 });
  const formData = await request.formData();
  const id = String(formData.get("id") ?? "").slice(0, 64);
  const a = ctqAddresses(companyId, studyName);
  await requireAnalysisPage(request, context, companyId, [id ? a.results(id) : a.start]);
  const list = String(formData.get("intent") ?? "").split(":")[1];
  if (list !== "criticalProcesses" && list !== "criticalData") throw new Response(null, { status: 400 });
  const submission = parseSubmission(formData, { schema: ctqRowList });
  if (submission.status !== "success") throw new Response(null, { status: 400 });
  const items = insertItems((submission.value as { rows: CtqRowForm[] }).rows);
  return csvResponse(list, items[list]);
}
