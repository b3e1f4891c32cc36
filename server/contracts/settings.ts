/** GET /api/v2/settings (000 §3.1). "{product}" in the spec's field names is the product abbreviation "rbqm". */
export interface Settings {
  apiUrl: string;
  systemDisplayVersion: string;
  productName: string;
  productNameHtmlTitle: string;
  kriWikiUrl: string | null;
  rbqmUrl: string;
  legalName: string;
  contactUsUrl: string;
  helpUrl: string;
  rbqmSupportEmail: string;
  privacyPolicyUrl: string | null;
  licenseAgreementLink: string | null;
  currentUtcYear: number;
  startYear: number;
  sourceCommitVersion: string;
  environmentLogo: string | null;
  userId: string | null;
  userNameOrEmail: string | null;
  profileImage: string | null;
  companyId: string | null;
  studyDesignerUrl: string | null;
  /** Beyond the spec: the classic application's address (LEGACY_BASE_URL); legacy links resolve against it. */
  legacyBaseUrl: string | null;
  /**
   * Beyond the spec: the external complexity assessment tool (Protocol Analysis STEP 1), a deployment value every
   * signed-in user may read (issue 24, defect 5: not only those who may list the study's requests).
   */
  complexityToolUrl: string | null;
  isProtocolAnalysisToolAEnabled: boolean;
  showAuditContextField: boolean;
}
