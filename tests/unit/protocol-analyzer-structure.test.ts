/**
 * Issue 23, "read structure before words": facts from the objectives/endpoints table, the schedule of activities and
 * the synopsis fields, each tested on short sentences and table rows of the development protocols (quoted, never a
 * whole protocol).
 */
import { extractFacts } from "@server/protocol-analysis/analyzers/offline";
import { endpointMeasures } from "@server/protocol-analysis/analyzers/offline/kinds/secondary-endpoints";
import { visitCount } from "@server/protocol-analysis/analyzers/offline/kinds/visits";
import { rowsFromFacts } from "@server/protocol-analysis/analyzers/offline/rows";
import type { ProtocolDocument, SectionEntry, TextBlock } from "@server/protocol-analysis/contract";
import { describe, expect, it } from "vitest";

type Para = string | { table: string };

/** A protocol of numbered sections, each with its paragraphs (or table rows), from page 5 on. */
function protocol(sections: [string, ...Para[]][]): ProtocolDocument {
  const blocks: TextBlock[] = [];
  const entries: SectionEntry[] = [];
  sections.forEach(([heading, ...paras], i) => {
    const m = /^(\d+(?:\.\d+)*)\s+(.*)$/.exec(heading)!;
    const first = blocks.length;
    blocks.push({ text: heading, kind: "heading", page: 5 + i, printedPage: null, section: i });
    for (const p of paras) {
      const table = typeof p !== "string";
      blocks.push({
        text: table ? p.table : p,
        kind: table ? "table" : "paragraph",
        page: 5 + i,
        printedPage: null,
        section: i,
      });
    }
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

const values = (doc: ProtocolDocument, kind: string) =>
  extractFacts(doc)
    .filter((f) => f.kind === kind)
    .map((f) => f.value);

describe("secondary endpoints", () => {
  it("reads the rows under the 'Secondary' label of an objectives/endpoints table, not the primary ones", () => {
    const doc = protocol([
      [
        "3 Objectives and Endpoints",
        "Objectives Endpoints",
        "Primary",
        { table: "To assess the effect of food on the PK of AUC0-∞, AUCtlast, and Cmax of" },
        "Secondary",
        "To assess the safety and tolerability of 160 Summary of the number of",
        { table: "mg of selpercatinib treatment-emergent AEs and serious AEs" },
      ],
    ]);
    const v = values(doc, "secondaryEndpoint");
    expect(v).toContain("safety and tolerability");
    expect(v.some((x) => /auc|cmax/.test(x))).toBe(false);
  });

  it("cuts a bulleted list under a 'Secondary … Assessments' heading into its measures", () => {
    const doc = protocol([
      [
        "9.1.2 Secondary Efficacy Assessments",
        "The following secondary efficacy measures will be evaluated at Week 52:",
        "\uf0b7 Mean change in HbA1c \uf0b7 Proportion of patients who achieve HbA1c <7%, ≤6.5%, and <5.7% \uf0b7 Mean change in fasting serum glucose (FSG) \uf0b7 Mean change in body weight",
      ],
    ]);
    const v = values(doc, "secondaryEndpoint");
    expect(v).toEqual(expect.arrayContaining(["hba1c <7%", "fasting serum glucose", "fsg", "body weight"]));
  });

  it("reads 'Not applicable' under the heading as no secondary endpoint", () => {
    const doc = protocol([["5.1.2 Secondary Endpoints", "Not applicable."]]);
    expect(values(doc, "secondaryEndpoint")).toEqual(["none"]);
  });

  it("reads inline secondary outcomes and variables, with their abbreviations", () => {
    expect(endpointMeasures("assessment of natural killer (NK) cells (number and activity)")).toEqual(
      expect.arrayContaining(["natural killer cells", "nk cells"]),
    );
    expect(endpointMeasures("extracapsular tumor spread in axillary nodes")).toContain("extracapsular tumor spread");
    const doc = protocol([
      [
        "1 Objectives",
        "1.2. Secondary Objectives: To demonstrate that PK guided dosing of docetaxel chemotherapy decreases the incidence of grade 3 and 4 neutropenia and febrile neutropenia in cycles following PK adjustment.",
      ],
    ]);
    expect(values(doc, "secondaryEndpoint")).toContain("febrile neutropenia");
  });

  it("takes nothing from a parent trial's key secondary endpoint in the background", () => {
    const doc = protocol([
      [
        "1.2 Drug Profile",
        "Change from baseline in SGRQ total score at 52 weeks was a key secondary endpoint in the studies.",
      ],
    ]);
    expect(values(doc, "secondaryEndpoint")).toEqual([]);
  });
});

describe("visits", () => {
  it("counts the numbered visits of a schedule header row, without early-termination columns", () => {
    expect(visitCount("1a 2 3 4 5 6 7 8 9 10 11 12 13 ETb 801c")).toBe(14);
    const doc = protocol([
      ["2 Schedule of Activities", { table: "Study Visit 1a 2 3 4 5 6 7 8 9 10 11 12 13 ETb 801c" }],
    ]);
    expect(values(doc, "visits")).toContain("14 visits");
  });

  it("reads a repeating visit, the screening window and a follow-up call, and no count from 'Visits 3-9' in prose", () => {
    const doc = protocol([
      [
        "6.2.2 Treatment period",
        "Additional clinic visits will be scheduled after 2, 4, 6, 12, 24, 36 and 48 weeks of treatment (Visits 3-9).",
        "Same scheme should be repeated as often as needed: one visit every 16 weeks.",
      ],
      [
        "4.1 Overall Design",
        "All participants will be screened within 28 days prior to enrollment (Day 1).",
        "Participants will receive a follow-up phone call 7 to 10 days after the last dose.",
      ],
    ]);
    const v = values(doc, "visits");
    expect(v).toEqual(expect.arrayContaining(["every 16 weeks", "screening within 28 days", "follow-up phone call"]));
    expect(v.some((x) => /^\d+ visits$/.test(x))).toBe(false);
  });
});

describe("synopsis fields and eligibility lists", () => {
  it("takes the total from 'total entered', not the per-group field, and 'multi-national' as the scope", () => {
    const doc = protocol([
      [
        "1 Clinical Trial Protocol Synopsis",
        "Trial sites: Multi-centre, multi-national",
        "No. of patients: total entered: Approximately 750 patients",
        "each treatment: Approximately 600 patients treated with BIBF 1120 150 mg bid Approximately 150 patients treated with BIBF 1120 100 mg bid",
      ],
    ]);
    expect(values(doc, "enrolment")[0]).toBe("750");
    expect(values(doc, "geography")).toContain("multinational");
    expect(values(doc, "sites")).toEqual(["multicenter"]);
  });

  it("keeps a stated number of sites over 'multicentre', and reads two named sites as 2", () => {
    const counted = protocol([
      [
        "3.1 Study Design",
        "This is a multicenter, randomized, double-blind study. The goal is to randomize a total of approximately 496 patients in approximately 140 centers worldwide.",
      ],
    ]);
    expect(values(counted, "sites")).toEqual(["140"]);
    const named = protocol([
      [
        "7 Subject Selection",
        "Patients undergoing surgery for breast cancer will be enrolled at the University Hospital of Zürich (USZ) and at Klinik Hirslanden Zurich.",
      ],
    ]);
    expect(values(named, "sites")).toEqual(["2"]);
  });

  it("knows the country from the national rules cited only when no scope or country is stated", () => {
    const swiss = protocol([
      [
        "9.1 Ethical Conduct",
        "The study will be carried out in accordance with ICH-GCP and Swiss regulatory authority’s requirements.",
      ],
    ]);
    expect(values(swiss, "geography")).toEqual(["switzerland"]);
    const global = protocol([
      ["3.1 Design", "Participants will be enrolled at clinical trial sites globally."],
      ["10.3 Documentation", "FDA Related Forms 1572/1571/310 as appropriate."],
    ]);
    expect(values(global, "geography")).toEqual(["global"]);
  });

  it("reads the inclusion criteria's age forms, sex and minimum BMI", () => {
    const doc = protocol([
      [
        "3.1 Inclusion Criteria",
        "o Patients must be female",
        "o Age > 65 years (Senior adult focused study given increased risk for toxicity)",
        "Have body mass index (BMI) of ≥23 kg/m2 at Visit 1.",
      ],
    ]);
    expect(values(doc, "age")).toEqual([">65 years"]);
    expect(values(doc, "specialPopulation")).toEqual(expect.arrayContaining(["female", "bmi ≥23"]));
    const range = protocol([["7.1 Inclusion Criteria", "• 18 to 85 years old"]]);
    expect(values(range, "age")).toEqual(["18-85 years"]);
    const both = protocol([["5.1 Inclusion Criteria", "6. Male or female"]]);
    expect(values(both, "specialPopulation")).toEqual([]);
  });

  it("reads no control, the participant's own control and a named control group", () => {
    const none = protocol([
      [
        "4.1.1 Identity of Investigational Product",
        "All patients will be treated with nintedanib in this trial; there is no active comparator or placebo.",
      ],
    ]);
    expect(values(none, "control")).toEqual(["none"]);
    const own = protocol([
      [
        "4.2 Scientific Rationale for Study Design",
        "A randomized, 2-period crossover design will be used so that each participant serves as his/her own control.",
        "This is a Phase 1, open-label, randomized, 2-period, 2-sequence crossover study.",
      ],
    ]);
    expect(values(own, "control")).toContain("own control");
    expect(values(own, "arms")).toEqual(["2"]);
    const named = protocol([
      ["6.4.2 Visit 2", "• Patient randomization to “Group Sevo” (experimental) or to “Group Propofol” (control)"],
    ]);
    expect(values(named, "control")).toEqual(["propofol"]);
  });

  it("reads a number of cycles, a variable duration and the length of a procedure, and writes a retention row only for a length of time", () => {
    const cycles = protocol([
      [
        "4.4 Duration of Therapy",
        "In the absence of treatment delays due to adverse events, treatment should continue for four cycles or until one of the following criteria applies:",
      ],
    ]);
    expect(values(cycles, "duration")).toContain("4 cycles");
    const variable = protocol([
      ["1 Synopsis", "Duration of treatment: Treatment duration for each patient will be variable."],
    ]);
    expect(values(variable, "duration")).toEqual(["variable"]);
    const surgery = protocol([
      [
        "1 Study Synopsis",
        "Duration of administration: Administration will be limited to the length of the surgical procedure.",
      ],
    ]);
    expect(values(surgery, "duration")).toEqual(["length of the surgical procedure"]);
    const rows = rowsFromFacts(surgery, extractFacts(surgery)).rows;
    expect(rows.some((r) => /retained/.test(r.question))).toBe(false);
  });
});
