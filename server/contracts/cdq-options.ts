/** The fixed options of the Compliance & Data Quality area: no dependencies, so pages can import them. */

/** The issue list's page sizes and default (001 §9). */
export const CDQ_PAGE_SIZES = [10, 20, 50] as const;
export const CDQ_DEFAULT_PAGE_SIZE = 10;
/** The highest page number a list call takes: far beyond any real list, and safely an integer offset. */
export const CDQ_MAX_PAGE = 1_000_000;

/** Issue states, review statuses and review levels (001 §4 "Issue status options"). */
export const CDQ_STATES = ["Active", "Completed"] as const;
export const CDQ_REVIEW_STATUSES = ["Reviewed", "Verified", "Rejected"] as const;
export const CDQ_REVIEW_LEVELS = ["Next", "Final", "Sponsor"] as const;
export type CdqState = (typeof CDQ_STATES)[number];
export type CdqReviewStatus = (typeof CDQ_REVIEW_STATUSES)[number];

/** The columns of the issue list, in the order of 001 §2 "Compliance and Data Quality issues list". */
export const CDQ_LIST_COLUMNS = [
  "issueId",
  "type",
  "country",
  "site",
  "subject",
  "title",
  "category",
  "subCategory",
  "context",
  "reasoning",
  "source",
  "severity",
  "patientSafetyScore",
  "dateOfOccurrence",
  "dateOfDetection",
  "designee",
  "state",
  "reviewStatus",
  "dueDate",
  "overdue",
  "dateOfLastUpdate",
] as const;
export type CdqListColumn = (typeof CDQ_LIST_COLUMNS)[number];

/** The import's columns where they are not the list's own: ids beside the places' names; none for what is computed. */
const IMPORT_COLUMNS_OF: Partial<Record<CdqListColumn, readonly string[]>> = {
  issueId: ["displayId"],
  country: ["countryId", "country"],
  site: ["siteId", "site"],
  subject: ["subjectId", "subject"],
  overdue: [],
  dateOfLastUpdate: [],
};

/** The columns of an import file (CSV header, or JSON object keys), in the order of the list (001 §2). */
export const CDQ_IMPORT_COLUMNS: readonly string[] = CDQ_LIST_COLUMNS.flatMap(
  (column) => IMPORT_COLUMNS_OF[column] ?? [column],
);
