/**
 * The worker thread's entry (piscina): the CPU-heavy steps of an analysis, text extraction and the analyzer, off the
 * request thread so that pages stay fast while a protocol is analysed. Built into build/protocol-analysis-worker.js
 * by scripts/build-server.mjs. Takes bytes and settings, answers plain data (errors as values: an Error's class does
 * not cross the thread boundary).
 */
import type { MessagePort } from "node:worker_threads";
import type { AnalysisStage } from "../contracts/protocol-analysis";
import { createAnalyzer, type AnalyzerConfig } from "./analyzers";
import {
  ProtocolUnreadableError,
  type AnalysisHistory,
  type CtqInput,
  type CtqOutput,
  type RiskRowDraft,
} from "./contract";
import { extractProtocol, renderRecognizedText } from "./extract";

export interface AnalysisTask {
  bytes: Uint8Array;
  format: "pdf" | "docx";
  analyzer: AnalyzerConfig;
  /** A CTQ identification's two lists (issue 25): with them the worker identifies CTQ instead of assessing risks. */
  ctq?: CtqInput;
  /** Where the worker says that reading the file is over and the analysis begins (issue 24, live status). */
  progress?: MessagePort;
}

export type { AnalysisStage };

/** What the analyzer answered: risk rows, or a CTQ identification's two lists. */
export type AnalysisResult =
  | { kind: "riskAssessment"; rows: RiskRowDraft[]; history: AnalysisHistory }
  | { kind: "ctqIdentification"; output: CtqOutput };

export type AnalysisOutcome =
  | {
      kind: "done";
      title: string | null;
      recognizedText: string;
      result: AnalysisResult;
      timings: { extractMs: number; analyseMs: number };
    }
  | { kind: "unreadable"; reason: ProtocolUnreadableError["reason"]; message: string };

export default async function analyseProtocol(task: AnalysisTask): Promise<AnalysisOutcome> {
  const started = performance.now();
  let document;
  try {
    document = await extractProtocol(task.bytes, task.format);
  } catch (error) {
    if (error instanceof ProtocolUnreadableError) {
      return { kind: "unreadable", reason: error.reason, message: error.message };
    }
    throw error;
  }
  const extracted = performance.now();
  task.progress?.postMessage("analysing" satisfies AnalysisStage);
  const analyzer = createAnalyzer(task.analyzer);
  let result: AnalysisResult;
  if (task.ctq) {
    result = { kind: "ctqIdentification", output: await analyzer.identifyCtq(document, task.ctq) };
  } else {
    const output = await analyzer.assessRisks(document);
    result = { kind: "riskAssessment", rows: output.rows, history: output.history };
  }
  return {
    kind: "done",
    title: document.title,
    recognizedText: renderRecognizedText(document),
    result,
    timings: { extractMs: extracted - started, analyseMs: performance.now() - extracted },
  };
}
