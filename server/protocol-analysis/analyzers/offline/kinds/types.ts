/** The kinds of fact the offline analyzer finds, and a fact with its evidence. */
export const FACT_KINDS = [
  "phase",
  "blinding",
  "design",
  "arms",
  "control",
  "condition",
  "age",
  "enrolment",
  "imp",
  "route",
  "dose",
  "duration",
  "primaryEndpoint",
  "geography",
  "sites",
  "inpatient",
  "caregiver",
  "dsmb",
  "technology",
  "specialPopulation",
  "sampling",
  // Beyond the facts files' kinds (issue 15's safety facts):
  "stoppingRules",
  "aesi",
  // Issue 23's distinctive risks (kinds/distinctive.ts):
  "enrolmentWindow",
  "supplyModel",
  "specialProcedure",
  "labInterference",
  "centralReading",
  "safetySignal",
  "vendor",
  // Issue 23, read from the objectives/endpoints table and the schedule of activities:
  "secondaryEndpoint",
  "visits",
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface Fact {
  kind: FactKind;
  /** A short canonical value ("phase 2a", "double-blind", "496", "≥18 years", "intravenous"). */
  value: string;
  /** The rule that produced it, for the history file. */
  rule: string;
  block: number;
  /** The sentence the fact came from, verbatim from the block's text. */
  quote: string;
  score: number;
}
