import { protocolAnalysisCalls as pat } from "@server/contracts/calls/protocol-analysis";
import type { ApiHttp } from "./http.server";

/** CTQ identification (001 §7 CTQF start/getResults; issue 25, ADR 0047 company lists): `ctq`. */
export function ctqCalls(http: ApiHttp) {
  const { call } = http;
  return {
    ctq: {
      start: (
        studyName: string,
        input: { protocolTemporaryFileId: string; criticalProcesses: string; criticalData: string },
        askIfRepeated = false,
      ) => call(pat.startCtqIdentification, { studyName }, { ...input, askIfRepeated }),
      result: (studyName: string, id: string) => call(pat.ctqIdentificationResult, { studyName, id }),
      companyLists: (studyName: string) => call(pat.ctqCompanyLists, { studyName }),
    },
  };
}
