/**
 * The CTQ identification form (001 §2 "CTQ identification form", §5; issue 25, ADR 0049): its fields, intents and
 * what a post answers. Pure and browser-safe.
 */
import type { SubmitOutcome } from "~/features/protocol-analysis/upload";

export const CTQ_FORM_INTENT = {
  identify: "identifyCtq",
  addCompany: "addCompanyCpcd",
  addExamples: "addExamples",
  confirmRepeat: "confirmRepeat",
} as const;

export const CTQ_TEXTS = ["criticalProcesses", "criticalData"] as const;
export type CtqTexts = Record<(typeof CTQ_TEXTS)[number], string>;

/** The longest text a list may be (the start call's limit, server/contracts/protocol-analysis.ts ctqStartSchema). */
export const CTQ_TEXT_MAX = 100_000;

/** What the form's post answers: the request sent (or a repeat to confirm), the texts as they are now, and messages. */
export interface CtqFormAnswer {
  outcome: SubmitOutcome | null;
  texts: CtqTexts;
  /** Locale keys: on the file, a text area, or the form ("Add examples of CP&CD"). */
  errors: Partial<Record<"file" | "criticalProcesses" | "criticalData" | "form", string>>;
}

/** Lines of `extra` not yet in `text` (compared trimmed, case-insensitive), added at its end. */
export function addLines(text: string, extra: string): string {
  const have = new Set(text.split(/\r?\n/).map((line) => line.trim().toLowerCase()));
  const added = extra.split(/\r?\n/).filter((line) => line.trim() !== "" && !have.has(line.trim().toLowerCase()));
  if (added.length === 0) return text;
  const base = text.replace(/\s+$/, "");
  return base ? `${base}\n${added.join("\n")}` : added.join("\n");
}

/** 001 §5: both text areas required; neither filled: "Add examples of CP&CD". */
export function textErrors(texts: CtqTexts): CtqFormAnswer["errors"] {
  const errors: CtqFormAnswer["errors"] = {};
  if (!texts.criticalProcesses.trim() && !texts.criticalData.trim()) errors.form = "ctq.form.addExamplesMessage";
  for (const name of CTQ_TEXTS) if (!texts[name].trim()) errors[name] = "ctq.form.required";
  return errors;
}

const ACCEPTED = /\.(pdf|docx)$/i;
/** 001 §5: a protocol file is required, .pdf or .docx. */
export function fileError(file: { name: string; size: number } | null): string | null {
  if (!file || file.size === 0 || !file.name) return "protocolAnalysis.identification.required";
  return ACCEPTED.test(file.name) ? null : "protocolAnalysis.identification.typeNotAccepted";
}
