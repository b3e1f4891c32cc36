import { emptyBodySchema } from "../common";
import {
  riskAssessmentStartSchema,
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
  /** Not served yet (issue: CTQ identification); the pages gate on it (001 §6). */
  startCtqIdentification: defineCall({
    method: "POST",
    path: `${PAT}/CriticalToQualityFactorsIdentification/start`,
    answer: answer<unknown>(),
  }),
};
