import type { ChangePair } from "../audit/changes";
import { appendAuditEntry } from "../audit/service";
import type { CpcdKind, CriticalDatumItem, CriticalProcessItem } from "../contracts/cpcd";
import { saveList, type CpcdOwner } from "../cpcd/service";
import type { Db } from "../db/database";
import type { AuditScope } from "../http/route";
import { DEMO } from "./demo-ids";

/**
 * CP&CD demo data (issue 12): Demo Pharma's company lists (the examples a CTQ identification starts from) and the
 * study lists of DEMO-001. DEMO-002 stays empty, so the empty state can be seen. Each list is on the record.
 */
export const DEMO_COMPANY_PROCESSES: CriticalProcessItem[] = [
  { title: "Informed consent", details: "Consent obtained and documented before any study-specific procedure." },
  {
    title: "Eligibility assessment",
    details: "Inclusion and exclusion criteria confirmed and documented before randomisation.",
  },
  { title: "Randomisation", details: "Subjects randomised through the IRT system in the allocated stratum." },
  { title: "Blinding", details: "Treatment allocation concealed from subjects, investigators and assessors." },
  {
    title: "IMP management",
    details: "Receipt, storage, temperature control, dispensing and accountability of the IMP.",
  },
  {
    title: "Dosing and compliance",
    details: "The IMP administered as the protocol specifies, and compliance recorded.",
  },
  {
    title: "Primary endpoint assessment",
    details: "The primary endpoint measured at the scheduled visits by the defined method.",
  },
  { title: "Safety reporting", details: "AEs and SAEs recorded, assessed and reported within the required timelines." },
  { title: "Protocol deviation management", details: "Deviations identified, classified, escalated and documented." },
  {
    title: "Source data verification",
    details: "Critical data points verified against source at the defined frequency.",
  },
];

export const DEMO_COMPANY_DATA: CriticalDatumItem[] = [
  { label: "Date of informed consent", description: "Date and version of the signed consent form." },
  { label: "Inclusion and exclusion criteria", description: "Each criterion with its outcome at screening." },
  { label: "Randomisation date and arm", description: "As allocated by the IRT system." },
  { label: "Primary efficacy measurement", description: "The value, unit and date of the primary endpoint." },
  { label: "Key secondary efficacy measurements", description: "Values supporting the key secondary endpoints." },
  { label: "Serious adverse events", description: "Term, onset, seriousness criteria, causality and outcome." },
  { label: "Adverse events of special interest", description: "As defined in the protocol's safety section." },
  { label: "IMP dosing records", description: "Dose, date and time of each administration." },
  { label: "Concomitant medications", description: "Prohibited and restricted medications above all." },
  { label: "Study discontinuation", description: "Date and primary reason for discontinuing treatment or the study." },
  { label: "Death", description: "Date and cause of death." },
  { label: "Pregnancy", description: "Pregnancy reports and their outcomes." },
];

/** DEMO-001 (ACE-221 Hypertension Phase II): study-specific wording of the company examples. */
export const DEMO_STUDY_PROCESSES: CriticalProcessItem[] = [
  { title: "Informed consent", details: "Signed ICF version 3.0 or later before the washout period starts." },
  { title: "Eligibility assessment", details: "Office systolic blood pressure 140–179 mmHg at two screening visits." },
  { title: "Randomisation", details: "1:1:1 to placebo, 10 mg or 20 mg, stratified by diabetes status." },
  { title: "Blood pressure measurement", details: "Automated office BP, three readings after five minutes seated." },
  {
    title: "Ambulatory BP monitoring",
    details: "24-hour ABPM at baseline and week 12, with at least 70% valid readings.",
  },
  { title: "IMP management", details: "Kits dispensed by IRT; temperature excursions reported within 24 hours." },
  { title: "Safety reporting", details: "Symptomatic hypotension and hyperkalaemia reported as AESIs." },
];

export const DEMO_STUDY_DATA: CriticalDatumItem[] = [
  { label: "Date of informed consent", description: "ICF date and version.", isCritical: true },
  {
    label: "Screening office blood pressure",
    description: "Mean of three readings at each screening visit.",
    isCritical: true,
  },
  { label: "Randomisation stratum", description: "Diabetes status as entered in the IRT.", isCritical: true },
  { label: "Week 12 mean seated SBP", description: "The primary endpoint.", isCritical: true },
  { label: "24-hour ABPM mean SBP", description: "The key secondary endpoint.", isCritical: true },
  { label: "Serum potassium", description: "Central laboratory, at every visit.", isCritical: false },
  {
    label: "Adverse events of special interest",
    description: "Symptomatic hypotension, hyperkalaemia.",
    isCritical: true,
  },
  { label: "Concomitant antihypertensives", description: "Any change after randomisation.", isCritical: false },
];

/** A scope that only collects the pairs, for the seed's own audit entry. */
function collectingScope(): AuditScope {
  const changes: ChangePair[] = [];
  return {
    changes,
    change: (before, after) => void changes.push({ before, after }),
    setContext: () => undefined,
    setRationale: () => undefined,
    setRequester: () => undefined,
    nothingChanged: () => undefined,
  };
}

async function seedList(tx: Db, owner: CpcdOwner, kind: CpcdKind, items: CriticalProcessItem[] | CriticalDatumItem[]) {
  const scope = collectingScope();
  await saveList(tx, owner, kind, items, 0, scope);
  const study = owner.studyId === null ? null : DEMO.studies.active;
  await appendAuditEntry(tx, {
    entryPoint: { displayText: "Demo data seeded", httpMethod: null, apiPath: null },
    level: study ? "Study" : "Company",
    companyId: owner.companyId,
    studyId: owner.studyId,
    contextOfChange: study
      ? { id: study.id, type: "Study", extraInfo: { displayId: study.displayId } }
      : { id: owner.companyId, type: "Company" },
    requester: { type: "system" },
    changes: scope.changes,
    rationale: "Initial demo data",
  });
}

/** The seed step (server/seed/demo.ts). */
export async function insertCpcdDemoData(tx: Db): Promise<void> {
  const company = { companyId: DEMO.company.id, studyId: null };
  const study = { companyId: DEMO.company.id, studyId: DEMO.studies.active.id };
  await seedList(tx, company, "criticalProcesses", DEMO_COMPANY_PROCESSES);
  await seedList(tx, company, "criticalData", DEMO_COMPANY_DATA);
  await seedList(tx, study, "criticalProcesses", DEMO_STUDY_PROCESSES);
  await seedList(tx, study, "criticalData", DEMO_STUDY_DATA);
}
