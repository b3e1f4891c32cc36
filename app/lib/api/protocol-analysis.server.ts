import type {
  AnalysisRequestList,
  FileUploadBody,
  RactDraftList,
  RactImport,
  RactImportBody,
  RiskAssessmentResult,
  RiskAssessmentStartBody,
} from "@server/contracts/protocol-analysis";
import type { ApiHttp, ApiResult } from "./client.server";

/** The Protocol Analysis Tool's calls (001 §7): files, the AI risk assessment, the RACT import. */
export function protocolAnalysisCalls(http: ApiHttp) {
  const { call, callRaw, seg } = http;
  const pat = (studyName: string) => `studies/${seg(studyName)}/ProtocolAnalysisTool`;
  return {
    files: {
      /** POST /files: a multipart body passed on as it arrives (never whole in memory), field File. */
      async upload(body: ReadableStream<Uint8Array>, contentType: string): Promise<ApiResult<FileUploadBody>> {
        const raw = await callRaw("POST", "files", { "content-type": contentType, accept: "application/json" }, body);
        if (!raw.ok) return raw;
        return { ok: true, status: raw.status, data: (await raw.data.json()) as FileUploadBody };
      },
      /** POST /files/get/{id}: the bytes, with the file's name in Content-Disposition. */
      download: (fileId: string) => callRaw("POST", `files/get/${seg(fileId)}`),
    },
    protocolAnalysis: {
      startRiskAssessment: (studyName: string, protocolTemporaryFileId: string) =>
        call<RiskAssessmentStartBody>("POST", `${pat(studyName)}/RiskAssessment/start`, { protocolTemporaryFileId }),
      riskAssessmentResult: (studyName: string, id: string) =>
        call<RiskAssessmentResult>("POST", `${pat(studyName)}/RiskAssessment/${seg(id)}/getResults`),
      recentRequests: (studyName: string) => call<AnalysisRequestList>("POST", `${pat(studyName)}/requests/get`),
    },
    ract: {
      import: (companyId: string, studyName: string, input: RactImport) =>
        call<RactImportBody>("POST", `companies/${seg(companyId)}/studies/${seg(studyName)}/legacyRact/import`, input),
      workingDraft: (companyId: string, studyName: string) =>
        call<RactDraftList>(
          "POST",
          `companies/${seg(companyId)}/studies/${seg(studyName)}/legacyRact/workingDraft/get`,
        ),
    },
  };
}
