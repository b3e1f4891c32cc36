/**
 * The offline CTQ identification (issue 25, ADR 0048): the study's critical processes and data from the protocol and
 * the lists the user sent. The offline analyzer's facts (facts.ts) and section index (sections.ts) are read once;
 * each given item is made specific to this protocol (given.ts) or dropped when the protocol never speaks of it; then
 * what the protocol demands and the lists lack is added (demanded.ts). Every item cites a sentence of the protocol;
 * the two histories record, per item, the rule, its evidence and why a datum is (not) critical. Deterministic.
 */
import type { CtqDatumDraft, CtqInput, CtqOutput, CtqProcessDraft, ProtocolDocument } from "../../../contract";
import { extractFacts, type Fact } from "../facts";
import { indexDocument } from "../sections";
import { addDemanded } from "./demanded";
import { specialiseGiven } from "./given";
import { ItemList, type ItemRecord } from "./items";
import type { Study } from "./study";

export const OFFLINE_CTQ_VERSION = "1.0.0";

export function identifyCtqOffline(document: ProtocolDocument, input: CtqInput, known?: Fact[]): CtqOutput {
  const facts = known ?? extractFacts(document);
  const study: Study = {
    doc: document,
    ix: indexDocument(document),
    facts,
    used: {
      criticalProcesses: { facts: new Set(), topics: new Set() },
      criticalData: { facts: new Set(), topics: new Set() },
    },
  };
  const processRecords: ItemRecord[] = [];
  const dataRecords: ItemRecord[] = [];
  const processes = new ItemList<CtqProcessDraft>(document, "criticalProcesses", processRecords);
  const data = new ItemList<CtqDatumDraft>(document, "criticalData", dataRecords);
  specialiseGiven(study, input.criticalProcesses, processes);
  specialiseGiven(study, input.criticalData, data);
  addDemanded(study, processes);
  addDemanded(study, data);
  const history = (list: ItemRecord["list"], records: ItemRecord[]) => ({
    analyzer: "offline",
    version: OFFLINE_CTQ_VERSION,
    steps: [
      {
        step: "document",
        format: document.format,
        title: document.title,
        pageCount: document.pageCount,
        blocks: document.blocks.length,
        sections: document.sections.length,
      },
      { step: "input", list, given: list === "criticalProcesses" ? input.criticalProcesses : input.criticalData },
      ...facts.map((f) => ({ step: "fact", kind: f.kind, value: f.value, rule: f.rule, quote: f.quote })),
      ...records,
    ],
  });
  return {
    criticalProcesses: processes.items,
    criticalData: data.items,
    processesHistory: history("criticalProcesses", processRecords),
    dataHistory: history("criticalData", dataRecords),
  };
}
