import { type ApiError } from "@server/http/problem";
import { ctqItems, parseCtqInput } from "@server/protocol-analysis/ctq";
import { describe, expect, it } from "vitest";

const citation = (quote: string) => ({ page: 3, printedPage: "3", section: "5.1", sectionTitle: "Design", quote });

/** Issue 25: the CTQ identification's own steps on the server (server/protocol-analysis/ctq.ts). */
describe("the CTQ identification's input and items", () => {
  it("reads the start's two texts by the 001 §3 text format", () => {
    expect(
      parseCtqInput({ criticalProcesses: "Consent; before any procedure\r\n\nDosing", criticalData: " SAE ;a; b " }),
    ).toEqual({
      criticalProcesses: [
        { title: "Consent", details: "before any procedure" },
        { title: "Dosing", details: "" },
      ],
      criticalData: [{ title: "SAE", details: "a; b" }],
    });
  });

  it("refuses a text without an item with 001 §5's message, naming the text", () => {
    const refusal = (body: { criticalProcesses: string; criticalData: string }) => {
      try {
        parseCtqInput(body);
      } catch (error) {
        return error as ApiError;
      }
      throw new Error("not refused");
    };
    const both = refusal({ criticalProcesses: "; details only", criticalData: "\n \n" });
    expect(both.status).toBe(400);
    expect(both.detail).toBe("Add examples of CP&CD");
    expect(both.additionalData).toEqual({
      issues: [
        { path: "criticalProcesses", message: "Add examples of CP&CD" },
        { path: "criticalData", message: "Add examples of CP&CD" },
      ],
    });
    const one = refusal({ criticalProcesses: "Consent", criticalData: ";" });
    expect(one.additionalData).toEqual({ issues: [{ path: "criticalData", message: "Add examples of CP&CD" }] });
  });

  it("gives each item a stable id per list and source aiGenerated; data keep the analyzer's isCritical", () => {
    const items = ctqItems({
      criticalProcesses: [
        { title: "Consent", details: "Who may consent", citation: citation("consent") },
        { title: "Dosing", details: "Twice daily", citation: citation("dose") },
      ],
      criticalData: [
        { title: "HbA1c", details: "Week 40", isCritical: true, citation: citation("HbA1c") },
        { title: "Height", details: "Screening", isCritical: false, citation: citation("height") },
      ],
    });
    expect(items.processes).toEqual([
      { id: "p1", title: "Consent", details: "Who may consent", source: "aiGenerated", citation: citation("consent") },
      { id: "p2", title: "Dosing", details: "Twice daily", source: "aiGenerated", citation: citation("dose") },
    ]);
    expect(items.data.map((d) => [d.id, d.source, d.isCritical])).toEqual([
      ["d1", "aiGenerated", true],
      ["d2", "aiGenerated", false],
    ]);
    expect(items.data[0]!.citation).toEqual(citation("HbA1c"));
  });
});
