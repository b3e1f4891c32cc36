/**
 * The contract between the protocol-analysis pipeline (upload → job → results, issue 15) and what reads a protocol:
 * the text extractor and the analyzers (offline rules, or an OpenAI-compatible model). Types only, plus the one error
 * the pipeline must recognise; both sides may add optional fields, neither may change what is here without the other.
 */
import type { RiskRowTexts, RowCitation } from "../contracts/protocol-analysis";

/** A protocol as text, in reading order, with where each piece came from. */
export interface ProtocolDocument {
  format: "pdf" | "docx";
  /** The protocol's title, when found (title page, document properties, or the first heading). */
  title: string | null;
  /** Physical pages of a PDF; null for a DOCX, which has no fixed pages. */
  pageCount: number | null;
  /** Paragraphs, headings, table rows and list items, in reading order, running headers and footers removed. */
  blocks: TextBlock[];
  /** The section index (PDF outline, else the table of contents, else heading patterns; DOCX heading styles). */
  sections: SectionEntry[];
  /** What the extractor could not read or chose to drop, in words a user understands. */
  warnings: string[];
}

export interface TextBlock {
  text: string;
  kind: "heading" | "paragraph" | "table" | "list";
  /** The physical page (1-based) of a PDF; null for a DOCX. */
  page: number | null;
  /** The page number printed on that page, when it differs from the physical one. */
  printedPage: string | null;
  /** The index into `sections` of the section this block belongs to, or null before the first section. */
  section: number | null;
}

export interface SectionEntry {
  /** "5.1", "10.2.3", or null for an unnumbered heading (Title Page, Synopsis, Appendix …). */
  number: string | null;
  title: string;
  /** 1 for a top-level section. */
  level: number;
  /** The physical page it starts on (PDF), else null. */
  page: number | null;
  printedPage: string | null;
  /** Indexes into `blocks`: the section's own heading block and its last block (inclusive). */
  firstBlock: number;
  lastBlock: number;
}

/**
 * Where a row came from: what the results table and the history file show ("p. 23 (printed 21), section 5.1" of the
 * protocol). The API's RowCitation: one type.
 */
export type Citation = RowCitation;

/** One risk row as an analyzer proposes it: the API's risk row without the key the pipeline gives it. */
export interface RiskRowDraft extends RiskRowTexts {
  citation: Citation;
}

/** What an analyzer did, for the history file: the rules that fired with their evidence, or the prompts and answers. */
export interface AnalysisHistory {
  analyzer: string;
  version: string;
  /** JSON-serialisable records, in the order they happened. */
  steps: unknown[];
}

export interface RiskAssessmentOutput {
  rows: RiskRowDraft[];
  history: AnalysisHistory;
}

/** One item of the lists the user sent with a CTQ identification (001 §3 text format: "title; details" a line). */
export interface CtqGivenItem {
  title: string;
  details: string;
}

/** What a CTQ identification starts from besides the protocol: the user's critical processes and data (001 §3). */
export interface CtqInput {
  criticalProcesses: CtqGivenItem[];
  criticalData: CtqGivenItem[];
}

/** A study-specific critical process as an analyzer proposes it: always cited (issue 25). */
export interface CtqProcessDraft {
  title: string;
  details: string;
  citation: Citation;
}

/** A study-specific critical datum: critical when it feeds a primary/key secondary endpoint, eligibility,
 * randomisation or a safety decision (issue 25). */
export interface CtqDatumDraft extends CtqProcessDraft {
  isCritical: boolean;
}

/** The CTQ identification's output: the two lists, each with its own history (001 §3: a historyFile per list). */
export interface CtqOutput {
  criticalProcesses: CtqProcessDraft[];
  criticalData: CtqDatumDraft[];
  processesHistory: AnalysisHistory;
  dataHistory: AnalysisHistory;
}

/** Reads a protocol: proposes risk rows (AI risk assessment) and critical processes and data (CTQ identification). */
export interface ProtocolAnalyzer {
  readonly name: string;
  assessRisks(document: ProtocolDocument, options?: { signal?: AbortSignal }): Promise<RiskAssessmentOutput>;
  identifyCtq(document: ProtocolDocument, input: CtqInput, options?: { signal?: AbortSignal }): Promise<CtqOutput>;
}

/**
 * A protocol whose text cannot be read: a PDF without a text layer (scanned), an encrypted or broken file. The
 * message is for the user (001 §2's PDF limitations); the job ends Failed with it and is not retried.
 */
export class ProtocolUnreadableError extends Error {
  constructor(
    readonly reason: "noTextLayer" | "encrypted" | "corrupt" | "empty",
    message: string,
  ) {
    super(message);
    this.name = "ProtocolUnreadableError";
  }
}
