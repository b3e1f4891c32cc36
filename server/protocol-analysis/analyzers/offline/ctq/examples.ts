/**
 * The predefined examples (001 §9: 13 critical processes and 15 critical data, locales `ctqExamples`) as a CtqInput:
 * what `npm run eval:analysis` and the analyzer's tests send with each protocol. Node only (reads the locale file).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseCpcdText } from "../../../../contracts/cpcd-text";
import type { CtqInput } from "../../../contract";

export function predefinedExamples(root: string = process.cwd()): CtqInput {
  const locale = JSON.parse(readFileSync(path.join(root, "locales", "deven.json"), "utf8")) as {
    ctqExamples: { criticalProcesses: Record<string, string>; criticalData: Record<string, string> };
  };
  const list = (o: Record<string, string>) =>
    parseCpcdText(
      Object.keys(o)
        .sort()
        .map((k) => o[k])
        .join("\n"),
    );
  return {
    criticalProcesses: list(locale.ctqExamples.criticalProcesses),
    criticalData: list(locale.ctqExamples.criticalData),
  };
}
