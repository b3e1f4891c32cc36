import { cpcdCalls } from "../contracts/calls/cpcd";
import { RATIONALE_REQUIRED, type CpcdItemOf, type CpcdKind } from "../contracts/cpcd";
import type { Db } from "../db/database";
import { validationFailed } from "../http/problem";
import { defineRoute, type AuditScope, type CompanyScope, type StudyScope } from "../http/route";
import { getList, importItems, rationaleRequired, saveList, type CpcdOwner } from "./service";

/** 200 items of a few hundred characters each fit several times over; a save is the whole list. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The lists' owner: the company of the path, or the study of the path (resolved by the route's scope). */
const ownerOf = (scope: CompanyScope | StudyScope): CpcdOwner => ({
  companyId: scope.companyId,
  studyId: "study" in scope ? scope.study.internalStudyId : null,
});

/** 001 §7: the body may name the company and study too; when it does, it must name those of the path. */
function checkBodyNames(body: { companyId?: string; studyName?: string }, scope: StudyScope) {
  const issues = [];
  if (body.companyId !== undefined && body.companyId !== scope.companyId)
    issues.push({ path: "companyId", message: "The company must be the one of the address" });
  if (body.studyName !== undefined && body.studyName !== scope.studyName)
    issues.push({ path: "studyName", message: "The study must be the one of the address" });
  if (issues.length > 0) throw validationFailed(issues);
}

const LABELS: Record<CpcdKind, { one: string }> = {
  criticalProcesses: { one: "critical processes" },
  criticalData: { one: "critical data" },
};

type Level = "company" | "study";
interface ListContext {
  db: Db;
  scope: CompanyScope | StudyScope;
  audit: AuditScope;
  cached<T>(key: string, load: () => Promise<T>): Promise<T>;
}
/** A save or import body: the items in its field named by the list's kind (the contracts' schemas). */
type ItemsBody = { [K in CpcdKind]?: readonly CpcdItemOf<K>[] };

/** A list's get: all but its call, the same for the four lists; it says whether a save needs a rationale. */
function getOf<K extends CpcdKind>(level: Level, kind: K) {
  return {
    access: "permission" as const,
    scope: level,
    handler: async ({ db, scope, cached }: Omit<ListContext, "audit">) => ({
      ...(await getList(db, ownerOf(scope), kind)),
      isRationaleRequired: await rationaleRequired(db, scope, cached),
    }),
  };
}

/**
 * A list's save: all but its call, the same for the four lists. Its rationale goes into the audit entry; the company
 * may require one (ADR 0044).
 */
function saveOf(level: Level, kind: CpcdKind) {
  return {
    access: "permission" as const,
    scope: level,
    maxBodyBytes: MAX_BODY_BYTES,
    audit: { displayText: `Save ${level} ${LABELS[kind].one}` },
    handler: async ({
      db,
      scope,
      body,
      audit,
      cached,
    }: ListContext & { body: ItemsBody & { version: number; rationaleForChange: string | null } }) => {
      if (body.rationaleForChange === null && (await rationaleRequired(db, scope, cached)))
        throw validationFailed([{ path: "rationaleForChange", message: RATIONALE_REQUIRED }], RATIONALE_REQUIRED);
      audit.setRationale(body.rationaleForChange);
      return saveList(db, ownerOf(scope), kind, body[kind]!, body.version, audit);
    },
  };
}

/** A study list's import, "Duplicate value found" unless it overwrites (001 §4): all but its call. */
function importOf(kind: CpcdKind) {
  return {
    access: "permission" as const,
    scope: "study" as const,
    maxBodyBytes: MAX_BODY_BYTES,
    audit: { displayText: `Import study ${LABELS[kind].one}` },
    handler: async ({
      db,
      scope,
      body,
      audit,
    }: ListContext & {
      scope: StudyScope;
      body: ItemsBody & { overwrite: boolean; rationaleForChange: string; companyId?: string; studyName?: string };
    }) => {
      checkBodyNames(body, scope);
      audit.setRationale(body.rationaleForChange);
      return importItems(db, ownerOf(scope), kind, body[kind]!, body.overwrite, audit);
    },
  };
}

const { company, study } = cpcdCalls;
const listRoutes = [
  defineRoute({ call: company.criticalProcesses.get, ...getOf("company", "criticalProcesses") }),
  defineRoute({ call: company.criticalData.get, ...getOf("company", "criticalData") }),
  defineRoute({ call: study.criticalProcesses.get, ...getOf("study", "criticalProcesses") }),
  defineRoute({ call: study.criticalData.get, ...getOf("study", "criticalData") }),
  defineRoute({ call: company.criticalProcesses.save, ...saveOf("company", "criticalProcesses") }),
  defineRoute({ call: company.criticalData.save, ...saveOf("company", "criticalData") }),
  defineRoute({ call: study.criticalProcesses.save, ...saveOf("study", "criticalProcesses") }),
  defineRoute({ call: study.criticalData.save, ...saveOf("study", "criticalData") }),
  defineRoute({ call: study.criticalProcesses.import, ...importOf("criticalProcesses") }),
  defineRoute({ call: study.criticalData.import, ...importOf("criticalData") }),
];

/** 001 §7: the company lists' get (and save, for the company editor), the study lists' get, save and import. */
export const cpcdRoutes = listRoutes;
