/**
 * The openai analyzer's CTQ identification (issue 25) against a fake OpenAI-compatible server on 127.0.0.1: the lists
 * and the protocol go out with a JSON schema; items come back validated, cited where their quote really is, within
 * the study lists' limits and once per title; an invented quote is dropped and recorded.
 */
import { createAnalyzer } from "@server/protocol-analysis/analyzers";
import { locateQuote } from "@server/protocol-analysis/analyzers/common";
import { LlmError } from "@server/protocol-analysis/analyzers/openai";
import type { CtqInput } from "@server/protocol-analysis/contract";
import { describe, expect, it } from "vitest";
import { INVENTED_QUOTE, openAiAnalyzerSetup, REAL_QUOTE } from "../support/openai-analyzer-setup";

const setup = openAiAnalyzerSetup();

const input: CtqInput = {
  criticalProcesses: [{ title: "Eligibility assessment", details: "Criteria checked before enrolment" }],
  criticalData: [{ title: "Eligibility criteria data", details: "Values that decide inclusion" }],
};
const cite = (quote: string) => ({ page: null, section: "5.1", quote });

describe("openai CTQ identification against a fake OpenAI-compatible server", () => {
  it("sends the lists and the protocol with a JSON schema, keeps cited items once and drops an invented quote", async () => {
    const server = await setup.start(() => ({
      content: JSON.stringify({
        criticalProcesses: [
          { title: "Study partner confirmation", details: "Before enrolment", citation: cite(REAL_QUOTE) },
          { title: "study partner CONFIRMATION", details: "Repeated", citation: cite(REAL_QUOTE) },
          { title: "Residential stay", details: "Invented", citation: cite(INVENTED_QUOTE) },
        ],
        criticalData: [
          {
            title: `Study partner hours ${"x".repeat(300)}`,
            details: "d",
            isCritical: true,
            citation: cite(REAL_QUOTE),
          },
        ],
      }),
    }));
    const analyzer = createAnalyzer({ analyzer: "openai", llm: { baseUrl: server.baseUrl, model: "gpt-test" } });
    const out = await analyzer.identifyCtq(setup.doc, input);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.body.response_format?.type).toBe("json_schema");
    expect(JSON.stringify(req.body.response_format?.json_schema?.schema)).toContain("isCritical");
    const user = req.body.messages?.find((m) => m.role === "user")?.content ?? "";
    expect(user).toContain("- Eligibility assessment; Criteria checked before enrolment");
    expect(user).toContain("- Eligibility criteria data; Values that decide inclusion");
    expect(user).toContain("Has a reliable study partner");

    expect(out.criticalProcesses.map((p) => p.title)).toEqual(["Study partner confirmation"]);
    expect(out.criticalProcesses[0]!.citation.section).toBe("5.1");
    expect(locateQuote(setup.doc, out.criticalProcesses[0]!.citation.quote)).not.toBeNull();
    expect(out.criticalData).toHaveLength(1);
    expect(out.criticalData[0]!.isCritical).toBe(true);
    expect(out.criticalData[0]!.title.length).toBeLessThanOrEqual(200);
    expect(out.processesHistory.analyzer).toBe("openai");
    expect(out.processesHistory.steps).toContainEqual(
      expect.objectContaining({
        step: "dropped",
        reason: "citation quote not found in the protocol",
        quote: INVENTED_QUOTE,
      }),
    );
  });

  it("asks again after an answer that does not match the schema, and fails when none can be read", async () => {
    const server = await setup.start(() => ({ content: JSON.stringify({ criticalProcesses: [{ title: "x" }] }) }));
    const analyzer = createAnalyzer({ analyzer: "openai", llm: { baseUrl: server.baseUrl, model: "m" } });
    await expect(analyzer.identifyCtq(setup.doc, input)).rejects.toThrow(LlmError);
    expect(server.requests).toHaveLength(2);
  });
});
