import { emptyBodySchema } from "../common";
import {
  ctqStartSchema,
  riskAssessmentStartSchema,
  type CtqCompanyLists,
  type CtqResult,
  type CtqStartBody,
  type AnalysisRequestList,
  type RiskAssessmentResult,
  type RiskAssessmentStartBody,
} from "../protocol-analysis";
import { answer, defineCall } from "./define";

const PAT = "/studies/:studyName/ProtocolAnalysisTool";

/** The Protocol Analysis Tool's calls (001 §7), under the caller's home company (the paths name none). */
export const protocolAnalysisCalls = {
  startRiskAssessment: defineCall({
    method: "POST",
    path: `${PAT}/RiskAssessment/start`,
    body: riskAssessmentStartSchema,
    answer: answer<RiskAssessmentStartBody>(),
  }),
  riskAssessmentResult: defineCall({
    method: "POST",
    path: `${PAT}/RiskAssessment/:id/getResults`,
    body: emptyBodySchema,
    answer: answer<RiskAssessmentResult>(),
  }),
  recentRequests: defineCall({
    method: "POST",
    path: `${PAT}/requests/get`,
    body: emptyBodySchema,
    answer: answer<AnalysisRequestList>(),
  }),
  /** 001 §7 CTQF start (issue 25). */
  startCtqIdentification: defineCall({
    method: "POST",
    path: `${PAT}/CriticalToQualityFactorsIdentification/start`,
    body: ctqStartSchema,
    answer: answer<CtqStartBody>(),
  }),
  /** Beyond 001 §7 (issue 25, ADR 0047): the company's lists for the CTQ identification form. */
  ctqCompanyLists: defineCall({
    method: "POST",
    path: `${PAT}/CriticalToQualityFactorsIdentification/companyLists/get`,
    body: emptyBodySchema,
    answer: answer<CtqCompanyLists>(),
  }),
  /** 001 §7 CTQF getResults (issue 25). */
  ctqIdentificationResult: defineCall({
    method: "POST",
    path: `${PAT}/CriticalToQualityFactorsIdentification/:id/getResults`,
    body: emptyBodySchema,
    answer: answer<CtqResult>(),
  }),
};
