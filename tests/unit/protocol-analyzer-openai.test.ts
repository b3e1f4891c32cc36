import { createAnalyzer } from "@server/protocol-analysis/analyzers";
import { locateQuote, RISK_CATEGORIES } from "@server/protocol-analysis/analyzers/common";
import { chunkDocument, createOpenAiAnalyzer, LlmError } from "@server/protocol-analysis/analyzers/openai";
import { describe, expect, it } from "vitest";
import { INVENTED_QUOTE, openAiAnalyzerSetup, REAL_QUOTE } from "../support/openai-analyzer-setup";

/** The section sign of protocol citations (kept apart so that the spec-citation checker does not read them). */
const S = "§";

const setup = openAiAnalyzerSetup();

function row(quote: string, question: string, category = "Subject Population") {
  return {
    category,
    question,
    statementIf: "If the study partner cannot attend",
    statementDueTo: "due to the study partner requirement",
    statementThen: "then CDR-SB ratings may be missing",
    citation: { page: null, section: "5.1", quote },
  };
}

describe("openai analyzer against a fake OpenAI-compatible server", () => {
  it("sends the protocol with its markers and a JSON schema, keeps cited rows and drops an invented citation", async () => {
    const server = await setup.start(() => ({
      content: JSON.stringify({
        rows: [
          row(REAL_QUOTE, "Will study partners attend the CDR visits?"),
          row(INVENTED_QUOTE, "Is the 28-night stay feasible?"),
        ],
      }),
    }));
    const analyzer = createAnalyzer({
      analyzer: "openai",
      llm: { baseUrl: server.baseUrl, apiKey: "sk-test", model: "gpt-test" },
    });
    const out = await analyzer.assessRisks(setup.doc);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.body.model).toBe("gpt-test");
    expect(req.body.response_format?.type).toBe("json_schema");
    expect(JSON.stringify(req.body.response_format?.json_schema?.schema)).toContain("statementDueTo");
    const user = req.body.messages?.find((m) => m.role === "user")?.content ?? "";
    expect(user).toContain(`[${S}5.1 Inclusion Criteria]`);
    expect(user).toContain("Has a reliable study partner");
    expect(req.body.messages?.find((m) => m.role === "system")?.content).toContain(RISK_CATEGORIES.join(", "));

    expect(out.rows.map((r) => r.question)).toEqual(["Will study partners attend the CDR visits?"]);
    const kept = out.rows[0]!;
    expect(kept.citation.section).toBe("5.1");
    expect(kept.citation.sectionTitle).toBe("Inclusion Criteria");
    expect(locateQuote(setup.doc, kept.citation.quote)).not.toBeNull();
    expect(out.history.analyzer).toBe("openai");
    expect(out.history.steps).toContainEqual(
      expect.objectContaining({
        step: "dropped",
        reason: "citation quote not found in the protocol",
        quote: INVENTED_QUOTE,
      }),
    );
  });

  it("asks again after a malformed answer, and records both in the history", async () => {
    const server = await setup.start((_req, i) =>
      i === 0
        ? { content: "Sure! Here are the risks: {rows: [oops" }
        : { content: "```json\n" + JSON.stringify({ rows: [row(REAL_QUOTE, "Q?")] }) + "\n```" },
    );
    const out = await createOpenAiAnalyzer({ baseUrl: server.baseUrl, model: "m" }).assessRisks(setup.doc);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(out.rows).toHaveLength(1);
    const requests = out.history.steps.filter((s) => (s as { step: string }).step === "request");
    expect(requests).toEqual([
      expect.objectContaining({ attempt: 1, error: "the answer is not JSON" }),
      expect.objectContaining({ attempt: 2, rows: 1 }),
    ]);
  });

  it("rejects an answer that does not match the schema, and fails when no answer can be read", async () => {
    const server = await setup.start(() => ({
      content: JSON.stringify({ rows: [{ category: "IMP", question: "Q?" }] }),
    }));
    await expect(createOpenAiAnalyzer({ baseUrl: server.baseUrl, model: "m" }).assessRisks(setup.doc)).rejects.toThrow(
      LlmError,
    );
    expect(server.requests).toHaveLength(2);
  });

  it("fails with the service's status when the endpoint answers an error", async () => {
    const server = await setup.start(() => ({ status: 429, body: '{"error":{"message":"rate limited"}}' }));
    await expect(createOpenAiAnalyzer({ baseUrl: server.baseUrl, model: "m" }).assessRisks(setup.doc)).rejects.toThrow(
      /HTTP 429/,
    );
  });

  it("chunks a long protocol by section, each chunk saying where it is", async () => {
    const chunks = chunkDocument(setup.doc, 1500);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.text.length).toBeLessThan(1500 + 700);
    for (const c of chunks) expect(c.text).toMatch(/^\n?\[(§|front matter)/);
    const server = await setup.start(() => ({ content: '{"rows":[]}' }));
    const out = await createOpenAiAnalyzer({ baseUrl: server.baseUrl, model: "m", chunkChars: 1500 }).assessRisks(
      setup.doc,
    );
    expect(server.requests).toHaveLength(chunks.length);
    expect(out.rows).toEqual([]);
  });

  it("needs a base URL and a model", () => {
    expect(() => createAnalyzer({ analyzer: "openai" })).toThrow(/LLM_BASE_URL/);
    expect(createAnalyzer({ analyzer: "offline" }).name).toBe("offline");
  });
});
