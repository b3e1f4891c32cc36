/**
 * The analyzers (issue 15, ADR 0029): `offline` (the default: rules, no network, deterministic) or `openai` (any
 * OpenAI-compatible chat endpoint). Pure: no service state, so the pipeline may run them in a worker thread.
 */
import type { ProtocolAnalyzer } from "../contract";
import { createOfflineAnalyzer } from "./offline";
import { createOpenAiAnalyzer } from "./openai";

export interface AnalyzerConfig {
  analyzer: "offline" | "openai";
  llm?: { baseUrl: string; apiKey?: string; model: string };
}

export function createAnalyzer(config: AnalyzerConfig): ProtocolAnalyzer {
  if (config.analyzer === "openai") {
    if (!config.llm?.baseUrl || !config.llm.model) {
      throw new Error("The openai analyzer needs LLM_BASE_URL and LLM_MODEL.");
    }
    return createOpenAiAnalyzer(config.llm);
  }
  return createOfflineAnalyzer();
}

export { RISK_CATEGORIES, formatCitation } from "./common";
