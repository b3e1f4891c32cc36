import { cdqCalls as calls } from "@server/contracts/calls/cdq";
import type { ApiHttp } from "./http.server";

/** The Compliance & Data Quality calls (001 §7), and the operator import (issue 14). */
export function cdqCalls(http: ApiHttp) {
  return {
    /** One page of the study's issues: {page, pageSize} → {items, paging}. */
    list: (companyId: string, studyName: string, paging: { page: number; pageSize: number }) =>
      http.call(calls.list, { companyId, studyName }, { page: paging.page, pageSize: paging.pageSize }),
    /** One issue. */
    /** With `designees`, the designee choices come with the issue (when the caller may list the company's users). */
    get: (companyId: string, studyName: string, issueId: string, options: { designees?: boolean } = {}) =>
      http.call(calls.get, { companyId, studyName, issueId }, options.designees ? { designees: true } : {}),
    /** An import file (CSV or JSON), all or nothing. */
    importFile: (companyId: string, studyName: string, file: File) => {
      const body = new FormData();
      body.set("file", file);
      return http.call(calls.import, { companyId, studyName }, body);
    },
  };
}
