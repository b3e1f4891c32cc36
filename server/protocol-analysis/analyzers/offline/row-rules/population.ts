/** Rows on who takes part, where they stay, how many and for how long. */
import { list, shown, short, type RowRule } from "./common";

export const POPULATION_RULES: RowRule[] = [
  {
    id: "condition",
    category: "Subject Population",
    make: (f) => {
      const c = f.first("condition");
      if (!c) return null;
      if (f.design.extension) {
        return {
          question: "Will enough participants completing the parent trial(s) roll over into this extension in time?",
          statementIf:
            "If participants finish the parent trial before this extension is approved and open at their site",
          statementDueTo: `due to the population described as "${short(c.quote)}"`,
          statementThen: "then eligible participants may be lost or have a gap in treatment.",
          evidence: c,
        };
      }
      if (c.value === "healthy volunteers") {
        return {
          question: "Can the unit recruit enough healthy participants who meet every criterion?",
          statementIf: "If healthy participants are recruited who do not meet the criteria, or too few are available",
          statementDueTo: `due to the population described as "${short(c.quote)}"`,
          statementThen: "then the cohort may be delayed or its data excluded.",
          evidence: c,
        };
      }
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
      // "Before randomisation" only where there is a randomisation (error class 1).
      const when = f.design.randomised ? "randomisation" : "enrolment";
      return {
        question: paediatric
          ? `Are assent, parental consent and age-appropriate procedures in place for participants aged ${a.value}?`
          : `Is age (${a.value}) verified against source documents before ${when}?`,
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
      // Who needs extra protection; the inclusion criteria's sex, health or BMI are facts, not a vulnerable group.
      const s = f.has("specialPopulation", /lar|pregnan|elderly|older|children|paediatric|adolescent|neonate|infant/);
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
      if (i.value === "inpatient" && f.design.unit) {
        return {
          question:
            "Can the clinical research unit keep the dosing, meal and sampling times of the confinement period?",
          statementIf: "If dosing, meals or samples during the unit stay drift from the protocol's times",
          statementDueTo: `due to the stay in the unit ("${short(i.quote)}")`,
          statementThen: "then pharmacokinetic and safety data may be unevaluable.",
          evidence: i,
        };
      }
      if (i.value === "inpatient") {
        return {
          question: "Can hospital ward or intensive care staff follow the protocol's schedule?",
          statementIf: "If study procedures depend on ward staff who are not trained on the protocol",
          statementDueTo: `due to participants being hospitalised ("${short(i.quote)}")`,
          statementThen: "then assessments, dosing times and samples may be missed or out of window.",
          evidence: i,
        };
      }
      // Outpatients: who gives the product decides the risk (error class 1: no "self-administer" for clinic dosing).
      const home = f.has("route", /oral|subcutaneous|inhaled|topical|transdermal|intranasal/);
      const clinic = f.has("route", /intravenous|intramuscular/);
      return {
        question: home
          ? "Will outpatients return for every scheduled visit?"
          : "Will outpatients attend every clinic dosing visit on schedule?",
        statementIf: home
          ? `If outpatients miss visits or take their ${home.value} treatment inconsistently at home${clinic ? " between clinic infusions" : ""}`
          : "If outpatients miss or delay clinic visits at which the study treatment is given",
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
      const at =
        sites && /^\d+$|several|hundreds/.test(sites.value)
          ? ` at ${sites.value} sites`
          : sites?.value === "single site"
            ? " at a single site"
            : "";
      return {
        question: `Is enrolling ${e.value} participants${at} feasible on schedule?`,
        statementIf: `If recruitment of the planned ${e.value} participants falls behind`,
        statementDueTo: `due to the planned enrolment ("${short(e.quote)}")`,
        statementThen: "then the study may be underpowered or extended, and sites may be added late.",
        evidence: e,
      };
    },
  },
  {
    id: "enrolmentWindow",
    category: "Operational Complexity",
    make: (f) => {
      const w = f.first("enrolmentWindow");
      if (!w) return null;
      return {
        question: `Can sites screen, consent and enrol participants within ${w.value} of the index event?`,
        statementIf: `If screening, consent or randomisation cannot be completed within ${w.value}`,
        statementDueTo: `due to "${short(w.quote)}"`,
        statementThen: "then eligible participants may be missed or enrolled outside the window.",
        evidence: w,
      };
    },
  },
  {
    id: "duration",
    category: "Operational Complexity",
    make: (f) => {
      // A duration that is not a length of time ("until progression", "the length of the surgical procedure") says
      // nothing of retention.
      const d = f
        .of("duration")
        // Nor does the calendar length of the whole study ("conducted over a period of 52 months", "Study Duration
        // 3.5 years"): a participant's stay is shorter (error class 2).
        .find(
          (x) =>
            /^(\d+(?:\.\d+)? (?:days?|weeks?|months?|years?|cycles?)|variable)$/.test(x.value) &&
            !/\b(?:conduct|run)\b[^.]{0,120}\bover a period of|\bstudy duration\b/i.test(x.quote),
        );
      if (!d) return null;
      const how = d.value === "variable" ? "a treatment period of variable length" : d.value;
      return {
        question: `Will participants be retained for ${how}?`,
        statementIf: `If participants drop out or are lost to follow-up before ${d.value === "variable" ? "the end of their treatment" : d.value}`,
        statementDueTo: `due to "${short(d.quote)}"`,
        statementThen: "then endpoint data may be missing and the analysis weakened.",
        evidence: d,
      };
    },
  },
  {
    id: "specialProcedure",
    category: "Data Collection Procedures",
    make: (f) => {
      const p = f.of("specialProcedure");
      if (p.length === 0) return null;
      return {
        question: `Is the ${list(p.map((x) => x.value))} carried out exactly as the protocol specifies?`,
        statementIf: `If the ${p[0]!.value} is done late, incompletely or differently between participants or sites`,
        statementDueTo: `due to "${short(p[0]!.quote)}"`,
        statementThen: "then the data the primary analysis depends on may be invalid.",
        evidence: p[0]!,
      };
    },
  },
];
