import type { CompanyInfo, CompanyUserList } from "../companies";
import { answer, defineCall } from "./define";

export const companyCalls = {
  get: defineCall({ method: "POST", path: "/companies/:companyId/get", answer: answer<CompanyInfo>() }),
  users: defineCall({ method: "POST", path: "/companies/:companyId/users/get", answer: answer<CompanyUserList>() }),
};
