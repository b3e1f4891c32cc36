import type { LoaderFunctionArgs } from "@remix-run/node";
import type { FileReference, RiskAssessmentResult, RowCitation } from "@server/contracts/protocol-analysis";
import {
  checkQuote,
  quoteFinder,
  markQuote,
  protocolPages,
  type EvidenceSegment,
  type ProtocolPage,
  type QuoteCheck,
} from "~/features/protocol-analysis/evidence";
import { analysisAddresses, requireAnalysisPage } from "~/features/protocol-analysis/page.server";
import type { ApiClient } from "~/lib/api/client.server";
import type { ApiResult } from "~/lib/api/http.server";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";

/** The recognised protocol is a text file of a few hundred KB; a larger answer is not read (it is no such file). */
const MAX_RECOGNISED_BYTES = 8 * 1024 * 1024;

/** The recognised protocol of a finished request (its parsed file) as pages, or null when it is not there or may not be read. */
export async function recognisedPages(api: ApiClient, file: FileReference | null): Promise<ProtocolPage[] | null> {
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

/** For each cited thing with a quote (a risk row, a CTQ item; by its key): is its quote on its page? */
export function quoteChecks<T extends { citation?: RowCitation | null }>(
  pages: readonly ProtocolPage[] | null,
  cited: readonly T[],
  keyOf: (item: T) => string,
) {
  const checks: Record<string, QuoteCheck> = {};
  if (!pages) return checks;
  const check = quoteFinder(pages);
  for (const item of cited) {
    if (item.citation?.quote) checks[keyOf(item)] = check(item.citation.page, item.citation.quote);
  }
  return checks;
}

/** What cites the protocol (a risk row, a CTQ item): its texts as labelled lines (locale keys), and its citation. */
export interface EvidenceSubject {
  fields: { label: string; text: string }[];
  citation: RowCitation | null;
}

export interface EvidenceView {
  pageName: string;
  /** The results page the evidence page leads back to, and the back link's text (a locale key). */
  back: { href: string; label: string };
  /** What cites the protocol, as labelled texts (empty when it is not found). */
  fields: EvidenceSubject["fields"];
  citation: RowCitation | null;
  /** The cited page with the quote marked, or null when the recognised protocol cannot be read. */
  page: { page: number | null; printedPage: string | null; segments: EvidenceSegment[] } | null;
  check: QuoteCheck | null;
  problem: string | null;
}

/**
 * Where an evidence page's citation comes from (issue 24: a risk row; issue 25: a CTQ item): the feature's permission
 * addresses, its request read through the typed API client, and the cited thing in it by the key in the query.
 */
export interface EvidenceSource<R extends { parsedProtocolFile: FileReference | null }> {
  /** The query parameter that names the cited thing (row, item). */
  param: string;
  addresses: (companyId: string, studyName: string) => { start: string; results: (id: string) => string };
  read: (api: ApiClient, studyName: string, id: string) => Promise<ApiResult<R>>;
  subject: (result: R, key: string) => EvidenceSubject | null;
  /** The results page (a study page) and the back link's text. */
  results: string;
  back: string;
  problems: { missingId: string; notFound: string; noCitation: string };
}

const param = (request: Request, name: string) =>
  (new URL(request.url).searchParams.get(name) ?? "").trim().slice(0, 100);

/** An evidence page (…?id=&<param>=): a citation in the request's recognised protocol, its quote marked. */
export async function loadEvidence<R extends { parsedProtocolFile: FileReference | null }>(
  { request, context, params }: LoaderFunctionArgs,
  source: EvidenceSource<R>,
): Promise<EvidenceView> {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const requestId = param(request, "id").slice(0, 64);
  const key = param(request, source.param);
  const t = await getFixedT(request);
  const a = source.addresses(companyId, studyName);
  const { api } = await requireAnalysisPage(request, context, companyId, [requestId ? a.results(requestId) : a.start]);
  const back = {
    href: appLinks.studyPage(companyId, studyName, source.results, { id: requestId }),
    label: source.back,
  };
  const base = { pageName: t("protocolAnalysis.evidence.title"), back, fields: [], citation: null, page: null };
  if (!requestId) return { ...base, check: null, problem: source.problems.missingId };
  const result = await source.read(api, studyName, requestId);
  if (!result.ok) {
    if (result.status === 404) return { ...base, check: null, problem: source.problems.notFound };
    throw new Error(`${source.results} unavailable: ${result.error.code}`);
  }
  const subject = source.subject(result.data, key);
  const citation = subject?.citation ?? null;
  const fields = subject?.fields ?? [];
  if (!citation) return { ...base, fields, check: null, problem: source.problems.noCitation };
  const pages = await recognisedPages(api, result.data.parsedProtocolFile);
  if (!pages) return { ...base, fields, citation, check: null, problem: "protocolAnalysis.evidence.unavailable" };
  const check = checkQuote(pages, citation.page, citation.quote);
  const cited = pages.find((p) => p.page === citation.page) ?? (citation.page === null ? pages[0] : undefined);
  const page = cited
    ? { page: cited.page, printedPage: cited.printedPage, segments: markQuote(cited.text, citation.quote) }
    : null;
  return { ...base, fields, citation, page, check, problem: null };
}

/** …/riskAssessment/evidence?id=&row=: a risk row's citation (issue 24); the rows as last inserted, else the AI's. */
export const riskEvidence: EvidenceSource<RiskAssessmentResult> = {
  param: "row",
  addresses: analysisAddresses,
  read: (api, studyName, id) => api.protocolAnalysis.riskAssessmentResult(studyName, id),
  subject: (result, key) => {
    const row = (result.inserted?.rows ?? result.value)?.find((r) => r.key === key);
    if (!row) return null;
    const fields = [
      { label: "protocolAnalysis.results.category", text: row.category },
      { label: "protocolAnalysis.results.question", text: row.question },
    ];
    return { fields, citation: row.citation ?? null };
  },
  results: "riskAssessment/results",
  back: "protocolAnalysis.evidence.back",
  problems: {
    missingId: "protocolAnalysis.results.missingId",
    notFound: "protocolAnalysis.results.notFound",
    noCitation: "protocolAnalysis.evidence.noCitation",
  },
};
