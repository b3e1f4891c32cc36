import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { permissionAddress as address } from "@server/contracts/calls/define";
import { fileCalls } from "@server/contracts/calls/files";
import { protocolAnalysisCalls as pat } from "@server/contracts/calls/protocol-analysis";
import { ractCalls } from "@server/contracts/calls/ract";
import type { FileRejection, RepeatedRequest } from "@server/contracts/protocol-analysis";
import { ctqIdentification } from "~/features/protocol-analysis/ctq";
import type { SubmitOutcome } from "~/features/protocol-analysis/upload";
import { isServiceUnavailable, type ApiClient } from "~/lib/api/client.server";
import type { WebContext } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { studyAddresses } from "~/lib/navigation.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { requirePermission } from "~/lib/permissions.server";
import { signedInWithBatch, userSettings } from "~/lib/shell.server";

/** The Protocol Analysis Tool's pages (001 §2, §6): their permission addresses and the shared checks. */
export function analysisAddresses(companyId: string, studyName: string) {
  const s = { companyId, studyName };
  return {
    study: studyAddresses(companyId, studyName).study,
    start: address(pat.startRiskAssessment, { studyName }),
    ctqStart: address(pat.startCtqIdentification, { studyName }),
    results: (id: string) => address(pat.riskAssessmentResult, { studyName, id }),
    recent: address(pat.recentRequests, { studyName }),
    upload: address(fileCalls.upload, {}),
    insert: address(ractCalls.import, s),
    draft: address(ractCalls.workingDraft, s),
  };
}

/**
 * A page of the tool: signed in, the company setting isProtocolAnalysisToolAEnabled on (001 §6), and the page's own
 * permissions; otherwise /ng/error with "You lack the permissions to view this page."
 */
export async function requireAnalysisPage(
  request: Request,
  context: WebContext,
  companyId: string,
  addresses: readonly string[],
  options: { any?: boolean; extra?: readonly string[] } = {},
) {
  const signedIn = await signedInWithBatch(request, context);
  const [company, allowed] = await Promise.all([
    signedIn.api.companies.get(companyId),
    signedIn.batch.check([...addresses, ...(options.extra ?? [])]),
  ]);
  if (!company.ok || !company.data.isProtocolAnalysisToolAEnabled) {
    const t = await getFixedT(request);
    throw redirect(appLinks.error(t("permissions.denied")));
  }
  await requirePermission(request, signedIn.batch, addresses, { any: options.any });
  return { ...signedIn, allowed };
}

const REJECTION_KEYS: Record<FileRejection, string> = {
  missing: "protocolAnalysis.identification.required",
  empty: "protocolAnalysis.identification.empty",
  tooLarge: "protocolAnalysis.identification.tooLarge",
  type: "protocolAnalysis.identification.typeNotAccepted",
  zip: "protocolAnalysis.identification.zip",
};

/**
 * What the form says when POST /files did not take the file (issue 22, defect 8): the refusal's own reason; the
 * storage being away; an upload that did not arrive whole (the connection broke: status 0) or was cut off; never
 * "choose a file" when one was chosen.
 */
export function uploadFailure(status: number, additionalData: unknown): SubmitOutcome {
  const data = additionalData as { reason?: string; maxBytes?: number } | undefined;
  const reason = data?.reason as FileRejection | "storage" | undefined;
  if (reason === "storage" || status === 503)
    return { ok: false, message: "protocolAnalysis.identification.storageUnavailable" };
  if (reason && reason in REJECTION_KEYS) {
    return {
      ok: false,
      message: REJECTION_KEYS[reason as FileRejection],
      values: { size: Math.floor((data?.maxBytes ?? 0) / (1024 * 1024)) },
    };
  }
  if (status === 0 || status === 400) return { ok: false, message: "protocolAnalysis.identification.uploadBroken" };
  return { ok: false, message: "protocolAnalysis.identification.failed" };
}

/**
 * The upload form's post (with or without scripts): the multipart body goes on to POST /files as it arrives, then
 * RiskAssessment/start with the file id (001 §7).
 */
export async function submitProtocol(
  request: Request,
  context: WebContext,
  companyId: string,
  studyName: string,
): Promise<SubmitOutcome> {
  const a = analysisAddresses(companyId, studyName);
  const { api } = await requireAnalysisPage(request, context, companyId, [a.start]);
  const type = request.headers.get("content-type") ?? "";
  if (type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return confirmRepeat(request, api, studyName);
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, message: REJECTION_KEYS.missing };
  }
  let uploaded: Awaited<ReturnType<typeof api.files.upload>>;
  try {
    uploaded = await api.files.upload(request.body, type);
  } catch (error) {
    // 503 (the database or the storage away) is said on the form: the file was chosen, nothing was submitted.
    if (isServiceUnavailable(error))
      return { ok: false, message: "protocolAnalysis.identification.serviceUnavailable" };
    throw error;
  }
  if (!uploaded.ok) return uploadFailure(uploaded.status, uploaded.error.additionalData);
  const { fileId, name } = uploaded.data.value;
  const started = await api.protocolAnalysis.startRiskAssessment(studyName, fileId, true);
  if (!started.ok) {
    const repeated = started.error.additionalData as Partial<RepeatedRequest> | undefined;
    if (started.status === 409 && repeated?.reason === "repeat" && repeated.requestId)
      return { ok: false, repeat: { fileId, fileName: name, requestId: repeated.requestId } };
    return { ok: false, message: "protocolAnalysis.identification.failed" };
  }
  return { ok: true, requestId: started.data.value.id };
}

/** The answer to "analyse it again?" (issue 24): the file already uploaded is started, without asking again. */
async function confirmRepeat(request: Request, api: ApiClient, studyName: string): Promise<SubmitOutcome> {
  const form = await request.formData();
  const fileId = String(form.get("fileId") ?? "").slice(0, 64);
  if (form.get("intent") !== "confirmRepeat" || !fileId) return { ok: false, message: REJECTION_KEYS.missing };
  const started = await api.protocolAnalysis.startRiskAssessment(studyName, fileId);
  if (!started.ok) return { ok: false, message: "protocolAnalysis.identification.failed" };
  return { ok: true, requestId: started.data.value.id };
}

/**
 * …/protocolAnalysisTool, the landing page (001 §1, §2, §6): the page needs the company setting and a current study;
 * the steps are gated one by one, and the study's recent requests shown when the caller may list them.
 */
export async function loadLanding({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const a = analysisAddresses(companyId, studyName);
  const { api, allowed } = await requireAnalysisPage(request, context, companyId, [a.study], {
    extra: [a.start, a.ctqStart, a.recent],
  });
  const canRisk = allowed.get(a.start) === true;
  const canCtq = allowed.get(a.ctqStart) === true;
  const [recent, settings, t] = await Promise.all([
    allowed.get(a.recent) === true ? api.protocolAnalysis.recentRequests(studyName) : null,
    userSettings(context, api),
    getFixedT(request),
  ]);
  return {
    pageName: t("protocolAnalysis.title"),
    canRisk,
    canCtq,
    ctq: ctqIdentification(companyId, studyName),
    // The deployment's setting, from the user's settings every signed-in user may read: not from the request list,
    // which a monitor may not call (issue 24, defect 5).
    complexityToolUrl: settings.complexityToolUrl,
    recent: recent?.ok ? recent.data.items : [],
    showRecent: recent !== null,
    now: new Date().toISOString(),
  };
}

/** …/riskAssessment/identification: the upload form's page (001 §2 "Risk assessment form"). */
export async function loadIdentification({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  await requireAnalysisPage(request, context, companyId, [analysisAddresses(companyId, studyName).start]);
  const t = await getFixedT(request);
  return { pageName: t("protocolAnalysis.identification.title"), companyId, studyName };
}

/** …/riskAssessment/workingDraft: the study's RACT working draft, read-only (issue 15). */
export async function loadWorkingDraft({ request, context, params }: LoaderFunctionArgs) {
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
