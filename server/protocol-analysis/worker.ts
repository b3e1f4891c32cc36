/**
 * The worker thread's entry (piscina): the CPU-heavy steps of an analysis, text extraction and the analyzer, off the
 * request thread so that pages stay fast while a protocol is analysed. Built into build/protocol-analysis-worker.js
 * by scripts/build-server.mjs. Takes bytes and settings, answers plain data (errors as values: an Error's class does
 * not cross the thread boundary).
 */
import type { MessagePort } from "node:worker_threads";
import type { AnalysisStage } from "../contracts/protocol-analysis";
import { createAnalyzer, type AnalyzerConfig } from "./analyzers";
import { ProtocolUnreadableError, type AnalysisHistory, type RiskRowDraft } from "./contract";
import { extractProtocol, renderRecognizedText } from "./extract";

export interface AnalysisTask {
  bytes: Uint8Array;
  format: "pdf" | "docx";
  analyzer: AnalyzerConfig;
  /** Where the worker says that reading the file is over and the analysis begins (issue 24, live status). */
  progress?: MessagePort;
}

export type { AnalysisStage };

export type AnalysisOutcome =
  | {
      kind: "done";
      title: string | null;
      recognizedText: string;
      rows: RiskRowDraft[];
      history: AnalysisHistory;
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
  const output = await createAnalyzer(task.analyzer).assessRisks(document);
  return {
    kind: "done",
    title: document.title,
    recognizedText: renderRecognizedText(document),
    rows: output.rows,
    history: output.history,
    timings: { extractMs: extracted - started, analyseMs: performance.now() - extracted },
  };
}
