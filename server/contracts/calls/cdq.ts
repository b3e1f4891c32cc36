import {
  cdqGetRequestSchema,
  cdqListRequestSchema,
  type CdqImportResult,
  type CdqIssueList,
  type CdqIssueWithDesignees,
} from "../cdq";
import { answer, STUDY_PATH, defineCall } from "./define";

const BASE = `${STUDY_PATH}/dataQualityIssues` as const;

/** The Compliance & Data Quality calls (001 §7), and the operator import (issue 14). */
export const cdqCalls = {
  /** One page of the study's issues: {page, pageSize} → {items, paging}. */
  list: defineCall({ method: "POST", path: `${BASE}/get`, body: cdqListRequestSchema, answer: answer<CdqIssueList>() }),
  /** One issue; beyond the spec, `{designees: true}` adds the designee choices (the company's users). */
  get: defineCall({
    method: "POST",
    path: `${BASE}/:issueId/get`,
    body: cdqGetRequestSchema,
    answer: answer<CdqIssueWithDesignees>(),
  }),
  /** An import file (CSV or JSON, the part "file") or a JSON body of items; all or nothing. */
  import: defineCall({ method: "POST", path: `${BASE}/import`, answer: answer<CdqImportResult>() }),
};
