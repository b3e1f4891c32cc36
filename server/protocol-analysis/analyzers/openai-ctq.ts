/**
 * The openai analyzer's CTQ identification (issue 25). SCAFFOLD: refuses until it lands.
 */
import type { CtqInput, CtqOutput, ProtocolDocument } from "../contract";

export interface OpenAiCtqSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export function identifyCtqWithModel(
  settings: OpenAiCtqSettings,
  document: ProtocolDocument,
  input: CtqInput,
  options?: { signal?: AbortSignal },
): Promise<CtqOutput> {
  void settings;
  void document;
  void input;
  void options;
  return Promise.reject(new Error("The openai analyzer cannot identify critical to quality factors yet."));
}
