import { appendAuditEntry } from "../audit/service";
import type { Db } from "../db/database";
import { DEMO } from "./demo-ids";

/**
 * The audit trail's demo data (issue 13, ADR 0026): a history of critical-process edits in study DEMO-002 — more
 * than one page of the list (25), so "Load more" has something to load — with created, changed and deleted records,
 * and a few company-level changes of Demo Pharma for the company list. Recorded through the audit service itself,
 * so the hash chain covers them like every other entry.
 */
export const DEMO_AUDIT_SEED_KEY = "demo-seed-audit";
export const DEMO_AUDIT_SEED_VERSION = 1;
/** Entries added to DEMO-002's trail (besides the seed's own). */
export const DEMO_AUDIT_STUDY_ENTRIES = 30;

const PROCESSES = ["Informed consent", "Eligibility check", "Randomisation", "IMP dispensing", "SAE reporting"];

export async function insertAuditDemoData(tx: Db): Promise<void> {
  const study = DEMO.studies.second;
  const company = DEMO.company;
  const manager = { type: "user" as const, ...DEMO.users.manager };
  const admin = { type: "user" as const, ...DEMO.users.admin };
  const studyPath = `/api/companies/${company.id}/studies/${study.name}/criticalProcesses/save`;
  for (let n = 1; n <= DEMO_AUDIT_STUDY_ENTRIES; n++) {
    const title = PROCESSES[n % PROCESSES.length]!;
    const kind = n % 3; // 1: created, 2: changed, 0: deleted
    const before = kind === 1 ? null : { title, details: `Checked at every visit (v${n - 1})` };
    const after = kind === 0 ? null : { title, details: `Checked at every visit (v${n})` };
    await appendAuditEntry(tx, {
      entryPoint: { displayText: "Save study critical processes", httpMethod: "POST", apiPath: studyPath },
      level: "Study",
      companyId: company.id,
      studyId: study.id,
      contextOfChange: { id: study.id, type: "Study", extraInfo: { displayId: study.displayId } },
      requester: n % 4 === 0 ? admin : manager,
      requestBody: { criticalProcesses: after ? [after] : [], rationaleForChange: `Protocol amendment ${n}` },
      responseBody: { isSuccess: true },
      changes: [{ before, after }],
      rationale: `Protocol amendment ${n}`,
    });
  }
  for (let n = 1; n <= 3; n++) {
    await appendAuditEntry(tx, {
      entryPoint: {
        displayText: "Save company critical processes",
        httpMethod: "POST",
        apiPath: `/api/companies/${company.id}/criticalProcesses/save`,
      },
      level: "Company",
      companyId: company.id,
      studyId: null,
      contextOfChange: { id: company.id, type: "Company" },
      requester: admin,
      requestBody: { criticalProcesses: [{ title: PROCESSES[n]!, details: "Company default" }] },
      responseBody: { isSuccess: true },
      changes: [
        {
          before: n === 1 ? null : { title: PROCESSES[n]!, details: "" },
          after: { title: PROCESSES[n]!, details: "Company default" },
        },
      ],
      rationale: `Company library review ${n}`,
    });
  }
}
