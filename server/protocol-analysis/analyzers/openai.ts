/**
 * The openai analyzer: any OpenAI-compatible chat endpoint (`POST {baseUrl}/chat/completions`). The protocol is sent
 * in chunks of whole sections, each with its page and section markers; the model answers JSON (a json_schema
 * response format, validated again here with zod); a row is kept only when its quote is found in the protocol's text,
 * and its citation is then taken from where the quote really is. Prompts and answers go into the history (ADR 0029).
 */
import { z } from "zod";
import { riskRowTexts } from "../../contracts/protocol-analysis";
import type { ProtocolAnalyzer, ProtocolDocument, RiskAssessmentOutput, RiskRowDraft } from "../contract";
import { citationFor, formatCitation, locateQuote, RISK_CATEGORIES } from "./common";
import { identifyCtqWithModel } from "./openai-ctq";
import {
  answerForChunk,
  chunkDocument,
  LlmError,
  parseModelJson,
  type ModelSettings,
  type Readable,
  type OpenAiConfig,
} from "./openai-model";

export { chunkDocument, LlmError, type OpenAiConfig };

export const OPENAI_ANALYZER_VERSION = "1.0.0";

const rowSchema = z.object({
  category: z.string().min(1),
  question: z.string().min(1),
  statementIf: z.string().min(1),
  statementDueTo: z.string().min(1),
  statementThen: z.string().min(1),
  citation: z.object({
    page: z.number().int().nullable(),
    section: z.string().nullable(),
    quote: z.string().min(1),
  }),
});
const answerSchema = z.object({ rows: z.array(rowSchema) });
type AnswerRow = z.infer<typeof rowSchema>;

const SYSTEM_PROMPT = [
  "You are a clinical quality risk analyst doing risk-based quality management (ICH E6(R3)) on a clinical trial protocol.",
  "From the protocol excerpt, propose risks to participant safety and data reliability that are specific to THIS protocol.",
  `Each risk has a category, exactly one of: ${RISK_CATEGORIES.join(", ")}.`,
  'Each risk has a question, and three statement parts: statementIf ("If ..."), statementDueTo ("due to ..." naming the protocol fact), statementThen ("then ..." the consequence).',
  "Each risk MUST cite the protocol: the page (the number after 'p.' in the markers, or null), the section number, and a verbatim quote of at most 40 words copied exactly from the excerpt.",
  "No generic risks: every risk must rest on a fact stated in the excerpt. Answer only JSON matching the schema.",
].join("\n");

/** Keeps the answer's rows whose quote is in the protocol (cited where it really is), once per question. */
function keepCitedRows(
  document: ProtocolDocument,
  answer: AnswerRow[],
  kept: { rows: RiskRowDraft[]; seen: Set<string>; steps: unknown[] },
): void {
  for (const r of answer) {
    const block = locateQuote(document, r.citation.quote, { page: r.citation.page, section: r.citation.section });
    if (block === null) {
      kept.steps.push({
        step: "dropped",
        reason: "citation quote not found in the protocol",
        question: r.question,
        quote: r.citation.quote,
      });
      continue;
    }
    const key = r.question.trim().toLowerCase();
    if (kept.seen.has(key)) continue;
    kept.seen.add(key);
    const citation = citationFor(document, block, r.citation.quote.trim());
    kept.rows.push({ ...riskRowTexts(r, (text) => text.trim()), citation });
    kept.steps.push({ step: "kept", question: r.question, citation: formatCitation(citation) });
  }
}

export function createOpenAiAnalyzer(config: OpenAiConfig): ProtocolAnalyzer {
  const chunkChars = config.chunkChars ?? 24_000;
  const attempts = config.attempts ?? 2;
  const settings: ModelSettings = {
    url: `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    config,
    timeoutMs: config.timeoutMs ?? 120_000,
    systemPrompt: SYSTEM_PROMPT,
    responseFormat: {
      type: "json_schema",
      json_schema: { name: "risk_rows", strict: true, schema: z.toJSONSchema(answerSchema) },
    },
  };

  return {
    name: "openai",
    identifyCtq: (document, input, options) => identifyCtqWithModel(config, document, input, options),
    async assessRisks(document, options): Promise<RiskAssessmentOutput> {
      const steps: unknown[] = [{ step: "config", url: settings.url, model: config.model, chunkChars }];
      const kept = { rows: [] as RiskRowDraft[], seen: new Set<string>(), steps };
      const chunks = chunkDocument(document, chunkChars);
      let answered = 0;
      for (const [index, chunk] of chunks.entries()) {
        options?.signal?.throwIfAborted();
        const where = { index, of: chunks.length };
        const answer = await answerForChunk(settings, attempts, chunk, where, readRows, [steps], options?.signal);
        if (answer === null) continue;
        answered++;
        keepCitedRows(document, answer, kept);
      }
      if (answered === 0) {
        throw new LlmError("The language model gave no readable answer for any part of the protocol.");
      }
      return { rows: kept.rows, history: { analyzer: "openai", version: OPENAI_ANALYZER_VERSION, steps } };
    },
  };
}

/** The risk rows of an answer, counted for the history. */
function readRows(content: string): Readable<AnswerRow[]> {
  const result = parseModelJson(content, answerSchema);
  return result.ok ? { ok: true, data: result.data.rows, count: { rows: result.data.rows.length } } : result;
}
