import { answer, COMPANY_PATH, STUDY_PATH, defineCall } from "./define";

/**
 * Calls of the wider product (the classic application's API) that this product's menus and pages gate on (000 §6,
 * 001 §6) but do not serve: defined here so that no page spells their permission address by hand.
 */
const gate = <const P extends string>(path: P) => defineCall({ method: "POST", path, answer: answer<unknown>() });

const COMPANY = COMPANY_PATH;
const STUDY = STUDY_PATH;

export const productCalls = {
  company: {
    catalogs: gate(`${COMPANY}/catalogs/get`),
    settings: gate(`${COMPANY}/settings/get`),
    createStudy: gate(`${COMPANY}/studies/create`),
  },
  system: {
    latestLogs: gate("/admin/latestLogs/get"),
    createCompany: gate("/companies/create"),
    kriWiki: gate("/kriWiki/get"),
    cfInstanceStats: gate("/admin/cfInstanceStats/get"),
    welcomePage: gate("/yourAccount/welcome/get"),
    configVariables: gate("/admin/configVariables/get"),
    version: gate("/v1/system/version/admin/get"),
  },
  study: {
    dashboard: gate(`${STUDY}/dashboard/get`),
    riskAssessment: gate(`${STUDY}/riskAssessment/get`),
    risks: gate(`${STUDY}/risks/get`),
    mitigations: gate(`${STUDY}/mitigations/get`),
    metrics: gate(`${STUDY}/metrics/get`),
    kris: gate(`${STUDY}/kris/get`),
    qtls: gate(`${STUDY}/qtls/get`),
    sites: gate(`${STUDY}/sites/get`),
    subjects: gate(`${STUDY}/subjects/get`),
    tickets: gate(`${STUDY}/tickets/get`),
    csm: gate(`${STUDY}/csm/get`),
    dataSources: gate(`${STUDY}/dataSources/get`),
    reports: gate(`${STUDY}/reports/get`),
    settings: gate(`${STUDY}/settings/get`),
    /** The classic study audit route (/auditManager), as its permission address (001 §6). */
    auditManager: gate(`${STUDY}/auditManager/get`),
    studyDesign: gate(`${STUDY}/studyDesign/get`),
  },
};
