import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RiskAssessmentResult, RiskRow, RowCitation } from "@server/contracts/protocol-analysis";
import {
  checkQuote,
  markQuote,
  protocolPages,
  type EvidenceSegment,
  type ProtocolPage,
  type QuoteCheck,
} from "~/features/protocol-analysis/evidence";
import { analysisAddresses, requireAnalysisPage } from "~/features/protocol-analysis/page.server";
import type { ApiClient } from "~/lib/api/client.server";
import { getFixedT } from "~/lib/i18next.server";
import { companyIdParam, studyNameParam } from "~/lib/params";

/** The recognised protocol is a text file of a few hundred KB; a larger answer is not read (it is no such file). */
const MAX_RECOGNISED_BYTES = 8 * 1024 * 1024;

/** The recognised protocol of a finished request as pages, or null when it is not there or may not be read. */
export async function recognisedPages(api: ApiClient, result: RiskAssessmentResult): Promise<ProtocolPage[] | null> {
  const file = result.parsedProtocolFile;
  if (!file) return null;
  const download = await api.files.download(file.id);
  if (!download.ok) return null;
  const length = Number(download.data.headers.get("content-length") ?? "0");
  if (length > MAX_RECOGNISED_BYTES) {
    await download.data.body?.cancel().catch(() => undefined);
    return null;
  }
  const text = await download.data.text();
  return text.length > MAX_RECOGNISED_BYTES ? null : protocolPages(text);
}

/** For each row with a citation (by key): is its quote on its page? */
export function quoteChecks(pages: readonly ProtocolPage[] | null, rows: readonly RiskRow[]) {
  const checks: Record<string, QuoteCheck> = {};
  if (!pages) return checks;
  for (const row of rows) {
    if (row.citation?.quote) checks[row.key] = checkQuote(pages, row.citation.page, row.citation.quote);
  }
  return checks;
}

export interface EvidenceView {
  pageName: string;
  companyId: string;
  studyName: string;
  requestId: string;
  rowKey: string;
  row: RiskRow | null;
  citation: RowCitation | null;
  /** The cited page with the quote marked, or null when the recognised protocol cannot be read. */
  page: { page: number | null; printedPage: string | null; segments: EvidenceSegment[] } | null;
  check: QuoteCheck | null;
  problem: string | null;
}

const param = (request: Request, name: string) =>
  (new URL(request.url).searchParams.get(name) ?? "").trim().slice(0, 100);

/** …/riskAssessment/evidence?id=&row=: a row's citation in the recognised protocol, its quote marked (issue 24). */
export async function loadEvidence({ request, context, params }: LoaderFunctionArgs): Promise<EvidenceView> {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const requestId = param(request, "id").slice(0, 64);
  const rowKey = param(request, "row");
  const t = await getFixedT(request);
  const a = analysisAddresses(companyId, studyName);
  const { api } = await requireAnalysisPage(request, context, companyId, [requestId ? a.results(requestId) : a.start]);
  const base = { pageName: t("protocolAnalysis.evidence.title"), companyId, studyName, requestId, rowKey };
  const none = { row: null, citation: null, page: null, check: null };
  if (!requestId) return { ...base, ...none, problem: "protocolAnalysis.results.missingId" };
  const result = await api.protocolAnalysis.riskAssessmentResult(studyName, requestId);
  if (!result.ok) {
    if (result.status === 404) return { ...base, ...none, problem: "protocolAnalysis.results.notFound" };
    throw new Error(`Risk assessment unavailable: ${result.error.code}`);
  }
  // The rows as last inserted (their texts as edited), else the AI's.
  const row = (result.data.inserted?.rows ?? result.data.value)?.find((r) => r.key === rowKey) ?? null;
  const citation = row?.citation ?? null;
  if (!row || !citation) return { ...base, ...none, row, problem: "protocolAnalysis.evidence.noCitation" };
  const pages = await recognisedPages(api, result.data);
  if (!pages) return { ...base, ...none, row, citation, problem: "protocolAnalysis.evidence.unavailable" };
  const check = checkQuote(pages, citation.page, citation.quote);
  const cited = pages.find((p) => p.page === citation.page) ?? (citation.page === null ? pages[0] : undefined);
  const page = cited
    ? { page: cited.page, printedPage: cited.printedPage, segments: markQuote(cited.text, citation.quote) }
    : null;
  return { ...base, row, citation, page, check, problem: null };
}
