import { shellRequestSchema, type ShellAnswer } from "../shell";
import { answer, defineCall, permissionAddress } from "./define";
import { productCalls } from "./product";

export const shellCalls = {
  /** Beyond the spec (ADR 0062): the company and study layouts' settings, company, studies, study, bell and gates. */
  get: defineCall({
    method: "POST",
    path: "/companies/:companyId/shell/get",
    body: shellRequestSchema,
    answer: answer<ShellAnswer>(),
  }),
};

/** Where a study-list entry may lead (000 §2.6): its Dashboard's and its RACT's permission addresses, in that order. */
export function studyEntryAddresses(companyId: string, studyName: string): [dashboard: string, ract: string] {
  const s = { companyId, studyName };
  return [permissionAddress(productCalls.study.dashboard, s), permissionAddress(productCalls.study.riskAssessment, s)];
}
