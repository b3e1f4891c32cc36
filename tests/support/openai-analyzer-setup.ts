import type { ProtocolDocument } from "@server/protocol-analysis/contract";
import { extractProtocol } from "@server/protocol-analysis/extract";
import { afterEach, beforeAll } from "vitest";
import { generatedProtocol } from "../fixtures/protocols/generate";
import { type ChatAnswer, type ChatRequest, startTestOpenAi, type TestOpenAi } from "./openai-peer";

/** A quote the generated Alzheimer protocol holds, and one it does not (the citation check keeps one, drops the other). */
export const REAL_QUOTE = "Has a reliable study partner who spends at least 10 hours per week with the participant";
export const INVENTED_QUOTE = "Participants will be housed in the clinical research unit for 28 consecutive nights";

/**
 * The openai analyzer tests' setup (risk rows and CTQ identification): the generated Alzheimer protocol, read once,
 * and a fake OpenAI-compatible server on 127.0.0.1 per test, closed after it.
 */
export function openAiAnalyzerSetup(): {
  readonly doc: ProtocolDocument;
  start(answer: (req: ChatRequest, index: number) => ChatAnswer): Promise<TestOpenAi>;
} {
  let doc: ProtocolDocument | undefined;
  let server: TestOpenAi | undefined;
  beforeAll(async () => {
    const g = await generatedProtocol("gen-ph2b-alzheimers");
    doc = await extractProtocol(g.bytes, g.format);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get doc() {
      if (!doc) throw new Error("The protocol is read in beforeAll.");
      return doc;
    },
    async start(answer) {
      server = await startTestOpenAi(answer);
      return server;
    },
  };
}
