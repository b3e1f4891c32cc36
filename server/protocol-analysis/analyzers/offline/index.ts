/**
 * The offline analyzer (the default): no network, deterministic. It finds facts with rules over the protocol's
 * sections (facts.ts), turns them into cited risk rows (rows.ts), and records in the history every fact with its
 * evidence and every row rule that fired.
 */
import type { CtqInput, CtqOutput, ProtocolAnalyzer, ProtocolDocument, RiskAssessmentOutput } from "../../contract";
import { formatCitation, citationFor } from "../common";
import { identifyCtqOffline } from "./ctq";
import { extractFacts } from "./facts";
import { rowsFromFacts } from "./rows";

export const OFFLINE_ANALYZER_VERSION = "2.0.0";

export function createOfflineAnalyzer(): ProtocolAnalyzer {
  return {
    name: "offline",
    async assessRisks(document: ProtocolDocument, options?: { signal?: AbortSignal }): Promise<RiskAssessmentOutput> {
      options?.signal?.throwIfAborted();
      const facts = extractFacts(document);
      options?.signal?.throwIfAborted();
      const { rows, fired, considered } = rowsFromFacts(document, facts);
      const steps: unknown[] = [
        {
          step: "document",
          format: document.format,
          title: document.title,
          pageCount: document.pageCount,
          blocks: document.blocks.length,
          sections: document.sections.length,
          warnings: document.warnings,
        },
        ...facts.map((f) => ({
          step: "fact",
          kind: f.kind,
          value: f.value,
          rule: f.rule,
          score: f.score,
          citation: formatCitation(citationFor(document, f.block, f.quote)),
          quote: f.quote,
        })),
        ...fired.map((x) => ({
          step: "row",
          rule: x.rule,
          fromFact: `${x.fact.kind}: ${x.fact.value}`,
          citation: formatCitation(citationFor(document, x.fact.block, x.fact.quote)),
        })),
        // Every one of the 13 categories is considered: its rows, or why the protocol gave nothing to build one on.
        ...considered.map((c) => ({ step: "category", category: c.category, rows: c.rows, note: c.note })),
      ];
      return { rows, history: { analyzer: "offline", version: OFFLINE_ANALYZER_VERSION, steps } };
    },
    async identifyCtq(
      document: ProtocolDocument,
      input: CtqInput,
      options?: { signal?: AbortSignal },
    ): Promise<CtqOutput> {
      options?.signal?.throwIfAborted();
      return identifyCtqOffline(document, input);
    },
  };
}

export { extractFacts, type Fact, type FactKind, FACT_KINDS } from "./facts";
