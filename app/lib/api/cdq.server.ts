import type { CdqImportResult, CdqIssue, CdqIssueList } from "@server/contracts/cdq";
import type { ApiHttp } from "./client.server";

/** The Compliance & Data Quality calls (001 §7), and the operator import (issue 14). */
export function cdqCalls(http: ApiHttp) {
  const { call, seg } = http;
  const base = (companyId: string, studyName: string) =>
    `companies/${seg(companyId)}/studies/${seg(studyName)}/dataQualityIssues`;
  return {
    /** One page of the study's issues: {page, pageSize} → {items, paging}. */
    list: (companyId: string, studyName: string, paging: { page: number; pageSize: number }) =>
      call<CdqIssueList>("POST", `${base(companyId, studyName)}/get`, { page: paging.page, pageSize: paging.pageSize }),
    /** One issue. */
    get: (companyId: string, studyName: string, issueId: string) =>
      call<CdqIssue>("POST", `${base(companyId, studyName)}/${seg(issueId)}/get`),
    /** An import file (CSV or JSON), all or nothing. */
    importFile: (companyId: string, studyName: string, file: File) => {
      const body = new FormData();
      body.set("file", file);
      return call<CdqImportResult>("POST", `${base(companyId, studyName)}/import`, body);
    },
  };
}
