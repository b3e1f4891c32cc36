/** Rows on where the study runs, who runs it, and the investigational products and their supply. */
import { list, shown, short, type RowRule } from "./common";

/** Scope words that say the same thing: one is enough ("worldwide and global" read doubled, error class 3). */
const SCOPE = /^(worldwide|global|international|multinational|multi-country|multicountry|several countries)$/;

export const PRODUCT_RULES: RowRule[] = [
  {
    id: "geography",
    category: "Geography",
    make: (f) => {
      const all = f.of("geography");
      const scope = all.find((g) => SCOPE.test(g.value));
      const g = [...(scope ? [scope] : []), ...all.filter((x) => !SCOPE.test(x.value))];
      const s = f.first("sites");
      if (g.length === 0 && !s) return null;
      const single = s && /single|^1$/.test(s.value);
      if (single) {
        return {
          question: "Does a single site carry the whole study's recruitment and data?",
          statementIf: "If the single site's capacity or staffing changes",
          statementDueTo: `due to "${short(s.quote)}"`,
          statementThen: "then recruitment and data collection for the whole study may stop.",
          evidence: s,
        };
      }
      // One named country with no scope word: a single-country study has no multi-region risk (error class 1).
      if (!scope && g.length <= 1) return null;
      // A scope word is not a place: "across the participating countries (Europe and North America)".
      // One named place beside a scope word is where the protocol happens to name, not the study's extent.
      const places = g.filter((x) => !SCOPE.test(x.value)).map((x) => shown(x));
      const where = scope
        ? `the participating countries${places.length > 1 ? ` (${list(places)})` : ""}`
        : list(g.map((x) => shown(x)));
      return {
        question: `Are regulatory, language and standard-of-care differences across ${where} managed?`,
        statementIf: `If requirements or clinical practice differ across ${where}`,
        statementDueTo: `due to "${short(g[0]!.quote)}"`,
        statementThen: "then approvals, supply and data may be inconsistent between regions.",
        evidence: g[0]!,
      };
    },
  },
  {
    id: "sites",
    category: "Organizational Experience",
    risk: "organizational experience",
    make: (f) => {
      const s = f.first("sites");
      if (!s || /single|^1$/.test(s.value)) return null;
      // Site experience is a risk where there are many sites; "multicentre" or two named sites says too little
      // (error class 4), and the category is then reported as considered.
      if (!/several|hundreds/.test(s.value) && !(Number(s.value) >= 3)) return null;
      const all = `all ${s.value} sites`;
      return {
        question: `Do ${all} have experience with this kind of study?`,
        statementIf: `If some of the ${s.value} sites have little experience with the protocol's procedures`,
        statementDueTo: `due to "${short(s.quote)}"`,
        statementThen: "then protocol deviations and data queries may be concentrated at inexperienced sites.",
        evidence: s,
      };
    },
  },
  {
    id: "vendor",
    category: "Organizational Experience",
    risk: "organizational experience",
    make: (f) => {
      const v = f.of("vendor");
      if (v.length === 0) return null;
      const who = list(v.map((x) => (x.value === "cro" ? "the CRO" : `the ${x.value}`)));
      return {
        question: `Has the sponsor qualified and does it oversee ${who} the study relies on?`,
        statementIf: `If ${who} lacks experience with this study's procedures or is not overseen`,
        statementDueTo: `due to "${short(v[0]!.quote)}"`,
        statementThen: "then delegated tasks may be done late or wrongly without the sponsor noticing.",
        evidence: v[0]!,
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
        question: `${imps.length > 1 ? "Are" : "Is"} ${list(imps.map(shown))} dosed correctly${doses.length > 0 ? ` (${list(doses.slice(0, 4))})` : ""}?`,
        statementIf: `If the wrong dose or product is dispensed or prepared${doses.length > 1 ? ", or dose strengths are mixed up" : ""}`,
        statementDueTo: `due to the investigational product${imps.length > 1 ? "s" : ""} named in "${short(imps[0]!.quote)}"`,
        statementThen: "then participants may be under- or overdosed and efficacy and safety data distorted.",
        evidence: imps[0]!,
      };
    },
  },
  {
    id: "route",
    category: "IMP Supply Chain",
    make: (f) => {
      const r = f.first("route");
      if (!r) return null;
      const d = f.design;
      if (/intravenous|intramuscular/.test(r.value)) {
        return {
          question: `Can sites prepare and give the ${r.value} study treatment as specified?`,
          statementIf: `If ${r.value} preparation, storage or administration timing deviates from the pharmacy manual`,
          statementDueTo: `due to "${short(r.quote)}"`,
          statementThen: "then participants may receive degraded or wrongly prepared product.",
          evidence: r,
        };
      }
      if (r.value === "subcutaneous" && !d.unit) {
        return {
          question: "Are participants trained to inject the subcutaneous study treatment and to store it as required?",
          statementIf:
            "If participants inject incorrectly, miss injections or store the product outside its conditions",
          statementDueTo: `due to "${short(r.quote)}"`,
          statementThen: "then exposure may differ from the protocol's and injections may go unrecorded.",
          evidence: r,
        };
      }
      if (d.unit) {
        return {
          question: `Is each ${r.value} dose given under observation at the time and in the condition the protocol sets?`,
          statementIf: `If a ${r.value} dose is given at the wrong time or in the wrong condition (for example fed instead of fasted)`,
          statementDueTo: `due to "${short(r.quote)}"`,
          statementThen: "then the pharmacokinetic comparison may be invalid.",
          evidence: r,
        };
      }
      return {
        question: `Is ${r.value} study treatment dispensed, returned and reconciled?`,
        statementIf: "If participants take study medication at home without accurate dispensing and return records",
        statementDueTo: `due to "${short(r.quote)}"`,
        statementThen: "then compliance cannot be verified and drug accountability may fail.",
        evidence: r,
      };
    },
  },
  {
    id: "supplyModel",
    category: "IMP Supply Chain",
    make: (f) => {
      const s = f.first("supplyModel");
      if (!s) return null;
      return {
        question: "Is direct-to-patient shipment of the study product tracked, temperature-controlled and reconciled?",
        statementIf: "If shipments to participants' homes are delayed, lost or kept outside their storage conditions",
        statementDueTo: `due to "${short(s.quote)}"`,
        statementThen: "then participants may miss doses or take degraded product, and accountability may fail.",
        evidence: s,
      };
    },
  },
];
