/**
 * What the openai analyzer's tasks (risk assessment, CTQ identification) share: the endpoint settings, the protocol in
 * chunks of whole sections with page and section markers, one chat completion, and reading its JSON answer.
 */
import { type z } from "zod";
import type { ProtocolDocument } from "../contract";

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
  /** The task's system prompt. */
  systemPrompt: string;
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
      { role: "system", content: settings.systemPrompt },
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

/** An answer read: its data and what the history counts of it, or why it could not be read. */
export type Readable<T> = { ok: true; data: T; count: Record<string, number> } | { ok: false; error: string };

/** Asks for one chunk up to `attempts` times until the answer is readable; each request goes into the histories. */
export async function answerForChunk<T>(
  settings: ModelSettings,
  attempts: number,
  chunk: Chunk,
  where: { index: number; of: number },
  read: (content: string) => Readable<T>,
  histories: unknown[][],
  signal?: AbortSignal,
): Promise<T | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const content = await askModel(settings, chunk, signal);
    const result = read(content);
    const step = {
      step: "request",
      chunk: where.index + 1,
      of: where.of,
      sections: chunk.sections,
      attempt,
      prompt: { system: settings.systemPrompt, userChars: chunk.text.length },
      answer: content.slice(0, 20_000),
      ...(result.ok ? result.count : { error: result.error }),
    };
    for (const h of histories) h.push(step);
    if (result.ok) return result.data;
  }
  return null;
}
