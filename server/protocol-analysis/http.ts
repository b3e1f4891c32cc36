import type { Principal } from "../auth/principal";
import { protocolAnalysisCalls } from "../contracts/calls/protocol-analysis";
import { defineRoute, type RouteContext, type StudyScope } from "../http/route";
import { getCtqCompanyLists, getCtqResult, parseCtqInput } from "./ctq";
import { analysisRuntime } from "./runtime";
import {
  getRiskAssessmentResult,
  listAnalysisRequests,
  requireToolEnabled,
  startAnalysis,
  type AnalysisRequestInput,
} from "./service";

type StartContext = Pick<
  RouteContext<unknown, Principal, Record<string, string>, StudyScope>,
  "deps" | "db" | "scope" | "principal" | "audit" | "afterCommit" | "log"
>;

/**
 * Both start calls: the request recorded in the call's transaction, its job enqueued once that has committed; a
 * failure of the enqueue is recovered at the next start of a worker.
 */
async function startAndEnqueue(
  ctx: StartContext,
  body: { protocolTemporaryFileId: string; askIfRepeated?: boolean },
  input: AnalysisRequestInput,
) {
  const { deps, db, scope, principal, audit, afterCommit, log } = ctx;
  const started = await startAnalysis(db, principal, scope.study, body.protocolTemporaryFileId, audit, {
    deps,
    askIfRepeated: body.askIfRepeated,
    input,
  });
  afterCommit(() => {
    analysisRuntime(deps)
      .enqueue(started.value.id)
      .catch((error: unknown) => log.error({ err: error, requestId: started.value.id }, "enqueue failed"));
  });
  return started;
}

/**
 * 001 §7: the AI risk assessment's and the CTQ identification's calls, about a study of the caller's home company
 * (the paths name no company: the "homeStudy" scope), refused first where the company has the tool off.
 */
export const riskAssessmentRoutes = [
  defineRoute({
    call: protocolAnalysisCalls.startRiskAssessment,
    access: "permission",
    scope: "homeStudy",
    precondition: requireToolEnabled,
    audit: { displayText: "AI risk assessment requested" },
    handler: (ctx) => startAndEnqueue(ctx, ctx.body, { kind: "riskAssessment" }),
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

/** 001 §7 CTQF (issue 25): start, getResults, and the form's company lists (ADR 0047). */
export const ctqIdentificationRoutes = [
  defineRoute({
    call: protocolAnalysisCalls.startCtqIdentification,
    access: "permission",
    scope: "homeStudy",
    precondition: requireToolEnabled,
    audit: { displayText: "AI CTQ identification requested" },
    handler: (ctx) => startAndEnqueue(ctx, ctx.body, { kind: "ctqIdentification", ctqInput: parseCtqInput(ctx.body) }),
  }),
  defineRoute({
    call: protocolAnalysisCalls.ctqIdentificationResult,
    access: "permission",
    scope: "homeStudy",
    precondition: requireToolEnabled,
    handler: ({ db, scope, params, principal }) => getCtqResult(db, principal, scope.study, params.id),
  }),
  defineRoute({
    call: protocolAnalysisCalls.ctqCompanyLists,
    access: "permission",
    scope: "homeStudy",
    precondition: requireToolEnabled,
    handler: ({ db, principal }) => getCtqCompanyLists(db, principal),
  }),
];
