import { protocolAnalysisCalls } from "../contracts/calls/protocol-analysis";
import { defineRoute } from "../http/route";
import { analysisRuntime } from "./runtime";
import { getRiskAssessmentResult, listAnalysisRequests, startRiskAssessment } from "./service";

/** 001 §7: the AI risk assessment's calls (under the caller's home company, as the paths name none). */
export const riskAssessmentRoutes = [
  defineRoute({
    call: protocolAnalysisCalls.startRiskAssessment,
    access: "permission",
    audit: { displayText: "AI risk assessment requested" },
    handler: async ({ deps, db, params, body, principal, audit, afterCommit, log }) => {
      const started = await startRiskAssessment(db, principal, params.studyName, body.protocolTemporaryFileId, audit);
      // Enqueued once the request is committed; a failure here is recovered at the next start of a worker.
      afterCommit(() => {
        analysisRuntime(deps)
          .enqueue(started.value.id)
          .catch((error: unknown) => log.error({ err: error, requestId: started.value.id }, "enqueue failed"));
      });
      return started;
    },
  }),
  defineRoute({
    call: protocolAnalysisCalls.riskAssessmentResult,
    access: "permission",
    handler: ({ db, params, principal, cached }) =>
      getRiskAssessmentResult(db, principal, params.studyName, params.id, cached),
  }),
  defineRoute({
    call: protocolAnalysisCalls.recentRequests,
    access: "permission",
    handler: ({ deps, db, params, principal, cached }) =>
      listAnalysisRequests(db, principal, params.studyName, deps.config.protocolAnalysis.complexityToolUrl, { cached }),
  }),
];
