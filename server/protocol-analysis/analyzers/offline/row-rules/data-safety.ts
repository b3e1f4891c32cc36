/** Rows on endpoints, safety oversight, technology and data collection. */
import { list, shown, short, type RowRule } from "./common";

/** Technology every study has: a row that lists only these says nothing of this study (error class 4). */
const ROUTINE_TECHNOLOGY = /^(edc|ecrf|telephone|velos)$/;

export const DATA_SAFETY_RULES: RowRule[] = [
  {
    id: "primaryEndpoint",
    category: "Study Endpoints",
    make: (f) => {
      const e = f.first("primaryEndpoint");
      if (!e) return null;
      // A label is named only when it reads as one (error class 3: a whole objective sentence is no label).
      const label = e.value.length <= 60 && !/^(to |the primary|primary)/.test(e.value) ? ` (${e.value})` : "";
      return {
        question: `Is the primary endpoint${label} assessed consistently and on time?`,
        statementIf: "If the primary endpoint is assessed out of window, inconsistently across sites, or is missing",
        statementDueTo: `due to the primary endpoint "${short(e.quote)}"`,
        statementThen: "then the primary analysis may be biased or underpowered.",
        evidence: e,
      };
    },
  },
  {
    id: "centralReading",
    category: "Study Endpoints",
    make: (f) => {
      const c = f.of("centralReading");
      if (c.length === 0) return null;
      return {
        question: `Are the data for ${list(c.map((x) => x.value))} sent complete and on time?`,
        statementIf: `If the records needed for ${c[0]!.value} are incomplete, late or of poor quality`,
        statementDueTo: `due to "${short(c[0]!.quote)}"`,
        statementThen: "then events or endpoints may be misclassified or their review delayed.",
        evidence: c[0]!,
      };
    },
  },
  {
    id: "dsmb",
    category: "Safety",
    make: (f) => {
      const d = f.first("dsmb");
      if (!d) return null;
      if (d.value === "none") {
        return {
          question: "Who reviews accumulating safety data, given that no data monitoring committee is planned?",
          statementIf: "If emerging safety signals are only reviewed by the study team",
          statementDueTo: `due to "${short(d.quote)}"`,
          statementThen: "then a signal may be recognised late.",
          evidence: d,
        };
      }
      return {
        question: `Does the ${shown(d)} receive complete, timely safety data?`,
        statementIf: `If data for the ${shown(d)} reviews are late or incomplete`,
        statementDueTo: `due to "${short(d.quote)}"`,
        statementThen: "then safety decisions may be delayed or based on incomplete data.",
        evidence: d,
      };
    },
  },
  {
    id: "safetySignal",
    category: "Safety",
    make: (f) => {
      const s = f.first("safetySignal");
      if (!s) return null;
      return {
        question: `Are signs of ${s.value} recognised and acted on as the protocol's monitoring rule requires?`,
        statementIf: `If site staff miss early signs of ${s.value} or do not follow the protocol's monitoring and action rule`,
        statementDueTo: `due to "${short(s.quote)}"`,
        statementThen: "then a known risk of the product may harm participants before it is managed.",
        evidence: s,
      };
    },
  },
  {
    id: "stoppingRules",
    category: "Safety",
    make: (f) => {
      const r = f.first("stoppingRules");
      if (!r) return null;
      return {
        question:
          "Are the protocol's stopping rules monitored against current data, and can sites act on them at once?",
        statementIf: "If the events that trigger a stopping rule are reported late or not aggregated across sites",
        statementDueTo: `due to "${short(r.quote)}"`,
        statementThen: "then participants may keep being dosed after a stopping criterion has been met.",
        evidence: r,
      };
    },
  },
  {
    id: "aesi",
    category: "Safety",
    make: (f) => {
      const a = f.first("aesi");
      if (!a) return null;
      return {
        question: "Are adverse events of special interest recognised and reported within the expedited timelines?",
        statementIf:
          "If site staff do not recognise an adverse event of special interest or report it as an ordinary adverse event",
        statementDueTo: `due to "${short(a.quote)}"`,
        statementThen: "then the sponsor's review of the product's specific risks may be delayed or incomplete.",
        evidence: a,
      };
    },
  },
  {
    id: "technology",
    category: "Technology",
    make: (f) => {
      const t = f.of("technology").filter((x) => !ROUTINE_TECHNOLOGY.test(x.value));
      if (t.length === 0) return null;
      return {
        question: `Are ${list(t.map(shown))} validated and are sites trained on them?`,
        statementIf: `If ${shown(t[0]!)} is unavailable, misconfigured or used incorrectly`,
        statementDueTo: `due to "${short(t[0]!.quote)}"`,
        statementThen: "then randomisation, data capture or participant contact may fail or be delayed.",
        evidence: t[0]!,
      };
    },
  },
  {
    id: "sampling",
    category: "Data Collection Procedures",
    make: (f) => {
      // "Blood samples" alone says nothing a reviewer can act on (error class 4): a fact, not a row.
      // Imaging is read, not shipped: it has no place in a row on sample handling (error class 7).
      const s = f.of("sampling").filter((x) => !/^(blood samples|ct scan|mri|pet|pet-ct)$/.test(x.value));
      if (s.length === 0) return null;
      // The citation: a sentence, not a schedule-of-activities row of crosses.
      const ev = s.find((x) => !/(\bX\b.*){3}/.test(x.quote)) ?? s[0]!;
      return {
        question: `Are ${list(s.map((x) => x.value))} collected, processed and shipped per the manual?`,
        statementIf: `If ${ev.value} handling, timing or shipment deviates from the manual`,
        statementDueTo: `due to "${short(ev.quote)}"`,
        statementThen: "then samples may be lost or unevaluable and related endpoints missing.",
        evidence: ev,
      };
    },
  },
  {
    id: "labInterference",
    category: "Data Collection Procedures",
    make: (f) => {
      const l = f.first("labInterference");
      if (!l) return null;
      return {
        question: "Do sites and the laboratory know which test results the study product can distort?",
        statementIf: "If a result distorted by the study product is read at face value",
        statementDueTo: `due to "${short(l.quote)}"`,
        statementThen: "then eligibility, safety or endpoint decisions may rest on a wrong value.",
        evidence: l,
      };
    },
  },
];
