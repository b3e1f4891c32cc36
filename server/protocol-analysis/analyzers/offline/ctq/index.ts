/**
 * The offline CTQ identification (issue 25): the study's critical processes and data from the protocol and the lists
 * the user sent. SCAFFOLD: returns no items until the analyzer lands; the pipeline and the pages build on its shape.
 */
import type { CtqInput, CtqOutput, ProtocolDocument } from "../../../contract";

export const OFFLINE_CTQ_VERSION = "0.0.0";

export function identifyCtqOffline(document: ProtocolDocument, input: CtqInput): CtqOutput {
  const history = (list: string) => ({
    analyzer: "offline",
    version: OFFLINE_CTQ_VERSION,
    steps: [
      { step: "input", list, given: list === "criticalProcesses" ? input.criticalProcesses : input.criticalData },
    ],
  });
  void document;
  return {
    criticalProcesses: [],
    criticalData: [],
    processesHistory: history("criticalProcesses"),
    dataHistory: history("criticalData"),
  };
}
