import { and, eq, inArray } from "drizzle-orm";
import type { Principal } from "../auth/principal";
import { parseCpcdText } from "../contracts/cpcd-text";
import type {
  AnalysisState,
  CtqCompanyLists,
  CtqItem,
  CtqListResult,
  CtqResult,
  CtqStart,
  FileReference,
} from "../contracts/protocol-analysis";
import type { StudyBasicInfo } from "../contracts/studies";
import { getList } from "../cpcd/service";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../deps";
import { files } from "../files/schema";
import { storeGeneratedFile } from "../files/service";
import { notFound, validationFailed } from "../http/problem";
import type { CtqInput, CtqOutput } from "./contract";
import { protocolAnalysisRequests } from "./schema";

/**
 * The CTQ identification's own steps (issue 25, 001 §3 CTQF): the start's two lists, the job's stored result, the
 * result call and the company lists of the form. The request, its job, its e-mail and its state are the risk
 * assessment's (service.ts).
 */

type RequestRow = typeof protocolAnalysisRequests.$inferSelect;
type ScopedStudy = Pick<StudyBasicInfo, "internalStudyId">;

/** 001 §5: "Add examples of CP&CD" — both texts must hold at least one item (001 §3 text format). */
export const CTQ_EXAMPLES_REQUIRED = "Add examples of CP&CD";

/** The start call's two texts as the analyzer's input; 400 when a text has no item. */
export function parseCtqInput(body: Pick<CtqStart, "criticalProcesses" | "criticalData">): CtqInput {
  const input: CtqInput = {
    criticalProcesses: parseCpcdText(body.criticalProcesses),
    criticalData: parseCpcdText(body.criticalData),
  };
  const issues = (["criticalProcesses", "criticalData"] as const)
    .filter((field) => input[field].length === 0)
    .map((path) => ({ path, message: CTQ_EXAMPLES_REQUIRED }));
  if (issues.length > 0) throw validationFailed(issues, CTQ_EXAMPLES_REQUIRED);
  return input;
}

/** The analyzer's drafts as the result's items: stable ids (p1…, d1…), source "aiGenerated". */
export function ctqItems(output: Pick<CtqOutput, "criticalProcesses" | "criticalData">): {
  processes: CtqItem[];
  data: CtqItem[];
} {
  return {
    processes: output.criticalProcesses.map((item, i) => ({
      id: `p${i + 1}`,
      title: item.title,
      details: item.details,
      source: "aiGenerated",
      citation: item.citation,
    })),
    data: output.criticalData.map((item, i) => ({
      id: `d${i + 1}`,
      title: item.title,
      details: item.details,
      source: "aiGenerated",
      isCritical: item.isCritical,
      citation: item.citation,
    })),
  };
}

/** The job's end of a CTQ identification: a history file per list; answers the request's columns to set. */
export async function storeCtqOutcome(
  deps: ServiceDeps,
  tx: Db,
  request: Pick<RequestRow, "companyId" | "studyId">,
  stem: string,
  output: CtqOutput,
): Promise<Partial<RequestRow>> {
  const history = (name: string, value: unknown) =>
    storeGeneratedFile(deps, tx, {
      companyId: request.companyId,
      studyId: request.studyId,
      name: `${stem} - ${name} history.json`,
      contentType: "application/json; charset=utf-8",
      bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, "utf8"),
    });
  const processesHistory = await history("critical processes", output.processesHistory);
  const dataHistory = await history("critical data", output.dataHistory);
  const { processes, data } = ctqItems(output);
  return {
    ctqProcesses: processes,
    ctqData: data,
    processesHistoryFileId: processesHistory.id,
    dataHistoryFileId: dataHistory.id,
  };
}

/** The references (id and name) of the given files; a missing or null id is null. */
export async function fileReferences(
  db: Db,
  ids: (string | null)[],
): Promise<(id: string | null) => FileReference | null> {
  const wanted = ids.filter((v): v is string => v !== null);
  const rows =
    wanted.length === 0
      ? []
      : await db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, wanted));
  const names = new Map(rows.map((f) => [f.id, f.name]));
  return (id) => {
    const name = id === null ? undefined : names.get(id);
    return id !== null && name ? { id, name } : null;
  };
}

/** A request of the caller's home company and of the study, of the given kind; 404 otherwise. */
export async function requestOfStudy(
  db: Db,
  principal: Principal,
  study: ScopedStudy,
  id: string,
  kind: "riskAssessment" | "ctqIdentification",
): Promise<RequestRow | undefined> {
  const [request] = await db
    .select()
    .from(protocolAnalysisRequests)
    .where(
      and(
        eq(protocolAnalysisRequests.id, id),
        eq(protocolAnalysisRequests.companyId, principal.homeCompanyId),
        eq(protocolAnalysisRequests.studyId, study.internalStudyId),
        eq(protocolAnalysisRequests.kind, kind),
      ),
    )
    .limit(1);
  return request;
}

/** CriticalToQualityFactorsIdentification/{id}/getResults (001 §3 "CTQF result"). */
export async function getCtqResult(db: Db, principal: Principal, study: ScopedStudy, id: string): Promise<CtqResult> {
  const request = await requestOfStudy(db, principal, study, id, "ctqIdentification");
  if (!request) throw notFound("The CTQ identification does not exist.");
  const ref = await fileReferences(db, [
    request.protocolFileId,
    request.parsedFileId,
    request.processesHistoryFileId,
    request.dataHistoryFileId,
  ]);
  const state = request.state as AnalysisState;
  const failed = state === "Failed";
  const finished = state === "Finished";
  const list = (value: CtqItem[] | null, historyFileId: string | null): CtqListResult => ({
    result: { isSuccess: !failed, value: finished ? (value ?? []) : null, error: null, errorDetails: null },
    historyFile: ref(historyFileId),
  });
  return {
    id: request.id,
    state,
    inProgress: state === "New" || state === "InProgress",
    result: {
      isSuccess: !failed,
      error: failed ? request.error : null,
      errorDetails: failed ? request.errorDetails : null,
    },
    error: failed ? { error: request.error ?? "", errorDetails: request.errorDetails } : null,
    protocolFile: ref(request.protocolFileId),
    parsedProtocolFile: ref(request.parsedFileId),
    criticalProcessesResult: list(request.ctqProcesses, request.processesHistoryFileId),
    criticalDataResult: list(request.ctqData, request.dataHistoryFileId),
    requestedAt: request.createdAt.toISOString(),
    finishedAt: request.finishedAt?.toISOString() ?? null,
    stage: state === "InProgress" ? (request.stage ?? "reading") : null,
  };
}

/**
 * The company's critical processes and data for the CTQ identification form (ADR 0047): the caller's home company's
 * lists, title and details only (a datum's label is its title, its description its details).
 */
export async function getCtqCompanyLists(db: Db, principal: Principal): Promise<CtqCompanyLists> {
  const owner = { companyId: principal.homeCompanyId, studyId: null };
  const processes = await getList(db, owner, "criticalProcesses");
  const data = await getList(db, owner, "criticalData");
  return {
    criticalProcesses: processes.value.map((p) => ({ title: p.title, details: p.details })),
    criticalData: data.value.map((d) => ({ title: d.label, details: d.description })),
  };
}
