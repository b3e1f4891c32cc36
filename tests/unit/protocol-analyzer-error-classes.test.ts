/**
 * The nine error classes of ../shared/protocol-analysis-review.md (issue 23), each tested on short sentences taken from
 * the development protocols (quoted, never a whole protocol): the offline analyzer must not make the same mistake.
 */
import { extractFacts, sentenceAround } from "@server/protocol-analysis/analyzers/offline/facts";
import { rowsFromFacts } from "@server/protocol-analysis/analyzers/offline/rows";
import type { ProtocolDocument, SectionEntry, TextBlock } from "@server/protocol-analysis/contract";
import { describe, expect, it } from "vitest";

/** A protocol of numbered sections, each with its paragraphs, from page 5 on (no title page). */
function protocol(sections: [string, ...string[]][]): ProtocolDocument {
  const blocks: TextBlock[] = [];
  const entries: SectionEntry[] = [];
  sections.forEach(([heading, ...paras], i) => {
    const m = /^(\d+(?:\.\d+)*)\s+(.*)$/.exec(heading)!;
    const first = blocks.length;
    blocks.push({ text: heading, kind: "heading", page: 5 + i, printedPage: null, section: i });
    for (const p of paras) blocks.push({ text: p, kind: "paragraph", page: 5 + i, printedPage: null, section: i });
    entries.push({
      number: m[1]!,
      title: m[2]!,
      level: m[1]!.split(".").length,
      page: 5 + i,
      printedPage: null,
      firstBlock: first,
      lastBlock: blocks.length - 1,
    });
  });
  return { format: "pdf", title: null, pageCount: 5 + sections.length, blocks, sections: entries, warnings: [] };
}

const facts = (doc: ProtocolDocument) => extractFacts(doc);
const values = (doc: ProtocolDocument, kind: string) =>
  facts(doc)
    .filter((f) => f.kind === kind)
    .map((f) => f.value);
const rows = (doc: ProtocolDocument) => rowsFromFacts(doc, facts(doc));
const text = (doc: ProtocolDocument) =>
  rows(doc).rows.map((r) => `${r.question} ${r.statementIf} ${r.statementDueTo} ${r.statementThen}`);

describe("error class 1: a template fires only where the design makes its premise true", () => {
  it("writes no arm-confusion row for a single-arm, non-randomised study, and checks age before enrolment", () => {
    const doc = protocol([
      [
        "11.1 Study Design",
        "This is a non-randomized trial assessing the impact of PK-guided docetaxel therapy in breast cancer patients > 65 years of age receiving TC. All comparisons will be made using historical data.",
      ],
      ["3.1 Inclusion Criteria", "Patients aged at least 65 years of age."],
    ]);
    expect(values(doc, "design")).toContain("non-randomized");
    const all = text(doc).join(" ");
    expect(all).not.toMatch(/confuse the arms|comparison between arms/);
    expect(all).not.toMatch(/before randomisation/);
    expect(all).toMatch(/historical comparison/);
  });

  it("speaks of the research unit, not hospital ward staff, for a CRU confinement", () => {
    const doc = protocol([
      [
        "5.2.1 Meals and Dietary Restrictions",
        "During the confinement period, participants will consume only food and beverages that are provided to them by the CRU staff.",
      ],
    ]);
    const all = text(doc).join(" ");
    expect(all).toMatch(/clinical research unit/);
    expect(all).not.toMatch(/hospital ward/);
  });
});

describe("error class 2: a value from the wrong context", () => {
  it("takes no duration from record retention or from the parent trial", () => {
    const doc = protocol([
      [
        "10.2.5 Investigator Study Files",
        "The Principal Investigator is responsible for maintaining study files for a period of 2 years following the date a marketing application is approved.",
      ],
      [
        "3.1 Overall Trial Design",
        "Patients will complete a 52 weeks treatment period with nintedanib (or placebo) at Visit 9 in the parent trial (1199.32 or 1199.34).",
      ],
    ]);
    expect(values(doc, "duration")).toEqual([]);
  });

  it("reads an AUC target (mg*hr/L) as no dose", () => {
    const doc = protocol([
      [
        "4.2 Docetaxel PK-Guided Dose Adjustment",
        "The docetaxel dose will be adjusted to achieve a targeted AUC (2.5-3.7 mg*hr/L) within 4 cycles of docetaxel treatment.",
      ],
    ]);
    expect(values(doc, "dose")).not.toContain("3.7 mg");
  });
});

describe("error class 3: slots filled with fragments", () => {
  it("does not paste a whole objective sentence into the endpoint label, nor double the arm count", () => {
    const doc = protocol([
      ["4.1 General Design", "Methodology Randomized, Two Arm, Open Label"],
      [
        "1.1 Primary Objective",
        "Primary Objective: To demonstrate that PK guided dosing of docetaxel chemotherapy improves the ability to achieve a targeted AUC within 4 cycles of therapy.",
      ],
    ]);
    const all = text(doc).join(" ");
    expect(all).not.toMatch(/2-arm design with 2 arms/);
    expect(all).not.toMatch(/primary endpoint \(to demonstrate/i);
  });
});

describe("error class 4: generic filler", () => {
  it("writes no phase-3 sizing row and no technology row for routine eCRF, but reports both categories as considered", () => {
    const doc = protocol([
      ["5.1 Overall Design", "This is a Phase 3, randomized, double-blind study."],
      [
        "8.1 Data Collection",
        "The date and time of the first dose of investigational product should be recorded on the electronic case report form (eCRF).",
      ],
    ]);
    const { rows: out, considered } = rows(doc);
    expect(out.map((r) => r.category)).not.toContain("Study Phase");
    expect(out.map((r) => r.category)).not.toContain("Technology");
    expect(considered).toHaveLength(13);
    expect(considered.find((c) => c.category === "Study Phase")!.note).toMatch(/phase 3/);
    expect(considered.find((c) => c.category === "Organizational Experience")!.note).toMatch(/undeterminable/);
  });
});

describe("error class 5: negated, excluded or boilerplate text is not a feature", () => {
  it("reads 'no active comparator or placebo', 'Data Monitoring Committee: No', a pregnancy withdrawal and 'investigator / caregiver' as what they are", () => {
    const doc = protocol([
      [
        "4.1.1 Identity of BI Investigational Product",
        "This is an open-label extension trial; there is no active comparator or placebo.",
      ],
      ["1.1 Synopsis", "Data Monitoring Committee: No"],
      ["7.1 Withdrawal", "Pregnant subjects must be immediately withdrawn from the clinical study."],
      [
        "4.2 Concomitant Therapy",
        "In case of acute exacerbation (refer to Section 5.2), all treatment options considered adequate by the investigator / caregiver are allowed.",
      ],
    ]);
    // No comparator is a fact ("none"), never a placebo or an active comparator, and no comparator row.
    expect(values(doc, "control")).toEqual(["none"]);
    expect(text(doc).join(" ")).not.toMatch(/comparator none|active comparator/);
    expect(values(doc, "dsmb")).toEqual(["none"]);
    expect(values(doc, "specialPopulation")).toEqual([]);
    expect(values(doc, "caregiver")).toEqual([]);
  });

  it("still reads an inclusion said conditionally ('you can still join')", () => {
    const doc = protocol([
      [
        "5.1 Study Population",
        "If you are pregnant or breastfeeding, you can still join this study, although you cannot participate in the aviptadil portion of the study.",
      ],
    ]);
    expect(values(doc, "specialPopulation")).toContain("pregnant women");
  });
});

describe("error class 6: one row per risk", () => {
  it("writes the placebo's handling once (Blinding), and the dose levels inside the IMP row", () => {
    const doc = protocol([
      [
        "1 Synopsis",
        "A multi-center, randomized, double-blind, parallel-group dose-finding study to assess the effect of 3 doses of LIK066 compared to placebo in type 2 diabetes. The investigational product LIK066 is given as 2.5 mg, 10 mg or 50 mg qd.",
      ],
    ]);
    const out = rows(doc).rows;
    expect(out.filter((r) => /comparator handled|placebo comparator/.test(r.question))).toEqual([]);
    expect(out.filter((r) => /dose levels/.test(r.question))).toEqual([]);
    expect(out.filter((r) => r.category === "Blinding")).toHaveLength(1);
  });
});

describe("error class 7: spurious list items", () => {
  it("takes no CT scan from an example in a hepatic work-up", () => {
    const doc = protocol([
      [
        "8.2 Safety Assessments",
        "Participants with abnormal liver tests should have an abdominal imaging study (for example, ultrasound or CT scan).",
      ],
    ]);
    expect(values(doc, "sampling")).not.toContain("ct scan");
  });
});

describe("error class 8: keyword collisions", () => {
  it("reads INR, ethics guidelines, an allocation platform and an 'uncontrolled' illness as no feature", () => {
    const doc = protocol([
      [
        "8.3 Hepatic Monitoring",
        "ALT or AST >3X ULN and total bilirubin level >2X ULN or international normalized ratio (INR) >1.5.",
      ],
      [
        "10.1 Ethics",
        "The study will be conducted in accordance with consensus ethical principles derived from international guidelines including the Declaration of Helsinki.",
      ],
      [
        "6.1 General Design",
        "Patients will be stratified according to their ASA class during the randomization process, which will be performed using a web-based interactive allocation platform.",
      ],
      [
        "6.2 Exclusion Criteria",
        "Have evidence of a significant, uncontrolled endocrine abnormality, in the opinion of the investigator.",
      ],
    ]);
    expect(values(doc, "geography")).toEqual([]);
    expect(values(doc, "design")).not.toContain("platform");
    expect(values(doc, "control")).toEqual([]);
  });
});

describe("error class 9: the citation shows the claim", () => {
  it("cites no heading for adverse events of special interest, and the statement when there is one", () => {
    const headingOnly = protocol([["9.2.2 Adverse Events of Special Interest"]]);
    expect(values(headingOnly, "aesi")).toEqual([]);
    const stated = protocol([
      [
        "10.3 Adverse Events of Special Interest",
        "MDS and AML are Adverse Events of Special Interest and must be reported within 24 hours.",
      ],
    ]);
    const row = rows(stated).rows.find((r) => r.category === "Safety")!;
    expect(row.citation.quote).toMatch(/MDS and AML are Adverse Events of Special Interest/);
  });
});

describe("more of the same classes, on the development protocols' sentences", () => {
  it("class 2: writes no retention row from the calendar length of the whole study", () => {
    const doc = protocol([
      [
        "6.1 General Design",
        "We will conduct a prospective, randomized, double blinded, controlled study over a period of 52 months.",
      ],
    ]);
    expect(values(doc, "duration")).toContain("52 months");
    expect(text(doc).join(" ")).not.toMatch(/retained for 52 months/);
  });

  it("class 5 and 8: an SAE definition and a performance-status grade give no care setting", () => {
    const doc = protocol([
      [
        "9.2 Adverse Events",
        "• treatment on an emergency, outpatient basis for an event not fulfilling any of the definitions of serious given above and not resulting in hospital admission.",
      ],
      [
        "12.1 Performance Status Criteria",
        "Restricted in physically strenuous activity but ambulatory and able to carry out work of a light or sedentary nature, e.g., light housework, office work.",
      ],
    ]);
    expect(values(doc, "inpatient")).toEqual([]);
  });

  it("class 2: a finding of earlier studies is not this study's special procedure", () => {
    const doc = protocol([
      [
        "4.2 Scientific Rationale",
        "No clinically significant differences in selpercatinib AUC or Cmax were observed following administration of a low-fat or high-fat meal.",
      ],
    ]);
    expect(values(doc, "specialProcedure")).toEqual([]);
  });

  it("class 9: quotes a short answer with the heading it answers ('Not required.')", () => {
    const doc = protocol([["8.4 Data Monitoring Committee", "Not required."]]);
    const dsmb = extractFacts(doc).find((f) => f.kind === "dsmb");
    expect(dsmb?.value).toBe("none");
    expect(dsmb?.quote).toBe("8.4 Data Monitoring Committee Not required.");
  });

  it("class 9: cites a sentence rather than a schedule row of crosses, and never a quote that starts inside a word", () => {
    const doc = protocol([
      [
        "1.3 Schedule of Activities",
        "Informed consent X IVRS/IWRS X X Dispense trial drug X Collect used and unused trial drug X X",
      ],
      [
        "4.1.3 Method of Assigning Patients",
        "Medication numbers will be assigned to each patient by the IVRS at every dispensing visit.",
      ],
    ]);
    const ivrs = extractFacts(doc).find((f) => f.kind === "technology" && f.value === "ivrs");
    expect(ivrs?.quote).toMatch(/^Medication numbers will be assigned/);
    const long = `${"word ".repeat(60)}the association between the CRASH score and the docetaxel AUC will be assessed as a secondary endpoint along with the greater need for dose reductions based on the PK-guided dosing algorithm.`;
    const quote = sentenceAround(long, long.indexOf("PK-guided"), long.indexOf("PK-guided") + 9);
    expect(long).toContain(quote);
    expect(long[long.indexOf(quote) - 1]).toBe(" ");
  });
});
