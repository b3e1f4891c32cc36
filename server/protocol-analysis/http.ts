import { protocolAnalysisCalls } from "../contracts/calls/protocol-analysis";
import { defineRoute } from "../http/route";
import { analysisRuntime } from "./runtime";
import { getRiskAssessmentResult, listAnalysisRequests, requireToolEnabled, startRiskAssessment } from "./service";

/**
 * 001 §7: the AI risk assessment's calls, about a study of the caller's home company (the paths name no company: the
 * "homeStudy" scope), refused first where the company has the tool off.
 */
export const riskAssessmentRoutes = [
  defineRoute({
    call: protocolAnalysisCalls.startRiskAssessment,
    access: "permission",
    scope: "homeStudy",
    precondition: requireToolEnabled,
    audit: { displayText: "AI risk assessment requested" },
    handler: async ({ deps, db, scope, body, principal, audit, afterCommit, log }) => {
      const started = await startRiskAssessment(db, principal, scope.study, body.protocolTemporaryFileId, audit, {
        deps,
        askIfRepeated: body.askIfRepeated,
      });
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
    scope: "homeStudy",
    precondition: requireToolEnabled,
    handler: ({ db, scope, params, principal }) => getRiskAssessmentResult(db, principal, scope.study, params.id),
  }),
  defineRoute({
    call: protocolAnalysisCalls.recentRequests,
    access: "permission",
    scope: "homeStudy",
    precondition: requireToolEnabled,
    handler: ({ deps, db, scope, principal }) =>
      listAnalysisRequests(db, principal, scope.study, deps.config.protocolAnalysis.complexityToolUrl),
  }),
];
