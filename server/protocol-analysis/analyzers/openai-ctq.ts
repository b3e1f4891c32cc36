/**
 * The openai analyzer's CTQ identification (issue 25, ADR 0048): the protocol in the same chunks as the risk
 * assessment (chunkDocument), each sent with the user's two lists; the model answers the study's critical processes
 * and data as JSON (a json_schema response format, validated again here with zod); an item is kept only when its
 * quote is found in the protocol's text, cited where the quote really is, within the study lists' limits and once per
 * title (case-insensitive). Prompts and answers go into each list's history.
 */
import { z } from "zod";
import { CPCD_LIMITS } from "../../contracts/cpcd";
import type {
  AnalysisHistory,
  CtqDatumDraft,
  CtqInput,
  CtqOutput,
  CtqProcessDraft,
  ProtocolDocument,
} from "../contract";
import { citationFor, formatCitation, locateQuote } from "./common";
import { clip } from "./offline/ctq/items";
import {
  askModel,
  chunkDocument,
  LlmError,
  parseModelJson,
  type Chunk,
  type ModelSettings,
  type OpenAiConfig,
} from "./openai";

export const OPENAI_CTQ_VERSION = "1.0.0";

export type OpenAiCtqSettings = OpenAiConfig;

const citationSchema = z.object({
  page: z.number().int().nullable(),
  section: z.string().nullable(),
  quote: z.string().min(1),
});
const processSchema = z.object({ title: z.string().min(1), details: z.string(), citation: citationSchema });
const datumSchema = processSchema.extend({ isCritical: z.boolean() });
const answerSchema = z.object({ criticalProcesses: z.array(processSchema), criticalData: z.array(datumSchema) });
type Answer = z.infer<typeof answerSchema>;

export const CTQ_SYSTEM_PROMPT = [
  "You are a clinical quality expert identifying critical-to-quality factors (ICH E6(R3), ICH E8(R1)) of a clinical trial protocol.",
  "You receive the company's critical processes and critical data, and an excerpt of the protocol.",
  "Make each given item specific to THIS protocol where the excerpt speaks of it (for example informed consent: who may consent, re-consent triggers; primary endpoint data: the measure, its timing, who assesses it).",
  "Add the items the protocol demands that the lists lack: primary and key secondary endpoints, investigational products' dosing and accountability, eligibility data, safety data driving stopping rules and the safety committee, randomisation and blinding where present.",
  "isCritical is true when a datum feeds a primary or key secondary endpoint, eligibility, randomisation or a safety decision.",
  "Every item MUST cite the protocol: the page (the number after 'p.' in the markers, or null), the section number, and a verbatim quote of at most 40 words copied exactly from the excerpt.",
  "Nothing generic, nothing the protocol negates or excludes. Omit a given item the excerpt does not speak of. Answer only JSON matching the schema.",
].join("\n");

function preamble(input: CtqInput): string {
  const lines = (items: CtqInput["criticalProcesses"]) => items.map((i) => `- ${i.title}; ${i.details}`).join("\n");
  return `Company critical processes:\n${lines(input.criticalProcesses)}\n\nCompany critical data:\n${lines(input.criticalData)}\n\n`;
}

interface Kept {
  processes: CtqProcessDraft[];
  data: CtqDatumDraft[];
  processSteps: unknown[];
  dataSteps: unknown[];
}

/** Keeps the answer's items whose quote is in the protocol (cited where it really is), once per title and list. */
function keepCited(document: ProtocolDocument, answer: Answer, kept: Kept): void {
  const lists = [
    { items: answer.criticalProcesses, out: kept.processes as CtqProcessDraft[], steps: kept.processSteps },
    { items: answer.criticalData, out: kept.data as CtqProcessDraft[], steps: kept.dataSteps },
  ];
  for (const { items, out, steps } of lists) {
    for (const item of items) {
      const block = locateQuote(document, item.citation.quote, item.citation);
      const title = clip(item.title, CPCD_LIMITS.title);
      if (block === null) {
        steps.push({
          step: "dropped",
          reason: "citation quote not found in the protocol",
          title,
          quote: item.citation.quote,
        });
        continue;
      }
      if (out.some((o) => o.title.toLowerCase() === title.toLowerCase())) continue;
      const citation = citationFor(document, block, item.citation.quote.trim());
      const details = clip(item.details, CPCD_LIMITS.details);
      out.push({ title, details, citation, ...("isCritical" in item ? { isCritical: item.isCritical } : {}) });
      steps.push({ step: "kept", title, citation: formatCitation(citation) });
    }
  }
}

async function answerFor(
  settings: ModelSettings,
  attempts: number,
  chunk: Chunk,
  where: { index: number; of: number },
  kept: Kept,
  signal?: AbortSignal,
): Promise<Answer | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const content = await askModel(settings, chunk, signal);
    const result = parseModelJson(content, answerSchema);
    const step = {
      step: "request",
      chunk: where.index + 1,
      of: where.of,
      sections: chunk.sections,
      attempt,
      prompt: { system: CTQ_SYSTEM_PROMPT, userChars: chunk.text.length },
      answer: content.slice(0, 20_000),
      ...(result.ok
        ? { items: result.data.criticalProcesses.length + result.data.criticalData.length }
        : { error: result.error }),
    };
    kept.processSteps.push(step);
    kept.dataSteps.push(step);
    if (result.ok) return result.data;
  }
  return null;
}

export async function identifyCtqWithModel(
  config: OpenAiCtqSettings,
  document: ProtocolDocument,
  input: CtqInput,
  options?: { signal?: AbortSignal },
): Promise<CtqOutput> {
  const settings: ModelSettings = {
    url: `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    config,
    timeoutMs: config.timeoutMs ?? 120_000,
    responseFormat: {
      type: "json_schema",
      json_schema: { name: "ctq_items", strict: true, schema: z.toJSONSchema(answerSchema) },
    },
    systemPrompt: CTQ_SYSTEM_PROMPT,
    userPreamble: preamble(input),
  };
  const config0 = { step: "config", url: settings.url, model: config.model, given: input };
  const kept: Kept = { processes: [], data: [], processSteps: [config0], dataSteps: [config0] };
  const chunks = chunkDocument(document, config.chunkChars ?? 24_000);
  let answered = 0;
  for (const [index, chunk] of chunks.entries()) {
    options?.signal?.throwIfAborted();
    const answer = await answerFor(
      settings,
      config.attempts ?? 2,
      chunk,
      { index, of: chunks.length },
      kept,
      options?.signal,
    );
    if (answer === null) continue;
    answered++;
    keepCited(document, answer, kept);
  }
  if (answered === 0) throw new LlmError("The language model gave no readable answer for any part of the protocol.");
  const history = (steps: unknown[]): AnalysisHistory => ({ analyzer: "openai", version: OPENAI_CTQ_VERSION, steps });
  return {
    criticalProcesses: kept.processes,
    criticalData: kept.data,
    processesHistory: history(kept.processSteps),
    dataHistory: history(kept.dataSteps),
  };
}
