import { z } from "zod";

/**
 * The Protocol Analysis Tool's calls (001 §3, §7): files, the AI risk assessment, the RACT import. Pure types and
 * schemas, read by the API and the typed client alike.
 */

/** 001 §3 "Uploaded file reference". */
export interface FileReference {
  id: string;
  name: string;
}

/** The answer of POST /files: value.fileId (001 §7). */
export interface FileUploadBody {
  value: { fileId: string; name: string; size: number };
}

/** Why an upload was refused (problem title "FileRejected", additionalData.reason): each has its own message. */
export type FileRejection = "missing" | "empty" | "tooLarge" | "type" | "zip";
export const FILE_REJECTED = "FileRejected";

export { RISK_CATEGORIES } from "./risk-categories";

export type AnalysisState = "New" | "InProgress" | "Finished" | "Failed";

// The risk row lives in a module of its own without zod, so that the pages that edit rows carry no schema library.
export { RISK_ROW_TEXTS, riskRowTexts, type RiskRow, type RiskRowTexts, type RowCitation } from "./risk-row";
import type { RiskRow, RowCitation } from "./risk-row";

/** The steps of a running request (issue 24's live status). */
export type AnalysisStage = "reading" | "analysing";

/** 001 §3 "Risk assessment result". */
export interface RiskAssessmentResult {
  id: string;
  state: AnalysisState;
  value: RiskRow[] | null;
  result: { isSuccess: boolean; error: string | null; errorDetails: string | null };
  protocolFile: FileReference | null;
  parsedProtocolFile: FileReference | null;
  historyFile: FileReference | null;
  requestedAt: string;
  finishedAt: string | null;
  /** Beyond the spec (issue 24): where a running request is, "reading" the file or "analysing" it; null otherwise. */
  stage: AnalysisStage | null;
  /** Beyond the spec (issue 24, ADR 0042): the last Insert in RACT of these rows, or null when there was none. */
  inserted: RactInsertRecord | null;
}

/** The rows of a request as they went into the RACT working draft, how many, and when (ISO). */
export interface RactInsertRecord {
  at: string;
  count: number;
  rows: RiskRow[];
}

/** 001 §3 "Risk assessment start payload". */
export const riskAssessmentStartSchema = z.object({
  protocolTemporaryFileId: z.string().trim().min(1, "A protocol file is required.").max(64),
  /**
   * Beyond 001 §7 (issue 24): refuse with 409 (reason "repeat", the earlier request's id) when the same file, by name
   * and content, was submitted for the study within REPEAT_WINDOW_MINUTES, so that the form can ask first.
   */
  askIfRepeated: z.boolean().optional(),
});

/** How long an identical submission counts as a repeat (issue 24). */
export const REPEAT_WINDOW_MINUTES = 10;

/** The 409 of a repeated submission: the earlier request. */
export interface RepeatedRequest {
  reason: "repeat";
  requestId: string;
  requestedAt: string;
}

/** The answer of the start call: the request is accepted; the result comes by e-mail (001 §7). */
export interface RiskAssessmentStartBody {
  value: { id: string; state: AnalysisState };
}

/** 001 §3 "CTQF start payload": the protocol and the two lists as text (001 §3 text format). 001 §5: both required. */
export const ctqStartSchema = z.object({
  protocolTemporaryFileId: z.string().trim().min(1, "A protocol file is required.").max(64),
  criticalProcesses: z.string().trim().min(1, "Add examples of CP&CD").max(100_000),
  criticalData: z.string().trim().min(1, "Add examples of CP&CD").max(100_000),
  /** As the risk assessment's (issue 24): ask before a repeat of the same file within REPEAT_WINDOW_MINUTES. */
  askIfRepeated: z.boolean().optional(),
});
export type CtqStart = z.infer<typeof ctqStartSchema>;

/**
 * Beyond 001 §7 (issue 25, ADR 0047): the company's critical processes and data as the CTQ identification form
 * offers them (001 §2 step two), in the text format's terms (a datum's label is its title, its description its
 * details). Readable by whoever may start a CTQ identification in the study.
 */
export interface CtqCompanyLists {
  criticalProcesses: { title: string; details: string }[];
  criticalData: { title: string; details: string }[];
}

/** The answer of the CTQF start call: the request is accepted; the result comes by e-mail. */
export type CtqStartBody = RiskAssessmentStartBody;

/**
 * 001 §3 "CTQF result" item: title and details, an id and source "aiGenerated"; data items also isCritical. Beyond the
 * spec (issue 25): where in the protocol it comes from, as a risk row's citation.
 */
export interface CtqItem {
  id: string;
  title: string;
  details: string;
  source: "aiGenerated";
  /** Critical data only. */
  isCritical?: boolean;
  citation: RowCitation | null;
}

/** 001 §3: criticalProcessesResult / criticalDataResult, each `result.value` with a historyFile. */
export interface CtqListResult {
  result: { isSuccess: boolean; value: CtqItem[] | null; error: string | null; errorDetails: string | null };
  historyFile: FileReference | null;
}

/** 001 §3 "CTQF result". */
export interface CtqResult {
  id: string;
  state: AnalysisState;
  /** 001 §3: the in-progress flag (New or InProgress). */
  inProgress: boolean;
  result: { isSuccess: boolean; error: string | null; errorDetails: string | null };
  /** 001 §3: the root error, or null. */
  error: { error: string; errorDetails: string | null } | null;
  protocolFile: FileReference | null;
  parsedProtocolFile: FileReference | null;
  criticalProcessesResult: CtqListResult;
  criticalDataResult: CtqListResult;
  requestedAt: string;
  finishedAt: string | null;
  stage: AnalysisStage | null;
}

/** Beyond the spec: the study's recent requests, for the landing page (issue 15). */
export interface AnalysisRequestSummary {
  id: string;
  kind: "riskAssessment" | "ctqIdentification";
  state: AnalysisState;
  requestedBy: string;
  requestedAt: string;
  fileName: string;
}
export interface AnalysisRequestList {
  items: AnalysisRequestSummary[];
  /** STEP 1 of the landing page: the configured complexity tool (PROTOCOL_COMPLEXITY_TOOL_URL), or null. */
  complexityToolUrl: string | null;
}

const rowText = (max: number) => z.string().trim().max(max);

/** 001 §3 "Insert in RACT payload": items (the rows); 001 §5: the four texts are required, at least one row. */
export const ractImportSchema = z.object({
  items: z
    .array(
      z.object({
        key: z.string().max(100).optional(),
        category: rowText(200).min(1, "A category is required."),
        question: rowText(4000).min(1, "The question is required."),
        statementIf: rowText(4000).min(1, "If is required."),
        statementDueTo: rowText(4000).min(1, "Due to is required."),
        statementThen: rowText(4000).min(1, "Then is required."),
        citation: z
          .object({
            page: z.number().int().nullable(),
            printedPage: z.string().max(50).nullable(),
            section: z.string().max(200).nullable(),
            sectionTitle: z.string().max(500).nullable(),
            quote: z.string().max(2000),
          })
          .nullable()
          .optional(),
      }),
    )
    .min(1, "At least one row is needed.")
    .max(1000),
  /** The request the rows came from, when known. */
  requestId: z.string().max(64).optional(),
});
export type RactImport = z.infer<typeof ractImportSchema>;

export interface RactImportBody {
  isSuccess: true;
  value: { inserted: number };
}

/** A row of the study's RACT working draft (the read-only page when LEGACY_BASE_URL is unset). */
export interface RactDraftItem extends Omit<RiskRow, "key"> {
  id: string;
  createdAt: string;
}
export interface RactDraftList {
  items: RactDraftItem[];
}
