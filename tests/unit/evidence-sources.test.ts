import type { CtqResult, RiskAssessmentResult, RowCitation } from "@server/contracts/protocol-analysis";
import { describe, expect, it } from "vitest";
import { ctqEvidence } from "~/features/ctq/evidence.server";
import { protocolPages } from "~/features/protocol-analysis/evidence";
import { quoteChecks, riskEvidence } from "~/features/protocol-analysis/evidence.server";

/**
 * The evidence loader generalised (issue 25): a source per feature says which cited thing a key names and how it is
 * shown; the quote check works on any cited thing by its key. The risk rows' source as before (issue 24).
 */
const citation = (page: number, quote: string): RowCitation => ({
  page,
  printedPage: null,
  section: "5.1",
  sectionTitle: "Overall Design",
  quote,
});

const PAGES = protocolPages(
  ["=== Page 1 ===", "Adults with hypertension.", "=== Page 2 ===", "Approximately 240 participants."].join("\n"),
);

const list = (value: unknown[]) => ({
  result: { isSuccess: true, value, error: null, errorDetails: null },
  historyFile: null,
});

const ctq = {
  criticalProcessesResult: list([
    { id: "p1", title: "Informed consent", details: "Who may consent", source: "aiGenerated", citation: null },
  ]),
  criticalDataResult: list([
    {
      id: "d1",
      title: "Enrolled participants",
      details: "The count",
      source: "aiGenerated",
      isCritical: true,
      citation: citation(1, "Approximately 240 participants."),
    },
  ]),
} as unknown as CtqResult;

describe("evidence sources (issue 25)", () => {
  it("a CTQ item by its id, in either list, with its list's labels; none for an unknown id", () => {
    expect(ctqEvidence.subject(ctq, "d1")).toEqual({
      fields: [
        { label: "ctq.results.criticalData.title", text: "Enrolled participants" },
        { label: "ctq.results.criticalData.details", text: "The count" },
      ],
      citation: citation(1, "Approximately 240 participants."),
    });
    expect(ctqEvidence.subject(ctq, "p1")?.citation).toBeNull();
    expect(ctqEvidence.subject(ctq, "p1")?.fields[0]).toEqual({
      label: "ctq.results.criticalProcesses.title",
      text: "Informed consent",
    });
    expect(ctqEvidence.subject(ctq, "d9")).toBeNull();
    expect([ctqEvidence.param, ctqEvidence.results, ctqEvidence.back]).toEqual([
      "item",
      "ctqf/results",
      "ctqEvidence.back",
    ]);
  });

  it("a risk row by its key, the rows as last inserted before the AI's", () => {
    const row = (key: string, question: string) => ({ key, category: "Safety", question, citation: null });
    const result = {
      value: [row("1", "AI")],
      inserted: { rows: [row("1", "Edited")] },
    } as unknown as RiskAssessmentResult;
    expect(riskEvidence.subject(result, "1")?.fields).toEqual([
      { label: "protocolAnalysis.results.category", text: "Safety" },
      { label: "protocolAnalysis.results.question", text: "Edited" },
    ]);
    expect(riskEvidence.subject(result, "2")).toBeNull();
  });

  it("checks each cited thing's quote on its page, by the key the caller gives", () => {
    const items = [
      { id: "a", citation: citation(2, "Approximately 240 participants.") },
      { id: "b", citation: citation(2, "Adults with hypertension.") },
      { id: "c", citation: null },
    ];
    expect(quoteChecks(PAGES, items, (i) => i.id)).toEqual({
      a: { found: true },
      b: { found: false, elsewhere: 1 },
    });
    expect(quoteChecks(null, items, (i) => i.id)).toEqual({});
  });
});
