/**
 * The real protocols of ../shared/protocols (read at run time, never copied here; see their README): extraction keeps
 * every hand-checked quote on its page, and the offline analyzer cites every row. The folder must be there: a missing
 * folder fails the test rather than skipping it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createAnalyzer } from "@server/protocol-analysis/analyzers";
import { locateQuote, normalizeForMatch, RISK_CATEGORIES } from "@server/protocol-analysis/analyzers/common";
import { extractFacts } from "@server/protocol-analysis/analyzers/offline";
import type { ProtocolDocument } from "@server/protocol-analysis/contract";
import { extractProtocol } from "@server/protocol-analysis/extract";
import { beforeAll, describe, expect, it } from "vitest";
import type { FactsFile } from "../fixtures/protocols/generate";
import { findSharedProtocols } from "../support/shared-protocols";

const DIR = findSharedProtocols() ?? path.resolve(process.cwd(), "..", "shared", "protocols");

interface Real {
  name: string;
  facts: FactsFile;
  doc: ProtocolDocument;
}
const real: Real[] = [];
/**
 * The four protocols these expectations were written for; the five added on 2026-11-26 (issue 23) are measured by
 * `npm run eval:analysis` with the reviewed-rows set, not pinned here.
 */
const PINNED = new Set(["niaid-activ3b-tesico", "novartis-clik066b2204", "roche-wa42380-covacta", "upenn-parpvax"]);

beforeAll(async () => {
  if (!existsSync(DIR)) throw new Error(`The real protocols are not at ${DIR}: set PROTOCOLS_DIR.`);
  for (const f of readdirSync(DIR)
    .filter((x) => x.endsWith(".facts.json") && PINNED.has(x.replace(".facts.json", "")))
    .sort()) {
    const facts = JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as FactsFile;
    const bytes = new Uint8Array(readFileSync(path.join(DIR, facts.protocol)));
    const doc = await extractProtocol(bytes, facts.protocol.endsWith(".docx") ? "docx" : "pdf");
    real.push({ name: f.replace(".facts.json", ""), facts, doc });
  }
}, 120_000);

/** Symbol-font characters in the DOCX quotes (mammoth passes them through; the extractor shows the signs). */
const SYMBOLS: Record<string, string> = { "\uF0B3": "≥", "\uF0A3": "≤", "\uF03C": "<", "\uF03E": ">", "\uF02D": "-" };
const norm = (s: string) => normalizeForMatch(s.replace(/[\uF000-\uF0FF]/g, (c) => SYMBOLS[c] ?? ""));

describe("the real protocols", () => {
  it("are all there: three PDFs and one DOCX", () => {
    expect(real.map((r) => r.name)).toEqual([
      "niaid-activ3b-tesico",
      "novartis-clik066b2204",
      "roche-wa42380-covacta",
      "upenn-parpvax",
    ]);
    expect(real.map((r) => r.doc.pageCount)).toEqual([80, 83, null, 94]);
  });

  it("keep every hand-checked quote, on its physical page for the PDFs", () => {
    for (const { name, facts, doc } of real) {
      for (const f of facts.facts) {
        const q = norm(f.quote);
        if (f.page === null) {
          expect(norm(doc.blocks.map((b) => b.text).join(" ")), `${name}: ${f.quote}`).toContain(q);
          continue;
        }
        // A paragraph that runs over a page break is one block on the page where it starts.
        const page = f.page;
        const onPage = doc.blocks.filter((b) => b.page === page || b.page === page - 1).map((b) => b.text);
        expect(norm(onPage.join(" ")), `${name} p. ${f.page}: ${f.quote}`).toContain(q);
      }
    }
  });

  it("have a section index with numbers, and printed page numbers where they differ", () => {
    for (const { name, doc } of real) {
      expect(doc.sections.filter((s) => s.number !== null).length, name).toBeGreaterThan(60);
    }
    const niaid = real.find((r) => r.name === "niaid-activ3b-tesico")!.doc;
    expect(niaid.blocks.find((b) => b.page === 2)!.printedPage).toBe("1");
    expect(niaid.sections.find((s) => s.number === "6.2")).toMatchObject({
      title: "Blinding",
      page: 20,
      printedPage: "19",
    });
    const roche = real.find((r) => r.name === "roche-wa42380-covacta")!.doc;
    expect(roche.sections.find((s) => s.number === "1.1.2")!.title).toBe("Overall Design");
    expect(roche.blocks.some((b) => b.text.includes("Age ≥ 18 years"))).toBe(true);
    const upenn = real.find((r) => r.name === "upenn-parpvax")!.doc;
    expect(upenn.warnings.join(" ")).toMatch(/Pages? .*94.* little or no text/);
    // Running headers are gone.
    expect(upenn.blocks.some((b) => b.page! > 1 && b.text.includes("Penn IRB# 828516"))).toBe(false);
    const novartis = real.find((r) => r.name === "novartis-clik066b2204")!.doc;
    // Including the landscape pages of the assessment schedule, whose header is not at the top of the page.
    expect(novartis.blocks.filter((b) => /Novartis Confidential Page \d+/.test(b.text)).map((b) => b.page)).toEqual([]);
  });

  it("get risk rows from the offline analyzer, every one cited", async () => {
    for (const { name, doc } of real) {
      const out = await createAnalyzer({ analyzer: "offline" }).assessRisks(doc);
      expect(out.rows.length, name).toBeGreaterThanOrEqual(12);
      for (const r of out.rows) {
        expect(RISK_CATEGORIES).toContain(r.category);
        expect(locateQuote(doc, r.citation.quote), `${name}: ${r.citation.quote}`).not.toBeNull();
        expect(r.citation.page !== null || r.citation.section !== null).toBe(true);
      }
      expect(new Set(out.rows.map((r) => r.category)).size, name).toBeGreaterThanOrEqual(9);
    }
  });

  it("yield most of their facts to the offline rules", () => {
    for (const { name, facts, doc } of real) {
      const produced = extractFacts(doc);
      const found = facts.facts.filter((f) => {
        const wanted = new Set([f.value, ...f.accept].map((v) => v.toLowerCase()));
        return produced.some((p) => p.kind === f.kind && wanted.has(p.value.toLowerCase()));
      });
      expect(found.length / facts.facts.length, name).toBeGreaterThanOrEqual(0.85);
    }
  });
});
