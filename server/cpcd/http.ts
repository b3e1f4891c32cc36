import { getCompany } from "../companies/service";
import { emptyBodySchema } from "../contracts/common";
import {
  importDataSchema,
  importProcessesSchema,
  saveDataSchema,
  saveProcessesSchema,
  type CpcdKind,
} from "../contracts/cpcd";
import type { Db } from "../db/database";
import { notFound, validationFailed } from "../http/problem";
import { defineRoute } from "../http/route";
import { getStudy } from "../studies/service";
import { getList, importItems, saveList, type CpcdOwner } from "./service";

/** 200 items of a few hundred characters each fit several times over; a save is the whole list. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

async function companyOwner(db: Db, params: Record<string, string>): Promise<CpcdOwner> {
  const companyId = params.companyId!;
  if (!(await getCompany(db, companyId))) throw notFound("The company does not exist.");
  return { companyId, studyId: null };
}

/** The study of the path, within the path's company only: another company's study is "not found". */
async function studyOwner(db: Db, params: Record<string, string>): Promise<CpcdOwner> {
  const study = await getStudy(db, params.companyId!, params.studyName!);
  if (!study) throw notFound("The study does not exist.");
  return { companyId: params.companyId!, studyId: study.internalStudyId };
}

/** 001 §7: the body may name the company and study too; when it does, it must name those of the path. */
function checkBodyNames(body: { companyId?: string; studyName?: string }, params: Record<string, string>) {
  const issues = [];
  if (body.companyId !== undefined && body.companyId !== params.companyId)
    issues.push({ path: "companyId", message: "The company must be the one of the address" });
  if (body.studyName !== undefined && body.studyName !== params.studyName)
    issues.push({ path: "studyName", message: "The study must be the one of the address" });
  if (issues.length > 0) throw validationFailed(issues);
}

const LABELS: Record<CpcdKind, { one: string }> = {
  criticalProcesses: { one: "critical processes" },
  criticalData: { one: "critical data" },
};

function getRoute(level: "company" | "study", kind: CpcdKind) {
  const prefix = level === "company" ? "/companies/:companyId" : "/companies/:companyId/studies/:studyName";
  return defineRoute({
    method: "POST",
    path: `${prefix}/${kind}/get`,
    access: "permission",
    body: emptyBodySchema,
    handler: async ({ db, params }) =>
      getList(db, await (level === "company" ? companyOwner : studyOwner)(db, params), kind),
  });
}

function saveRoutes(level: "company" | "study") {
  const prefix = level === "company" ? "/companies/:companyId" : "/companies/:companyId/studies/:studyName";
  const owner = level === "company" ? companyOwner : studyOwner;
  const which = level === "company" ? "company" : "study";
  return [
    defineRoute({
      method: "POST",
      path: `${prefix}/criticalProcesses/save`,
      access: "permission",
      body: saveProcessesSchema,
      maxBodyBytes: MAX_BODY_BYTES,
      audit: { displayText: `Save ${which} ${LABELS.criticalProcesses.one}` },
      handler: async ({ db, params, body, audit }) =>
        saveList(db, await owner(db, params), "criticalProcesses", body.criticalProcesses, body.version, audit),
    }),
    defineRoute({
      method: "POST",
      path: `${prefix}/criticalData/save`,
      access: "permission",
      body: saveDataSchema,
      maxBodyBytes: MAX_BODY_BYTES,
      audit: { displayText: `Save ${which} ${LABELS.criticalData.one}` },
      handler: async ({ db, params, body, audit }) =>
        saveList(db, await owner(db, params), "criticalData", body.criticalData, body.version, audit),
    }),
  ];
}

const studyImportRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/criticalProcesses/import",
    access: "permission",
    body: importProcessesSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    audit: { displayText: "Import study critical processes" },
    handler: async ({ db, params, body, audit }) => {
      checkBodyNames(body, params);
      audit.setRationale(body.rationaleForChange);
      return importItems(
        db,
        await studyOwner(db, params),
        "criticalProcesses",
        body.criticalProcesses,
        body.overwrite,
        audit,
      );
    },
  }),
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/criticalData/import",
    access: "permission",
    body: importDataSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    audit: { displayText: "Import study critical data" },
    handler: async ({ db, params, body, audit }) => {
      checkBodyNames(body, params);
      audit.setRationale(body.rationaleForChange);
      return importItems(db, await studyOwner(db, params), "criticalData", body.criticalData, body.overwrite, audit);
    },
  }),
];

/** 001 §7: the company lists' get (and save, for the company editor), the study lists' get, save and import. */
export const cpcdRoutes = [
  getRoute("company", "criticalProcesses"),
  getRoute("company", "criticalData"),
  ...saveRoutes("company"),
  getRoute("study", "criticalProcesses"),
  getRoute("study", "criticalData"),
  ...saveRoutes("study"),
  ...studyImportRoutes,
];
