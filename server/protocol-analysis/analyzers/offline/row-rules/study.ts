/** Rows on the study's phase, blinding, design and control: each checks its premise against the design first. */
import { shown, short, type RowRule } from "./common";

export const STUDY_RULES: RowRule[] = [
  {
    id: "phase",
    category: "Study Phase",
    // Only an early phase says something of its own; for phases 2 to 4 the sizing sentence was generic filler (error
    // class 4), and the category is reported as considered instead.
    make: (f) => {
      const p = f.first("phase");
      if (!p || !/phase (0|1)/.test(p.value)) return null;
      const healthy = f.design.healthy;
      return {
        question: `Are adverse events in this ${p.value.replace("phase", "Phase")} study reviewed before each further dose?`,
        statementIf: healthy
          ? "If adverse events in healthy participants are not recognised, reported and acted on before the next dose"
          : `If dosing decisions and adverse events are not reviewed promptly in this ${p.value} study`,
        statementDueTo: `due to the protocol stating "${short(p.quote)}"`,
        statementThen: healthy
          ? "then healthy participants, who have no benefit from the product, may be exposed to avoidable harm."
          : "then participants may be exposed to doses with limited human safety data before a signal is recognised.",
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
        // An open-label PK study: the endpoint is a measured concentration, and assessment bias is not the risk.
        if (f.design.pkEndpointOnly) return null;
        return {
          question: "How is assessment bias controlled in this open-label study?",
          statementIf: "If investigators and participants know the assigned treatment when endpoints are assessed",
          statementDueTo: `due to the open-label design ("${short(b.quote)}")`,
          statementThen: "then endpoint assessments and adverse event reporting may be biased.",
          evidence: b,
        };
      }
      const what = b.value === "blinded" ? "blinding" : `the ${b.value}`;
      const placebo = f.has("control", /placebo/);
      return {
        question: `How is ${what} maintained at sites and in the supply chain?`,
        statementIf: `If ${what} is broken by treatment appearance, unblinded staff or emergency unblinding`,
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
      const d = f.design;
      const design = f.of("design").find((x) => !/^(randomized|non-randomized)$/.test(x.value));
      const arms = f.first("arms");
      if (d.crossover) {
        const x = f.has("design", /crossover/)!;
        return {
          question: "Does each participant receive the periods of the crossover in the randomised sequence?",
          statementIf: "If a participant's sequence, period timing or washout deviates from the randomisation schedule",
          statementDueTo: `due to the design stated as "${short(x.quote)}"`,
          statementThen: "then period or carry-over effects may bias the within-participant comparison.",
          evidence: x,
        };
      }
      // "Confuse the arms" needs arms to confuse (error class 1): not in a single-arm or extension study.
      if (d.singleArm || !arms || Number(arms.value) < 2) return null;
      const ev = design ?? arms;
      const what =
        design && !/-arm$/.test(design.value)
          ? `a ${design.value} design with ${arms.value} arms`
          : `${arms.value} arms`;
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
      const d = f.has("design", /platform|factorial|dose-escalation/);
      if (!d) return null;
      const what =
        d.value === "platform"
          ? "agents added or dropped under a platform protocol"
          : d.value === "factorial"
            ? "a factorial allocation"
            : "dose-escalation decisions";
      return {
        question: `Are protocol versions, randomisation and training kept in step with ${what}?`,
        statementIf: `If sites work from an outdated version or allocation while ${what} change the study`,
        statementDueTo: `due to "${short(d.quote)}"`,
        statementThen: "then participants may be randomised or treated under the wrong rules.",
        evidence: d,
      };
    },
  },
  {
    id: "control",
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
      // A placebo's handling is the Blinding row's risk (error class 6); a named active comparator has its own supply.
      // No comparator ("none", each participant their own control): nothing to source or dose.
      if (/^(placebo|active comparator|none|own control)$/.test(c.value)) return null;
      return {
        question: `Is the active comparator ${shown(c)} sourced, labelled and dosed as the protocol specifies?`,
        statementIf: `If ${shown(c)} is sourced locally, relabelled or dosed differently from the protocol`,
        statementDueTo: `due to the comparator stated as "${short(c.quote)}"`,
        statementThen: "then the comparison with the investigational product may be biased.",
        evidence: c,
      };
    },
  },
];
