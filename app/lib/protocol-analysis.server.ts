import { redirect } from "@remix-run/node";
import { permissionAddress as address } from "@server/contracts/calls/define";
import { fileCalls } from "@server/contracts/calls/files";
import { protocolAnalysisCalls as pat } from "@server/contracts/calls/protocol-analysis";
import { ractCalls } from "@server/contracts/calls/ract";
import type { FileRejection } from "@server/contracts/protocol-analysis";
import type { WebContext } from "./context.server";
import { getFixedT } from "./i18next.server";
import { appLinks } from "./links";
import { studyAddresses } from "./navigation";
import { requirePermission } from "./permissions.server";
import { signedInWithBatch } from "./shell.server";

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

/** What the upload form shows after a post: success, or a refusal's message (a locale key and its values). */
export type SubmitOutcome =
  { ok: true; requestId: string } | { ok: false; message: string; values?: Record<string, string | number> };

const REJECTION_KEYS: Record<FileRejection, string> = {
  missing: "protocolAnalysis.identification.required",
  empty: "protocolAnalysis.identification.empty",
  tooLarge: "protocolAnalysis.identification.tooLarge",
  type: "protocolAnalysis.identification.typeNotAccepted",
  zip: "protocolAnalysis.identification.zip",
};

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
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, message: REJECTION_KEYS.missing };
  }
  const uploaded = await api.files.upload(request.body, type);
  if (!uploaded.ok) {
    const data = uploaded.error.additionalData as { reason?: FileRejection; maxBytes?: number } | undefined;
    if (data?.reason && REJECTION_KEYS[data.reason]) {
      return {
        ok: false,
        message: REJECTION_KEYS[data.reason],
        values: { size: Math.floor((data.maxBytes ?? 0) / (1024 * 1024)) },
      };
    }
    return { ok: false, message: REJECTION_KEYS.missing };
  }
  const started = await api.protocolAnalysis.startRiskAssessment(studyName, uploaded.data.value.fileId);
  if (!started.ok) return { ok: false, message: "protocolAnalysis.identification.failed" };
  return { ok: true, requestId: started.data.value.id };
}
