/** POST /api/companies/{companyId}/get. The spec leaves the shape open; this is ours. */
export interface CompanyInfo {
  id: string;
  displayName: string;
  isProtocolAnalysisToolAEnabled: boolean;
  usesSingleSignOn: boolean;
  /** Beyond the spec (ADR 0044): CP&CD saves must give a rationale for the change. */
  isCpcdRationaleRequired: boolean;
}

/** POST /api/companies/{companyId}/users/get: the company's users (000 §3.7, §3.8). */
export interface CompanyUser {
  id: string;
  displayName: string;
  email: string;
  isBlocked: boolean;
  isDeleted: boolean;
}

export interface CompanyUserList {
  items: CompanyUser[];
}
