/**
 * From facts to risk rows: each rule reads the facts of one or more kinds and, when they call for it, writes a row in
 * one of the 13 categories with a question and If / due to / then statements that name this protocol's fact; the
 * row cites the fact's page, section and quote. No fact, no row: nothing generic is emitted.
 */
import type { ProtocolDocument, RiskRowDraft } from "../../contract";
import { citationFor, type RiskCategory } from "../common";
import type { Fact, FactKind } from "./facts";

export interface RowRule {
  id: string;
  category: RiskCategory;
  /** The row, or null when the facts do not call for it. */
  make(f: Facts): RowText | null;
}

export interface RowText {
  question: string;
  statementIf: string;
  statementDueTo: string;
  statementThen: string;
  /** The fact the row rests on: its evidence is the citation. */
  evidence: Fact;
}

export class Facts {
  constructor(readonly all: Fact[]) {}
  of(kind: FactKind): Fact[] {
    return this.all.filter((f) => f.kind === kind);
  }
  first(kind: FactKind): Fact | undefined {
    return this.of(kind)[0];
  }
  values(kind: FactKind): string[] {
    return this.of(kind).map((f) => f.value);
  }
  has(kind: FactKind, value: RegExp): Fact | undefined {
    return this.of(kind).find((f) => value.test(f.value));
  }
}

/** The value as the protocol writes it ("Severe COVID 19 pneumonia" rather than the lower-cased fact value). */
function shown(f: Fact): string {
  const i = f.quote.toLowerCase().indexOf(f.value.toLowerCase());
  return i >= 0 ? f.quote.slice(i, i + f.value.length) : f.value;
}

const list = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? "") : `${values.slice(0, -1).join(", ")} and ${values[values.length - 1]}`;
const short = (quote: string) => (quote.length > 140 ? `${quote.slice(0, 137).trimEnd()}…` : quote);

export const ROW_RULES: RowRule[] = [
  {
    id: "phase",
    category: "Study Phase",
    make: (f) => {
      const p = f.first("phase");
      if (!p) return null;
      const early = /phase (0|1)/.test(p.value);
      return {
        question: `Is the ${p.value.replace("phase", "Phase")} setting reflected in safety oversight and site selection?`,
        statementIf: early
          ? `If dosing decisions and adverse events are not reviewed promptly in this ${p.value} study`
          : `If sites and monitoring are not sized for a ${p.value} study`,
        statementDueTo: `due to the protocol stating "${short(p.quote)}"`,
        statementThen: early
          ? "then participants may be exposed to doses with limited human safety data before a signal is recognised."
          : "then recruitment, data volume and monitoring effort may exceed what was planned.",
        evidence: p,
      };
    },
  },
  {
    id: "blinding",
    category: "Blinding",
    make: (f) => {
      const b = f.first("blinding");
      if (!b) return null;
      if (b.value === "open-label") {
        return {
          question: "How is assessment bias controlled in this open-label study?",
          statementIf: "If investigators and participants know the assigned treatment when endpoints are assessed",
          statementDueTo: `due to the open-label design ("${short(b.quote)}")`,
          statementThen: "then endpoint assessments and adverse event reporting may be biased.",
          evidence: b,
        };
      }
      const placebo = f.has("control", /placebo/);
      return {
        question: `How is the ${b.value} maintained at sites and in the supply chain?`,
        statementIf: `If the ${b.value} is broken by treatment appearance, unblinded staff or emergency unblinding`,
        statementDueTo: `due to ${placebo ? "a placebo-controlled, " : ""}${b.value} design ("${short(b.quote)}")`,
        statementThen: "then the study's comparisons may be biased and the primary analysis compromised.",
        evidence: b,
      };
    },
  },
  {
    id: "design",
    category: "Study Complexity",
    make: (f) => {
      const d = f.of("design").find((x) => x.value !== "randomized") ?? f.first("design");
      const arms = f.first("arms");
      if (!d && !arms) return null;
      const ev = d ?? arms!;
      const what = [d ? `a ${d.value} design` : null, arms ? `${arms.value} arms` : null]
        .filter(Boolean)
        .join(" with ");
      return {
        question: `Can sites run ${what} without assignment or dosing errors?`,
        statementIf: `If site staff confuse the arms, schedules or treatment assignments of ${what}`,
        statementDueTo: `due to the design stated as "${short(ev.quote)}"`,
        statementThen: "then participants may receive the wrong treatment and the comparison between arms may be lost.",
        evidence: ev,
      };
    },
  },
  {
    id: "adaptive",
    category: "Study Complexity",
    make: (f) => {
      const d = f.has("design", /platform|factorial|dose-escalation|crossover/);
      if (!d) return null;
      const what =
        d.value === "platform"
          ? "agents added or dropped under a platform protocol"
          : d.value === "factorial"
            ? "a factorial allocation"
            : d.value === "crossover"
              ? "treatment periods and washouts of a crossover"
              : "dose-escalation decisions";
      return {
        question: `Are protocol versions, randomisation and training kept in step with ${what}?`,
        statementIf: `If sites work from an outdated version or allocation while ${what} changes the study`,
        statementDueTo: `due to "${short(d.quote)}"`,
        statementThen: "then participants may be randomised or treated under the wrong rules.",
        evidence: d,
      };
    },
  },
  {
    id: "placebo",
    category: "Study Complexity",
    make: (f) => {
      const c = f.first("control");
      if (!c) return null;
      if (c.value === "historical control") {
        return {
          question: "Is the historical comparison valid for this population?",
          statementIf: "If the enrolled population differs from the one the historical rate came from",
          statementDueTo: `due to no concurrent control arm ("${short(c.quote)}")`,
          statementThen: "then the efficacy conclusion may be biased.",
          evidence: c,
        };
      }
      return {
        question: `Is the ${shown(c)} comparator handled the same way as the study drug?`,
        statementIf: `If the ${shown(c)} comparator is prepared, labelled or given differently from the investigational product`,
        statementDueTo: `due to the control stated as "${short(c.quote)}"`,
        statementThen: "then blinding or the comparison may be compromised.",
        evidence: c,
      };
    },
  },
  {
    id: "condition",
    category: "Subject Population",
    make: (f) => {
      const c = f.first("condition");
      if (!c) return null;
      return {
        question: `Can sites find and confirm enough patients with ${shown(c)}?`,
        statementIf: `If eligible patients with ${shown(c)} are scarce or eligibility is hard to confirm`,
        statementDueTo: `due to the population described as "${short(c.quote)}"`,
        statementThen: "then recruitment may be slow and ineligible participants may be enrolled.",
        evidence: c,
      };
    },
  },
  {
    id: "age",
    category: "Subject Population",
    make: (f) => {
      const a = f.first("age");
      if (!a) return null;
      const m = /^(\d+)/.exec(a.value);
      const paediatric = m !== null && Number(m[1]) < 18;
      return {
        question: paediatric
          ? `Are assent, parental consent and age-appropriate procedures in place for participants aged ${a.value}?`
          : `Is age (${a.value}) verified against source documents before randomisation?`,
        statementIf: paediatric
          ? "If assent and parental consent are not obtained and documented correctly"
          : `If participants outside ${a.value} are enrolled`,
        statementDueTo: `due to the age criterion "${short(a.quote)}"`,
        statementThen: paediatric
          ? "then the rights of minors may be infringed and their data may be unusable."
          : "then eligibility deviations may exclude participants from the analysis.",
        evidence: a,
      };
    },
  },
  {
    id: "specialPopulation",
    category: "Subject Population",
    make: (f) => {
      const s = f.first("specialPopulation");
      if (!s) return null;
      const consent = /lar/.test(s.value);
      return {
        question: consent
          ? "Is consent by a legally authorised representative obtained and re-consent planned?"
          : `Are the safeguards for ${s.value} in place at every site?`,
        statementIf: consent
          ? "If consent is taken from a representative who is not legally authorised, or the participant is not re-consented on recovery"
          : `If the additional protections for ${s.value} are not applied`,
        statementDueTo: `due to "${short(s.quote)}"`,
        statementThen: "then participants' rights may be infringed and their data may have to be excluded.",
        evidence: s,
      };
    },
  },
  {
    id: "caregiver",
    category: "Subject Population",
    make: (f) => {
      const c = f.first("caregiver");
      if (!c) return null;
      return {
        question: "Will caregivers or study partners be available for every visit and assessment?",
        statementIf: "If the required caregiver or study partner is unavailable or changes during the study",
        statementDueTo: `due to "${short(c.quote)}"`,
        statementThen: "then assessments may be missed or unreliable and participants may withdraw.",
        evidence: c,
      };
    },
  },
  {
    id: "inpatient",
    category: "Operational Complexity",
    make: (f) => {
      const i = f.first("inpatient");
      if (!i) return null;
      if (i.value === "inpatient") {
        return {
          question: "Can hospital ward or intensive care staff follow the protocol's schedule?",
          statementIf: "If study procedures depend on ward staff who are not trained on the protocol",
          statementDueTo: `due to participants being hospitalised ("${short(i.quote)}")`,
          statementThen: "then assessments, dosing times and samples may be missed or out of window.",
          evidence: i,
        };
      }
      return {
        question: "Will outpatients return for every scheduled visit?",
        statementIf: "If outpatients miss visits or self-administer treatment inconsistently at home",
        statementDueTo: `due to "${short(i.quote)}"`,
        statementThen: "then visit windows, compliance and data completeness may suffer.",
        evidence: i,
      };
    },
  },
  {
    id: "enrolment",
    category: "Operational Complexity",
    make: (f) => {
      const e = f.first("enrolment");
      if (!e) return null;
      const sites = f.first("sites");
      return {
        question: `Is enrolling ${e.value} participants${sites ? ` at ${sites.value} sites` : ""} feasible on schedule?`,
        statementIf: `If recruitment of the planned ${e.value} participants falls behind`,
        statementDueTo: `due to the planned enrolment ("${short(e.quote)}")`,
        statementThen: "then the study may be underpowered or extended, and sites may be added late.",
        evidence: e,
      };
    },
  },
  {
    id: "geography",
    category: "Geography",
    make: (f) => {
      const g = f.of("geography");
      const s = f.first("sites");
      if (g.length === 0 && !s) return null;
      const ev = g[0] ?? s!;
      const where = g.length > 0 ? list(g.map((x) => x.value)) : `${s!.value} sites`;
      const single = s && /single|^1$/.test(s.value);
      return {
        question: single
          ? "Does a single site carry the whole study's recruitment and data?"
          : `Are regulatory, language and standard-of-care differences across ${where} managed?`,
        statementIf: single
          ? "If the single site's capacity or staffing changes"
          : `If requirements or clinical practice differ across ${where}`,
        statementDueTo: `due to "${short(ev.quote)}"`,
        statementThen: single
          ? "then recruitment and data collection for the whole study may stop."
          : "then approvals, supply and data may be inconsistent between regions.",
        evidence: ev,
      };
    },
  },
  {
    id: "sites",
    category: "Organizational Experience",
    make: (f) => {
      const s = f.first("sites");
      if (!s || /single|^1$/.test(s.value)) return null;
      return {
        question: `Do all ${s.value} sites have experience with this kind of study?`,
        statementIf: `If some of the ${s.value} sites have little experience with the protocol's procedures`,
        statementDueTo: `due to "${short(s.quote)}"`,
        statementThen: "then protocol deviations and data queries may be concentrated at inexperienced sites.",
        evidence: s,
      };
    },
  },
  {
    id: "imp",
    category: "IMP",
    make: (f) => {
      const imps = f.of("imp");
      if (imps.length === 0) return null;
      const doses = f.values("dose");
      return {
        question: `Is ${list(imps.map(shown))} dosed correctly${doses.length > 0 ? ` (${list(doses.slice(0, 4))})` : ""}?`,
        statementIf: "If the wrong dose or product is dispensed or prepared",
        statementDueTo: `due to the investigational product${imps.length > 1 ? "s" : ""} named in "${short(imps[0]!.quote)}"`,
        statementThen: "then participants may be under- or overdosed and efficacy and safety data distorted.",
        evidence: imps[0]!,
      };
    },
  },
  {
    id: "dose",
    category: "IMP",
    make: (f) => {
      const d = f.of("dose");
      if (d.length < 2) return null;
      return {
        question: `Are the ${d.length} dose levels (${list(d.map((x) => x.value))}) kept apart in dispensing?`,
        statementIf: "If dose strengths are mixed up at dispensing or preparation",
        statementDueTo: `due to several doses, e.g. "${short(d[0]!.quote)}"`,
        statementThen: "then participants may receive another arm's dose.",
        evidence: d[0]!,
      };
    },
  },
  {
    id: "route",
    category: "IMP Supply Chain",
    make: (f) => {
      const r = f.first("route");
      if (!r) return null;
      const iv = /intravenous|subcutaneous|intramuscular/.test(r.value);
      return {
        question: iv
          ? `Can sites prepare and give the ${r.value} study treatment as specified?`
          : `Is ${r.value} study treatment dispensed, returned and reconciled?`,
        statementIf: iv
          ? `If ${r.value} preparation, storage or infusion timing deviates from the pharmacy manual`
          : "If participants take study medication at home without accurate dispensing and return records",
        statementDueTo: `due to "${short(r.quote)}"`,
        statementThen: iv
          ? "then participants may receive degraded or wrongly prepared product."
          : "then compliance cannot be verified and drug accountability may fail.",
        evidence: r,
      };
    },
  },
  {
    id: "duration",
    category: "Operational Complexity",
    make: (f) => {
      const d = f.first("duration");
      if (!d) return null;
      return {
        question: `Will participants be retained for ${d.value}?`,
        statementIf: `If participants drop out or are lost to follow-up before ${d.value}`,
        statementDueTo: `due to "${short(d.quote)}"`,
        statementThen: "then endpoint data may be missing and the analysis weakened.",
        evidence: d,
      };
    },
  },
  {
    id: "primaryEndpoint",
    category: "Study Endpoints",
    make: (f) => {
      const e = f.first("primaryEndpoint");
      if (!e) return null;
      return {
        question: `Is the primary endpoint (${e.value}) assessed consistently and on time?`,
        statementIf: "If the primary endpoint is assessed out of window, inconsistently across sites, or is missing",
        statementDueTo: `due to the primary endpoint "${short(e.quote)}"`,
        statementThen: "then the primary analysis may be biased or underpowered.",
        evidence: e,
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
      const t = f.of("technology");
      if (t.length === 0) return null;
      return {
        question: `Are ${list(t.map(shown))} validated and are sites trained on them?`,
        statementIf: `If ${t[0]!.value} is unavailable, misconfigured or used incorrectly`,
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
      const s = f.of("sampling");
      if (s.length === 0) return null;
      return {
        question: `Are ${list(s.map((x) => x.value))} collected, processed and shipped per the manual?`,
        statementIf: `If ${s[0]!.value} handling, timing or shipment deviates from the manual`,
        statementDueTo: `due to "${short(s[0]!.quote)}"`,
        statementThen: "then samples may be lost or unevaluable and related endpoints missing.",
        evidence: s[0]!,
      };
    },
  },
];

export function rowsFromFacts(
  doc: ProtocolDocument,
  facts: Fact[],
): { rows: RiskRowDraft[]; fired: { rule: string; fact: Fact }[] } {
  const f = new Facts(facts);
  const rows: RiskRowDraft[] = [];
  const fired: { rule: string; fact: Fact }[] = [];
  for (const rule of ROW_RULES) {
    const r = rule.make(f);
    if (!r) continue;
    rows.push({
      category: rule.category,
      question: r.question,
      statementIf: r.statementIf,
      statementDueTo: r.statementDueTo,
      statementThen: r.statementThen,
      citation: citationFor(doc, r.evidence.block, r.evidence.quote),
    });
    fired.push({ rule: rule.id, fact: r.evidence });
  }
  return { rows, fired };
}
