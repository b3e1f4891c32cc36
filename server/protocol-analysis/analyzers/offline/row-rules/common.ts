/** What the row rules share: the rule and row shapes, the facts of a protocol, and small text helpers. */
import type { RiskCategory } from "../../common";
import type { Fact, FactKind } from "../kinds/types";

export interface RowRule {
  id: string;
  category: RiskCategory;
  /** The risk the row is about: two rules with the same risk never both fire (one row per risk). */
  risk?: string;
  /** The row, or null when the facts do not call for it (or the study's design makes its premise false). */
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
  /** The design as the rows need it: whether the premise of a template holds for this study. */
  get design() {
    const arms = Number(this.first("arms")?.value ?? NaN);
    const single = this.has("design", /single-group|extension/) !== undefined || arms === 1;
    const randomised = this.has("design", /^randomized$|crossover|parallel|factorial|platform/) !== undefined;
    const nonRandomised = this.has("design", /non-randomized|extension/) !== undefined;
    return {
      arms: Number.isFinite(arms) ? arms : null,
      singleArm: single && !(arms >= 2),
      randomised: randomised && !nonRandomised,
      crossover: this.has("design", /crossover/) !== undefined,
      extension: this.has("design", /extension/) !== undefined,
      healthy: this.has("condition", /healthy/) !== undefined,
      unit: this.has("inpatient", /inpatient/)?.rule === "research unit stay",
      outpatient: this.has("inpatient", /outpatient/) !== undefined,
      pkEndpointOnly:
        this.of("primaryEndpoint").length > 0 &&
        this.of("primaryEndpoint").every((e) => /\b(pk|auc|cmax|pharmacokinetic)/.test(e.value)),
    };
  }
}

/** The value as the protocol writes it ("Severe COVID 19 pneumonia" rather than the lower-cased fact value). */
export function shown(f: Fact): string {
  const i = f.quote.toLowerCase().indexOf(f.value.toLowerCase());
  const s = i >= 0 ? f.quote.slice(i, i + f.value.length) : f.value;
  // A title in capitals reads as shouting in a sentence.
  return s === s.toUpperCase() && /[A-Z]{4}/.test(s) && s.includes(" ") ? s.toLowerCase() : s;
}

export const list = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? "") : `${values.slice(0, -1).join(", ")} and ${values[values.length - 1]}`;
export const short = (quote: string) => (quote.length > 140 ? `${quote.slice(0, 137).trimEnd()}…` : quote);
