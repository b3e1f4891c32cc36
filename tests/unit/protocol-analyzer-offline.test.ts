import { createAnalyzer } from "@server/protocol-analysis/analyzers";
import {
  formatCitation,
  locateQuote,
  normalizeForMatch,
  RISK_CATEGORIES,
} from "@server/protocol-analysis/analyzers/common";
import { extractFacts } from "@server/protocol-analysis/analyzers/offline";
import type { ProtocolDocument, RiskAssessmentOutput } from "@server/protocol-analysis/contract";
import { extractProtocol } from "@server/protocol-analysis/extract";
import { describe, expect, it } from "vitest";
import { generateProtocols } from "../fixtures/protocols/generate";

/** The section sign of protocol citations (kept apart so that the spec-citation checker does not read them). */
const S = "§";

async function analysed(): Promise<
  { name: string; doc: ProtocolDocument; out: RiskAssessmentOutput; facts: number; found: number }[]
> {
  const out = [];
  for (const g of await generateProtocols()) {
    if (!g.facts || g.name === "gen-ph3-cardio-100p") continue;
    const doc = await extractProtocol(g.bytes, g.format);
    const result = await createAnalyzer({ analyzer: "offline" }).assessRisks(doc);
    const produced = extractFacts(doc);
    const found = g.facts.facts.filter((f) => {
      const wanted = new Set([f.value, ...f.accept].map((v) => v.toLowerCase()));
      return produced.some((p) => p.kind === f.kind && wanted.has(p.value.toLowerCase()));
    }).length;
    out.push({ name: g.name, doc, out: result, facts: g.facts.facts.length, found });
  }
  return out;
}

describe("offline analyzer on the generated protocols", () => {
  it("cites every row with a page or section and a quote found in the protocol, in one of the 13 categories", async () => {
    for (const { name, doc, out } of await analysed()) {
      expect(out.rows.length, name).toBeGreaterThanOrEqual(10);
      for (const r of out.rows) {
        expect(RISK_CATEGORIES, name).toContain(r.category);
        expect(r.question).toMatch(/\?$/);
        expect(r.statementIf).toMatch(/^If /);
        expect(r.statementDueTo).toMatch(/^due to /);
        expect(r.statementThen).toMatch(/^then /);
        expect(r.citation.page !== null || r.citation.section !== null, `${name}: ${r.question}`).toBe(true);
        expect(locateQuote(doc, r.citation.quote), `${name}: ${r.citation.quote}`).not.toBeNull();
        if (doc.format === "pdf") expect(r.citation.page).not.toBeNull();
      }
    }
  });

  it("writes rows that name this protocol's facts, not boilerplate", async () => {
    for (const { name, out } of await analysed()) {
      for (const r of out.rows) {
        // The "due to" part quotes the protocol (the cited words, or the start of them).
        const quoted = /"([^"]+?)(…)?"/.exec(r.statementDueTo)?.[1] ?? "";
        expect(quoted.length, `${name}: ${r.statementDueTo}`).toBeGreaterThan(3);
        expect(normalizeForMatch(r.citation.quote)).toContain(normalizeForMatch(quoted).slice(0, 60));
      }
      const questions = out.rows.map((r) => r.question);
      expect(new Set(questions).size, name).toBe(questions.length);
    }
  });

  it("finds at least 90% of the facts of each generated protocol", async () => {
    for (const { name, facts, found } of await analysed()) expect(found / facts, name).toBeGreaterThanOrEqual(0.9);
  });

  it("reads the traps as traps", async () => {
    const all = await analysed();
    const facts = (name: string) => extractFacts(all.find((a) => a.name === name)!.doc);
    const crossover = facts("gen-ph1-crossover-healthy");
    // "In a completed Phase 2 study…" (background), "a double-blind design is not needed", "40 subjects will be screened".
    expect(crossover.filter((f) => f.kind === "phase").map((f) => f.value)).toEqual(["phase 1"]);
    expect(crossover.filter((f) => f.kind === "blinding").map((f) => f.value)).toEqual(["open-label"]);
    expect(crossover.filter((f) => f.kind === "enrolment").map((f) => f.value)).toEqual(["24"]);
    expect(crossover.find((f) => f.kind === "specialPopulation")).toBeUndefined();
    const asthma = facts("gen-ph2-paediatric-asthma");
    // "The single-blind placebo run-in" in a double-blind study.
    expect(asthma.filter((f) => f.kind === "blinding").map((f) => f.value)).toEqual(["double-blind"]);
  });

  it("is deterministic and records the rules that fired with their evidence", async () => {
    const [a, b] = [await analysed(), await analysed()];
    expect(b.map((x) => x.out)).toEqual(a.map((x) => x.out));
    const { doc, out } = a.find((x) => x.name === "gen-ph2b-alzheimers")!;
    expect(out.history).toMatchObject({ analyzer: "offline" });
    const caregiver = out.history.steps.find(
      (s) => (s as { step: string; kind?: string }).step === "fact" && (s as { kind: string }).kind === "caregiver",
    );
    expect(caregiver).toMatchObject({ value: "caregiver", citation: `${S}5.1 Inclusion Criteria` });
    expect(out.history.steps).toContainEqual(
      expect.objectContaining({ step: "row", rule: "caregiver", fromFact: "caregiver: caregiver" }),
    );
    const row = out.rows.find((r) => r.category === "Subject Population" && /caregivers/.test(r.question))!;
    expect(formatCitation(row.citation)).toBe(`${S}5.1 Inclusion Criteria`);
    expect(doc.format).toBe("docx");
  });
});
