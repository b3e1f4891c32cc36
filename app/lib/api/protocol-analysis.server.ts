import { fileCalls } from "@server/contracts/calls/files";
import { protocolAnalysisCalls as pat } from "@server/contracts/calls/protocol-analysis";
import { ractCalls } from "@server/contracts/calls/ract";
import type { FileUploadBody, RactImport } from "@server/contracts/protocol-analysis";
import type { ApiHttp, ApiResult } from "./http.server";

/** The Protocol Analysis Tool's calls (001 §7): files, the AI risk assessment, the RACT import. */
export function protocolAnalysisCalls(http: ApiHttp) {
  const { call, callRaw } = http;
  return {
    files: {
      /** POST /files: a multipart body passed on as it arrives (never whole in memory), field File. */
      async upload(body: ReadableStream<Uint8Array>, contentType: string): Promise<ApiResult<FileUploadBody>> {
        const raw = await callRaw(
          fileCalls.upload,
          {},
          { "content-type": contentType, accept: "application/json" },
          body,
        );
        if (!raw.ok) return raw;
        return { ok: true, status: raw.status, data: (await raw.data.json()) as FileUploadBody };
      },
      /** POST /files/get/{id}: the bytes, with the file's name in Content-Disposition. */
      download: (fileId: string) => callRaw(fileCalls.download, { id: fileId }),
    },
    protocolAnalysis: {
      startRiskAssessment: (studyName: string, protocolTemporaryFileId: string, askIfRepeated = false) =>
        call(pat.startRiskAssessment, { studyName }, { protocolTemporaryFileId, askIfRepeated }),
      riskAssessmentResult: (studyName: string, id: string) => call(pat.riskAssessmentResult, { studyName, id }),
      recentRequests: (studyName: string) => call(pat.recentRequests, { studyName }),
    },
    ract: {
      import: (companyId: string, studyName: string, input: RactImport) =>
        call(ractCalls.import, { companyId, studyName }, input),
      workingDraft: (companyId: string, studyName: string) => call(ractCalls.workingDraft, { companyId, studyName }),
    },
  };
}
