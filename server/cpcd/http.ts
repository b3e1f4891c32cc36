import { cpcdCalls } from "../contracts/calls/cpcd";
import type { CpcdKind } from "../contracts/cpcd";
import { validationFailed } from "../http/problem";
import { defineRoute, type CompanyScope, type StudyScope } from "../http/route";
import { getList, importItems, saveList, type CpcdOwner } from "./service";

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

const getRoutes = [
  defineRoute({
    call: cpcdCalls.company.criticalProcesses.get,
    access: "permission",
    scope: "company",
    handler: async ({ db, scope }) => getList(db, ownerOf(scope), "criticalProcesses"),
  }),
  defineRoute({
    call: cpcdCalls.company.criticalData.get,
    access: "permission",
    scope: "company",
    handler: async ({ db, scope }) => getList(db, ownerOf(scope), "criticalData"),
  }),
  defineRoute({
    call: cpcdCalls.study.criticalProcesses.get,
    access: "permission",
    scope: "study",
    handler: async ({ db, scope }) => getList(db, ownerOf(scope), "criticalProcesses"),
  }),
  defineRoute({
    call: cpcdCalls.study.criticalData.get,
    access: "permission",
    scope: "study",
    handler: async ({ db, scope }) => getList(db, ownerOf(scope), "criticalData"),
  }),
];

function saveRoutes(level: "company" | "study") {
  const which = level === "company" ? "company" : "study";
  const calls = cpcdCalls[level];
  return [
    defineRoute({
      call: calls.criticalProcesses.save,
      access: "permission",
      scope: level,
      maxBodyBytes: MAX_BODY_BYTES,
      audit: { displayText: `Save ${which} ${LABELS.criticalProcesses.one}` },
      handler: async ({ db, scope, body, audit }) =>
        saveList(db, ownerOf(scope), "criticalProcesses", body.criticalProcesses, body.version, audit),
    }),
    defineRoute({
      call: calls.criticalData.save,
      access: "permission",
      scope: level,
      maxBodyBytes: MAX_BODY_BYTES,
      audit: { displayText: `Save ${which} ${LABELS.criticalData.one}` },
      handler: async ({ db, scope, body, audit }) =>
        saveList(db, ownerOf(scope), "criticalData", body.criticalData, body.version, audit),
    }),
  ];
}

const studyImportRoutes = [
  defineRoute({
    call: cpcdCalls.study.criticalProcesses.import,
    access: "permission",
    scope: "study",
    maxBodyBytes: MAX_BODY_BYTES,
    audit: { displayText: "Import study critical processes" },
    handler: async ({ db, scope, body, audit }) => {
      checkBodyNames(body, scope);
      audit.setRationale(body.rationaleForChange);
      return importItems(db, ownerOf(scope), "criticalProcesses", body.criticalProcesses, body.overwrite, audit);
    },
  }),
  defineRoute({
    call: cpcdCalls.study.criticalData.import,
    access: "permission",
    scope: "study",
    maxBodyBytes: MAX_BODY_BYTES,
    audit: { displayText: "Import study critical data" },
    handler: async ({ db, scope, body, audit }) => {
      checkBodyNames(body, scope);
      audit.setRationale(body.rationaleForChange);
      return importItems(db, ownerOf(scope), "criticalData", body.criticalData, body.overwrite, audit);
    },
  }),
];

/** 001 §7: the company lists' get (and save, for the company editor), the study lists' get, save and import. */
export const cpcdRoutes = [...getRoutes, ...saveRoutes("company"), ...saveRoutes("study"), ...studyImportRoutes];
