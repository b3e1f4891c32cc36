/**
 * The offline CTQ identification (issue 25, ADR 0048) on real protocols of ../shared/protocols (read at run time,
 * never copied here) with the predefined examples as the user's lists, and on a small hand-made protocol for the
 * negation rules.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createAnalyzer } from "@server/protocol-analysis/analyzers";
import { locateQuote, normalizeForMatch } from "@server/protocol-analysis/analyzers/common";
import { identifyCtqOffline } from "@server/protocol-analysis/analyzers/offline/ctq";
import { predefinedExamples } from "@server/protocol-analysis/analyzers/offline/ctq/examples";
import type { CtqInput, CtqOutput, ProtocolDocument } from "@server/protocol-analysis/contract";
import { extractProtocol } from "@server/protocol-analysis/extract";
import { beforeAll, describe, expect, it } from "vitest";
import type { FactsFile } from "../fixtures/protocols/generate";
import { findSharedProtocols } from "../support/shared-protocols";

const DIR = findSharedProtocols() ?? path.resolve(process.cwd(), "..", "shared", "protocols");
const NAMES = [
  "bi-1199-33-nintedanib-ipf-ole",
  "lilly-gpgo-surpass-jmono",
  "niaid-activ3b-tesico",
  "roche-wa42380-covacta",
];
const examples = predefinedExamples();

interface Run {
  name: string;
  facts: FactsFile;
  doc: ProtocolDocument;
  out: CtqOutput;
}
const runs: Run[] = [];

beforeAll(async () => {
  if (!existsSync(DIR)) throw new Error(`The real protocols are not at ${DIR}: set PROTOCOLS_DIR.`);
  for (const name of NAMES) {
    const facts = JSON.parse(readFileSync(path.join(DIR, `${name}.facts.json`), "utf8")) as FactsFile;
    const bytes = new Uint8Array(readFileSync(path.join(DIR, facts.protocol)));
    const doc = await extractProtocol(bytes, facts.protocol.endsWith(".docx") ? "docx" : "pdf");
    runs.push({ name, facts, doc, out: await createAnalyzer({ analyzer: "offline" }).identifyCtq(doc, examples) });
  }
}, 240_000);

const run = (name: string) => runs.find((r) => r.name === name)!;
const items = (o: CtqOutput) => [...o.criticalProcesses, ...o.criticalData];
const datum = (o: CtqOutput, start: string) => o.criticalData.find((d) => d.title.startsWith(start));
const steps = (o: CtqOutput) => [...o.processesHistory.steps, ...o.dataHistory.steps] as Record<string, unknown>[];

describe("offline CTQ identification on real protocols", () => {
  it("cites every item with a quote found on its page and section, within the limits, titles unique per list", () => {
    for (const { doc, out } of runs) {
      expect(out.criticalProcesses.length).toBeGreaterThan(5);
      expect(out.criticalData.length).toBeGreaterThan(5);
      for (const list of [out.criticalProcesses, out.criticalData]) {
        const titles = list.map((i) => i.title.toLowerCase());
        expect(new Set(titles).size).toBe(titles.length);
        for (const i of list) {
          expect(i.title.length).toBeLessThanOrEqual(200);
          expect(i.details.length).toBeLessThanOrEqual(2000);
          expect(i.citation.section).not.toBeNull();
          const block = locateQuote(doc, i.citation.quote, { page: i.citation.page, section: i.citation.section });
          expect(block, `${i.title}: ${i.citation.quote}`).not.toBeNull();
          if (i.citation.page !== null) expect(doc.blocks[block!]!.page).toBe(i.citation.page);
          // No generic filler: the details quote the protocol.
          expect(normalizeForMatch(i.details)).toContain(normalizeForMatch(i.citation.quote).slice(0, 40));
        }
      }
    }
  });

  it("names the primary endpoints, the products and the committee, and marks their data critical", () => {
    for (const { name, facts, out } of runs) {
      const text = normalizeForMatch(
        items(out)
          .map((i) => `${i.title} ${i.details}`)
          .join(" "),
      );
      for (const f of facts.facts.filter((x) => x.kind === "imp")) {
        expect(
          [f.value, ...f.accept].some((v) => text.includes(normalizeForMatch(v))),
          `${name}: ${f.value}`,
        ).toBe(true);
      }
      const primary = out.criticalData.filter((d) => /^primary endpoint/i.test(d.title));
      expect(primary.length, name).toBeGreaterThan(0);
      for (const d of primary) expect(d.isCritical).toBe(true);
      expect(datum(out, "Eligibility criteria data")?.isCritical, name).toBe(true);
      expect(datum(out, "Adverse events")?.isCritical, name).toBe(true);
    }
    expect(run("roche-wa42380-covacta").out.criticalProcesses.map((p) => p.title)).toContain(
      "Safety oversight by the dmc",
    );
    expect(run("niaid-activ3b-tesico").out.criticalProcesses.some((p) => /dsmb/i.test(p.title))).toBe(true);
  });

  it("makes the given items specific: the endpoint, the product and the consent rules of this protocol", () => {
    const roche = run("roche-wa42380-covacta").out;
    expect(datum(roche, "Primary endpoint data:")?.title).toMatch(/clinical status/i);
    expect(
      roche.criticalProcesses.find((p) => p.title.startsWith("Investigational product administration"))?.title,
    ).toMatch(/tocilizumab/i);
    expect(roche.criticalProcesses.find((p) => p.title === "Informed consent")?.details).toMatch(
      /^In this protocol: "/,
    );
    const lilly = run("lilly-gpgo-surpass-jmono").out;
    expect(datum(lilly, "Key secondary endpoint data:")?.isCritical).toBe(true);
    expect(lilly.criticalData.filter((d) => /secondary endpoint/i.test(d.title)).length).toBeGreaterThan(1);
  });

  it("marks supporting data not critical, and records the rule and evidence of every item", () => {
    for (const { out } of runs) {
      expect(datum(out, "Informed consent records")?.isCritical).toBe(false);
      expect(datum(out, "Concomitant medications")?.isCritical ?? false).toBe(false);
      const recorded = steps(out).filter((s) => s.step === "specialised" || s.step === "added");
      expect(recorded).toHaveLength(items(out).length);
      for (const r of recorded) expect(r.citation).toEqual(expect.any(String));
    }
  });

  it("builds nothing on what an open-label protocol without secondary endpoints denies", () => {
    const bi = run("bi-1199-33-nintedanib-ipf-ole").out;
    expect(items(bi).some((i) => /\bblind/i.test(i.title))).toBe(false);
    expect(bi.criticalData.some((d) => /secondary endpoint/i.test(d.title))).toBe(false);
    expect(steps(bi)).toContainEqual(
      expect.objectContaining({ step: "dropped", title: "Key secondary endpoint data" }),
    );
  });

  it("is deterministic", async () => {
    const { doc, out } = run("niaid-activ3b-tesico");
    expect(identifyCtqOffline(doc, examples)).toEqual(out);
  });
});

/** A small protocol by hand: numbered sections, one block a paragraph. */
function handMade(sections: [string, string, string[]][]): ProtocolDocument {
  const doc: ProtocolDocument = {
    format: "docx",
    title: "Hand-made",
    pageCount: null,
    blocks: [],
    sections: [],
    warnings: [],
  };
  for (const [number, title, paragraphs] of sections) {
    const s = doc.sections.length;
    const first = doc.blocks.length;
    doc.blocks.push({ text: `${number} ${title}`, kind: "heading", page: null, printedPage: null, section: s });
    for (const p of paragraphs)
      doc.blocks.push({ text: p, kind: "paragraph", page: null, printedPage: null, section: s });
    doc.sections.push({
      number,
      title,
      level: 1,
      page: null,
      printedPage: null,
      firstBlock: first,
      lastBlock: doc.blocks.length - 1,
    });
  }
  return doc;
}

describe("offline CTQ identification: negated text and items the protocol never speaks of", () => {
  const doc = handMade([
    [
      "3",
      "Endpoints",
      ["The primary endpoint is the change in seated systolic blood pressure from baseline to Week 12."],
    ],
    ["4", "Study Design", ["This is a non-randomized, open-label, single-arm study in adults with hypertension."]],
    [
      "8",
      "Safety",
      [
        "There will be no Data Monitoring Committee for this study.",
        "All serious adverse events must be reported to the sponsor within 24 hours of awareness.",
      ],
    ],
    [
      "11",
      "Informed Consent",
      ["Written informed consent will be obtained from each participant before any study procedure."],
    ],
  ]);
  const input: CtqInput = {
    criticalProcesses: [
      { title: "Randomisation", details: "Allocation by the protocol's method" },
      { title: "Data monitoring committee review", details: "Safety data reviewed by the committee" },
      { title: "Informed consent", details: "Consent before any procedure" },
    ],
    criticalData: [{ title: "Telemetry of lunar rovers", details: "Readings from the rovers" }],
  };
  const out = identifyCtqOffline(doc, input);

  it("adds and keeps nothing the protocol negates, and drops what it never speaks of, saying so", () => {
    const titles = items(out).map((i) => i.title);
    expect(titles.some((t) => /randomi/i.test(t))).toBe(false);
    expect(titles.some((t) => /committee|dmc/i.test(t))).toBe(false);
    expect(titles).toContain("Informed consent");
    expect(out.criticalData.find((d) => /systolic blood pressure/i.test(d.title))?.isCritical).toBe(true);
    expect(steps(out)).toContainEqual(
      expect.objectContaining({
        step: "dropped",
        title: "Telemetry of lunar rovers",
        note: expect.stringMatching(/does not speak of it/),
      }),
    );
    expect(steps(out)).toContainEqual(expect.objectContaining({ step: "dropped", title: "Randomisation" }));
  });
});
