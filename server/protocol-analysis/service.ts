import { createHash } from "node:crypto";
import { and, desc, eq, gte } from "drizzle-orm";
import deven from "../../locales/deven.json";
import type { Principal } from "../auth/principal";
import { ErrorCode } from "../contracts/common";
import {
  REPEAT_WINDOW_MINUTES,
  riskRowTexts,
  type AnalysisRequestList,
  type AnalysisStage,
  type RepeatedRequest,
  type AnalysisState,
  type RiskAssessmentResult,
  type RiskAssessmentStartBody,
  type RiskRow,
} from "../contracts/protocol-analysis";
import type { StudyBasicInfo } from "../contracts/studies";
import { isDatabaseUnavailable } from "../db/availability";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import type { ServiceDeps } from "../deps";
import { CONTENT_TYPES } from "../files/content";
import { files } from "../files/schema";
import { isStorageFailure, readableFile, readFileBytes, storeGeneratedFile, type FileRow } from "../files/service";
import { ApiError, forbidden, notFound } from "../http/problem";
import type { AuditScope } from "../http/route";
import type { QueueJob } from "../jobs/queue";
import { studies } from "../studies/schema";
import { users } from "../users/schema";
import type { CtqInput } from "./contract";
import { fileReferences, requestOfStudy, storeCtqOutcome } from "./ctq";
import type { AnalysisPool } from "./pool";
import { protocolAnalysisRequests } from "./schema";
import type { AnalysisOutcome, AnalysisResult } from "./worker";

/** The analyses' job queue (001 §7 RiskAssessment/start and CriticalToQualityFactorsIdentification/start). */
export const RISK_ASSESSMENT_QUEUE = "protocol-analysis.risk-assessment";
/** Where a job lands when its last attempt did not end (its process died, or it ran out of time). */
export const RISK_ASSESSMENT_DEAD_QUEUE = "protocol-analysis.risk-assessment.dead";

export interface AnalysisJobData {
  requestId: string;
}

type RequestRow = typeof protocolAnalysisRequests.$inferSelect;

/** The study a call is about: the study of the path in the caller's home company (the route's "homeStudy" scope). */
type ScopedStudy = Pick<StudyBasicInfo, "internalStudyId">;

/** The Protocol Analysis Tool is a company's option (001 §6): its calls are refused (403) where it is off. */
export function requireToolEnabled(principal: Principal): void {
  if (!principal.homeCompanyToolEnabled) {
    throw forbidden("The Protocol Analysis Tool is not enabled for this company.");
  }
}

/** What a start records besides the protocol: the kind of analysis and, for a CTQ identification, its two lists. */
export type AnalysisRequestInput = { kind: "riskAssessment" } | { kind: "ctqIdentification"; ctqInput: CtqInput };

/**
 * RiskAssessment/start and CriticalToQualityFactorsIdentification/start: records the request and binds the uploaded
 * protocol to the study, in the call's transaction; the job is enqueued once that has committed (`enqueue`), and the
 * call answers at once.
 */
export async function startAnalysis(
  db: Db,
  principal: Principal,
  study: ScopedStudy,
  fileId: string,
  audit: AuditScope,
  options: { deps: ServiceDeps; askIfRepeated?: boolean; input: AnalysisRequestInput },
): Promise<RiskAssessmentStartBody> {
  const file = await readableFile(db, principal, fileId);
  if (!file || (file.studyId !== null && file.studyId !== study.internalStudyId)) {
    throw notFound("The protocol file does not exist. Upload it again.");
  }
  if (file.contentType !== CONTENT_TYPES.pdf && file.contentType !== CONTENT_TYPES.docx) {
    throw new ApiError(400, "ValidationFailed", "Only a native PDF (.pdf) or Word (.docx) file is accepted.");
  }
  if (options.askIfRepeated) await refuseRepeat(options.deps, db, study, file, options.input.kind);
  if (file.studyId === null) {
    await db.update(files).set({ studyId: study.internalStudyId }).where(eq(files.id, file.id));
  }
  const id = newId();
  const row = {
    id,
    companyId: principal.homeCompanyId,
    studyId: study.internalStudyId,
    kind: options.input.kind,
    requestedBy: principal.userId,
    state: "New" as AnalysisState,
    protocolFileId: file.id,
    ...(options.input.kind === "ctqIdentification" ? { ctqInput: options.input.ctqInput } : {}),
  };
  await db.insert(protocolAnalysisRequests).values(row);
  audit.change(null, { ...row, protocolFileName: file.name });
  return { value: { id, state: "New" } };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Issue 24, no accidental repeats: the same file (its name, and its content by SHA-256) submitted for the same study
 * within REPEAT_WINDOW_MINUTES for the same kind of analysis is refused with 409 naming the earlier request, so that the form asks first. Only
 * files of the same size are read and hashed, and only the few of the window.
 */
async function refuseRepeat(
  deps: ServiceDeps,
  db: Db,
  study: ScopedStudy,
  file: FileRow,
  kind: AnalysisRequestInput["kind"],
): Promise<void> {
  const since = new Date(Date.now() - REPEAT_WINDOW_MINUTES * 60_000);
  const earlier = await db
    .select({ id: protocolAnalysisRequests.id, createdAt: protocolAnalysisRequests.createdAt, file: files })
    .from(protocolAnalysisRequests)
    .innerJoin(files, eq(files.id, protocolAnalysisRequests.protocolFileId))
    .where(
      and(
        eq(protocolAnalysisRequests.studyId, study.internalStudyId),
        eq(protocolAnalysisRequests.companyId, file.companyId),
        eq(protocolAnalysisRequests.kind, kind),
        gte(protocolAnalysisRequests.createdAt, since),
        eq(files.name, file.name),
        eq(files.size, file.size),
      ),
    )
    .orderBy(desc(protocolAnalysisRequests.createdAt))
    .limit(5);
  if (earlier.length === 0) return;
  const mine = sha256(await readFileBytes(deps, file));
  for (const candidate of earlier) {
    const theirs = await readFileBytes(deps, candidate.file).catch(() => null);
    if (theirs === null || sha256(theirs) !== mine) continue;
    const repeated: RepeatedRequest = {
      reason: "repeat",
      requestId: candidate.id,
      requestedAt: candidate.createdAt.toISOString(),
    };
    throw new ApiError(409, ErrorCode.Conflict, "The same file was submitted for this study a moment ago.", {
      ...repeated,
    });
  }
}

/** RiskAssessment/{id}/getResults (001 §3 "Risk assessment result"). */
export async function getRiskAssessmentResult(
  db: Db,
  principal: Principal,
  study: ScopedStudy,
  id: string,
): Promise<RiskAssessmentResult> {
  const request = await requestOfStudy(db, principal, study, id, "riskAssessment");
  if (!request) throw notFound("The risk assessment does not exist.");
  const ref = await fileReferences(db, [request.protocolFileId, request.parsedFileId, request.historyFileId]);
  const failed = request.state === "Failed";
  return {
    id: request.id,
    state: request.state as AnalysisState,
    value: request.state === "Finished" ? (request.rows ?? []) : null,
    result: {
      isSuccess: !failed,
      error: failed ? request.error : null,
      errorDetails: failed ? request.errorDetails : null,
    },
    protocolFile: ref(request.protocolFileId),
    parsedProtocolFile: ref(request.parsedFileId),
    historyFile: ref(request.historyFileId),
    requestedAt: request.createdAt.toISOString(),
    stage: request.state === "InProgress" ? (request.stage ?? "reading") : null,
    finishedAt: request.finishedAt?.toISOString() ?? null,
    inserted:
      request.insertedAt && request.insertedRows
        ? { at: request.insertedAt.toISOString(), count: request.insertedRows.length, rows: request.insertedRows }
        : null,
  };
}

/**
 * Insert in RACT of a request's rows (issue 24, ADR 0042): the rows as inserted become the request's record, so that
 * its results page shows them (not the AI's output again) and asks before a second insert. Only a finished risk
 * assessment of the same company and study is marked; any other id marks nothing.
 */
export async function recordRactInsert(
  db: Db,
  where: { companyId: string; studyId: string; requestId: string },
  rows: RiskRow[],
  userId: string,
): Promise<void> {
  await db
    .update(protocolAnalysisRequests)
    .set({ insertedRows: rows, insertedAt: new Date(), insertedBy: userId })
    .where(
      and(
        eq(protocolAnalysisRequests.id, where.requestId),
        eq(protocolAnalysisRequests.companyId, where.companyId),
        eq(protocolAnalysisRequests.studyId, where.studyId),
        eq(protocolAnalysisRequests.kind, "riskAssessment"),
        eq(protocolAnalysisRequests.state, "Finished"),
      ),
    );
}

/** Beyond the spec: the study's recent requests (landing page), newest first. */
export async function listAnalysisRequests(
  db: Db,
  principal: Principal,
  study: ScopedStudy,
  complexityToolUrl: string | null,
  limit = 10,
): Promise<AnalysisRequestList> {
  const rows = await db
    .select({
      id: protocolAnalysisRequests.id,
      kind: protocolAnalysisRequests.kind,
      state: protocolAnalysisRequests.state,
      requestedBy: users.displayName,
      requestedAt: protocolAnalysisRequests.createdAt,
      fileName: files.name,
    })
    .from(protocolAnalysisRequests)
    .innerJoin(users, eq(users.id, protocolAnalysisRequests.requestedBy))
    .innerJoin(files, eq(files.id, protocolAnalysisRequests.protocolFileId))
    .where(
      and(
        eq(protocolAnalysisRequests.companyId, principal.homeCompanyId),
        eq(protocolAnalysisRequests.studyId, study.internalStudyId),
      ),
    )
    .orderBy(desc(protocolAnalysisRequests.createdAt), desc(protocolAnalysisRequests.id))
    .limit(limit);
  return {
    complexityToolUrl,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind === "ctqIdentification" ? "ctqIdentification" : "riskAssessment",
      state: r.state as AnalysisState,
      requestedBy: r.requestedBy,
      requestedAt: r.requestedAt.toISOString(),
      fileName: r.fileName,
    })),
  };
}

/**
 * The words of a failure a user may read, on the results page and in the e-mail (issue 22, defect 8): a storage or
 * database failure by its kind, never the raw error (a server path, a system call); our own messages (the language
 * model's answer, a missing file) as they are, shortened; anything else that looks like a raw error by a general text.
 * The raw error goes to the log.
 */
export function readable(error: unknown): string {
  const texts = deven.protocolAnalysis.errors;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return texts.fileMissing;
  if (isStorageFailure(error)) return texts.storage;
  if (isDatabaseUnavailable(error)) return texts.database;
  const message = error instanceof Error ? error.message : String(error);
  const raw =
    typeof code === "string" ||
    /^[A-Z][A-Z0-9_]+: /.test(message) ||
    /(^|[\s'"(=])(\/|[A-Za-z]:\\)[^\s'"]*[/\\]/.test(message) ||
    /\bat .+:\d+/.test(message) ||
    /Failed query:/.test(message);
  if (raw || message.trim() === "") return texts.internal;
  return message.length > 500 ? `${message.slice(0, 497)}...` : message;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

/** The requester's e-mail: the link to the results, or the reason of the failure (issue 15). */
async function enqueueResultMail(deps: ServiceDeps, tx: Db, request: RequestRow, failure: string | null) {
  const [who] = await tx
    .select({ email: users.email, name: users.displayName })
    .from(users)
    .where(eq(users.id, request.requestedBy))
    .limit(1);
  const [protocol] = await tx
    .select({ name: files.name })
    .from(files)
    .where(eq(files.id, request.protocolFileId))
    .limit(1);
  const [study] = await tx
    .select({ name: studies.name, displayId: studies.displayId, displayName: studies.displayName })
    .from(studies)
    .where(eq(studies.id, request.studyId))
    .limit(1);
  if (!who || !study) return;
  const studyName = study.name;
  const ctq = request.kind === "ctqIdentification";
  const link =
    `${deps.config.publicUrl}/ng/companies/${encodeURIComponent(request.companyId)}/studies/` +
    `${encodeURIComponent(studyName)}/${ctq ? "ctqf" : "riskAssessment"}/results?id=${encodeURIComponent(request.id)}`;
  // A CTQ identification has its own words and its own results page (issue 25).
  const mail = ctq ? deven.ctqMail : deven.protocolAnalysis.mail;
  const texts = failure === null ? mail.finished : mail.failed;
  const values = {
    name: who.name,
    productName: deps.config.product.productName,
    fileName: protocol?.name ?? "",
    // The study it is about (issue 24, defect 6): as the header shows it.
    studyDisplayId: study.displayId,
    studyDisplayName: study.displayName,
    link,
    reason: failure ?? "",
  };
  await deps.mail.enqueue(tx, { to: who.email, subject: fill(texts.subject, values), text: fill(texts.text, values) });
}

/** Ends a request as Failed with a reason the user can read, and e-mails it. Idempotent. */
export async function failRequest(deps: ServiceDeps, requestId: string, error: string, details: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(protocolAnalysisRequests)
      .where(eq(protocolAnalysisRequests.id, requestId))
      .for("update")
      .limit(1);
    if (!request || request.state === "Finished" || request.state === "Failed") return;
    const now = new Date();
    await tx
      .update(protocolAnalysisRequests)
      .set({ state: "Failed", error, errorDetails: details, finishedAt: now, updatedAt: now })
      .where(eq(protocolAnalysisRequests.id, requestId));
    await enqueueResultMail(deps, tx, request, `${error} ${details}`.trim());
  });
  deps.mail.kick();
}

/** The risk assessment's end: its history file and its rows (key 1…); answers the request's columns to set. */
async function storeRiskOutcome(
  deps: ServiceDeps,
  tx: Db,
  request: Pick<RequestRow, "companyId" | "studyId">,
  stem: string,
  result: Extract<AnalysisResult, { kind: "riskAssessment" }>,
): Promise<Partial<RequestRow>> {
  const history = await storeGeneratedFile(deps, tx, {
    companyId: request.companyId,
    studyId: request.studyId,
    name: `${stem} - history.json`,
    contentType: "application/json; charset=utf-8",
    bytes: Buffer.from(`${JSON.stringify(result.history, null, 2)}\n`, "utf8"),
  });
  const rows: RiskRow[] = result.rows.map((row, i) => ({
    key: `${i + 1}`,
    ...riskRowTexts(row),
    citation: row.citation,
  }));
  return { rows, historyFileId: history.id };
}

/**
 * Stores the generated files and the result (risk rows, or the CTQ identification's lists), ends the request Finished
 * and queues its e-mail: one transaction.
 */
async function finishRequest(
  deps: ServiceDeps,
  request: typeof protocolAnalysisRequests.$inferSelect,
  { stem, outcome }: { stem: string; outcome: Extract<AnalysisOutcome, { kind: "done" }> },
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(protocolAnalysisRequests)
      .where(eq(protocolAnalysisRequests.id, request.id))
      .for("update")
      .limit(1);
    if (!current || current.state === "Finished" || current.state === "Failed") return;
    const parsed = await storeGeneratedFile(deps, tx, {
      companyId: request.companyId,
      studyId: request.studyId,
      name: `${stem} - recognized protocol.txt`,
      contentType: "text/plain; charset=utf-8",
      bytes: Buffer.from(outcome.recognizedText, "utf8"),
    });
    const result = outcome.result;
    const stored =
      result.kind === "ctqIdentification"
        ? await storeCtqOutcome(deps, tx, request, stem, result.output)
        : await storeRiskOutcome(deps, tx, request, stem, result);
    const now = new Date();
    await tx
      .update(protocolAnalysisRequests)
      .set({
        ...stored,
        state: "Finished",
        parsedFileId: parsed.id,
        error: null,
        errorDetails: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(eq(protocolAnalysisRequests.id, request.id));
    await enqueueResultMail(deps, tx, current, null);
  });
}

/** Notes where a running request is (issue 24's live status); a failure to note it does not stop the analysis. */
async function recordStage(
  deps: ServiceDeps,
  requestId: string,
  stage: AnalysisStage,
  log: { warn: (o: object, m: string) => void },
): Promise<void> {
  try {
    await deps.database.db
      .update(protocolAnalysisRequests)
      .set({ stage, updatedAt: new Date() })
      .where(and(eq(protocolAnalysisRequests.id, requestId), eq(protocolAnalysisRequests.state, "InProgress")));
  } catch (error) {
    log.warn({ err: error, stage }, "could not record the analysis stage");
  }
}

/**
 * One attempt of an analysis job (a risk assessment, or a CTQ identification with its two lists): extraction and
 * analysis in the worker pool, then the generated files, the result and the e-mail in one transaction. An unreadable protocol fails at once (no retry); another failure is retried
 * by the queue with backoff, and the last one ends the request Failed with its reason.
 */
export async function runAnalysisJob(
  deps: ServiceDeps,
  pool: AnalysisPool,
  job: QueueJob<AnalysisJobData>,
): Promise<void> {
  const db = deps.database.db;
  const requestId = job.data.requestId;
  const [request] = await db
    .select()
    .from(protocolAnalysisRequests)
    .where(eq(protocolAnalysisRequests.id, requestId))
    .limit(1);
  if (!request || request.state === "Finished" || request.state === "Failed") return;
  await db
    .update(protocolAnalysisRequests)
    .set({ state: "InProgress", stage: "reading", attempts: request.attempts + 1, updatedAt: new Date() })
    .where(eq(protocolAnalysisRequests.id, requestId));
  const log = deps.logger.child({ requestId, job: job.id, attempt: job.retryCount + 1 });
  const texts = deven.protocolAnalysis.errors;
  try {
    const [file] = await db.select().from(files).where(eq(files.id, request.protocolFileId)).limit(1);
    if (!file) throw new Error("The submitted protocol file is missing.");
    await holdForTests(deps, requestId, file.name);
    const format = file.contentType === CONTENT_TYPES.docx ? "docx" : "pdf";
    const bytes = await readFileBytes(deps, file);
    const started = Date.now();
    const ctq = request.kind === "ctqIdentification" ? (request.ctqInput ?? undefined) : undefined;
    const outcome = await pool.run(
      { bytes: new Uint8Array(bytes), format, analyzer: analyzerConfig(deps), ctq },
      undefined,
      (stage) => void recordStage(deps, requestId, stage, log),
    );
    if (outcome.kind === "unreadable") {
      log.info({ reason: outcome.reason }, "protocol unreadable");
      await failRequest(deps, requestId, texts.unreadable, outcome.message);
      return;
    }
    const stem = file.name.replace(/\.(pdf|docx)$/i, "");
    await finishRequest(deps, request, { stem, outcome });
    deps.mail.kick();
    log.info({ kind: request.kind, ms: Date.now() - started, ...outcome.timings }, "analysis finished");
  } catch (error) {
    const last = job.retryCount >= job.retryLimit;
    log.warn({ err: error, last, kind: request.kind }, "analysis attempt failed");
    if (last) {
      await failRequest(deps, requestId, texts.failed, readable(error));
      return;
    }
    await db
      .update(protocolAnalysisRequests)
      .set({ errorDetails: readable(error), updatedAt: new Date() })
      .where(eq(protocolAnalysisRequests.id, requestId));
    throw error;
  }
}

/** ANALYSIS_HOLD_URL (tests only, ADR 0043): waits for the test's peer to let the running request go on. */
async function holdForTests(deps: ServiceDeps, requestId: string, fileName: string): Promise<void> {
  const url = deps.config.protocolAnalysis.holdUrl;
  if (!url) return;
  await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ requestId, fileName }),
  }).then((res) => res.arrayBuffer());
}

export function analyzerConfig(deps: ServiceDeps) {
  const { analyzer, llm } = deps.config.protocolAnalysis;
  return { analyzer, llm };
}
