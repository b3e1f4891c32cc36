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

export const OPENAI_ANALYZER_VERSION = "1.0.0";

export interface OpenAiConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Characters of protocol text per request (default 24,000, about 6,000 tokens). */
  chunkChars?: number;
  /** Per request (default 120 s). */
  timeoutMs?: number;
  /** Requests per chunk when the answer is malformed (default 2). */
  attempts?: number;
}

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

export interface Chunk {
  sections: string;
  text: string;
}

/** Whole sections, in order, packed into chunks of at most `max` characters (a longer section is split by blocks). */
export function chunkDocument(doc: ProtocolDocument, max: number): Chunk[] {
  const chunks: Chunk[] = [];
  let text = "";
  let first: string | null = null;
  let last: string | null = null;
  let page: number | null = null;
  let section: number | null | undefined = undefined;
  const flush = () => {
    if (text.trim())
      chunks.push({ sections: first === last ? (first ?? "") : `${first ?? "start"} to ${last ?? "end"}`, text });
    text = "";
    first = last = null;
    page = null;
    section = undefined;
  };
  for (const b of doc.blocks) {
    const s = b.section !== null ? doc.sections[b.section] : undefined;
    const label = s ? `§${s.number ?? s.title}` : "front matter";
    const markers: string[] = [];
    if (b.page !== null && b.page !== page)
      markers.push(`[p. ${b.page}${b.printedPage ? ` (printed ${b.printedPage})` : ""}]`);
    if (b.section !== section) markers.push(`[${label}${s?.number ? ` ${s.title}` : ""}]`);
    const piece = `${markers.length ? `\n${markers.join(" ")}\n` : ""}${b.text}\n`;
    if (text.length + piece.length > max && text.length > 0) {
      flush();
      // Restate where we are at the top of the new chunk.
      const head = `${b.page !== null ? `[p. ${b.page}${b.printedPage ? ` (printed ${b.printedPage})` : ""}] ` : ""}[${label}${s?.number ? ` ${s.title}` : ""}]\n`;
      text = head + b.text + "\n";
    } else {
      text += piece;
    }
    page = b.page;
    section = b.section;
    first ??= label;
    last = label;
  }
  flush();
  return chunks;
}

export class LlmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmError";
  }
}

export interface ModelSettings {
  url: string;
  config: OpenAiConfig;
  timeoutMs: number;
  responseFormat: unknown;
  /** The task's system prompt (default: the risk assessment's). */
  systemPrompt?: string;
  /** What the user message says before the excerpt (the CTQ identification's lists). */
  userPreamble?: string;
}

/** One chat completion for one chunk: the answer's message content ("" when the body has none). */
export async function askModel(settings: ModelSettings, chunk: Chunk, signal?: AbortSignal): Promise<string> {
  const { config } = settings;
  const body = {
    model: config.model,
    temperature: 0,
    response_format: settings.responseFormat,
    messages: [
      { role: "system", content: settings.systemPrompt ?? SYSTEM_PROMPT },
      { role: "user", content: `${settings.userPreamble ?? ""}Protocol excerpt (${chunk.sections}):\n${chunk.text}` },
    ],
  };
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const res = await fetch(settings.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const raw = await res.text();
  if (!res.ok) throw new LlmError(`The language model service answered HTTP ${res.status}: ${raw.slice(0, 200)}`);
  let content: unknown;
  try {
    content = (JSON.parse(raw) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    content = undefined;
  }
  return typeof content === "string" ? content : "";
}

/** Asks for one chunk up to `attempts` times until the answer is readable; each request goes into the history. */
async function answerForChunk(
  settings: ModelSettings,
  attempts: number,
  chunk: Chunk,
  where: { index: number; of: number },
  steps: unknown[],
  signal?: AbortSignal,
): Promise<AnswerRow[] | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const content = await askModel(settings, chunk, signal);
    const result = parseAnswer(content);
    steps.push({
      step: "request",
      chunk: where.index + 1,
      of: where.of,
      sections: chunk.sections,
      attempt,
      prompt: { system: SYSTEM_PROMPT, userChars: chunk.text.length },
      answer: content.slice(0, 20_000),
      ...(result.ok ? { rows: result.rows.length } : { error: result.error }),
    });
    if (result.ok) return result.rows;
  }
  return null;
}

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
        const answer = await answerForChunk(settings, attempts, chunk, where, steps, options?.signal);
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

function parseAnswer(content: string): { ok: true; rows: AnswerRow[] } | { ok: false; error: string } {
  const result = parseModelJson(content, answerSchema);
  return result.ok ? { ok: true, rows: result.data.rows } : result;
}

/** A model's answer read as JSON and validated with a zod schema (a code fence around it is tolerated). */
export function parseModelJson<T>(
  content: string,
  schema: z.ZodType<T>,
): { ok: true; data: T } | { ok: false; error: string } {
  // Some servers wrap JSON in a code fence despite the response format.
  const text = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "the answer is not JSON" };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      error: `the answer does not match the schema: ${result.error.issues[0]?.message ?? "invalid"}`,
    };
  }
  return { ok: true, data: result.data };
}
