import { z } from "zod";
import {
  CDQ_DEFAULT_PAGE_SIZE,
  CDQ_MAX_PAGE,
  CDQ_PAGE_SIZES,
  type CdqReviewStatus,
  type CdqState,
} from "./cdq-options";
import type { PagedList } from "./common";

export * from "./cdq-options";

/**
 * POST /api/companies/{companyId}/studies/{studyName}/dataQualityIssues/get: {page, pageSize} (001 §7). The page is a
 * positive whole number; the size one of 10, 20 and 50. Anything else is refused with a validation error.
 */
export const cdqListRequestSchema = z.object({
  page: z.number().int().min(1).max(CDQ_MAX_PAGE).default(1),
  pageSize: z
    .number()
    .int()
    .refine((size) => (CDQ_PAGE_SIZES as readonly number[]).includes(size), {
      message: `pageSize must be one of ${CDQ_PAGE_SIZES.join(", ")}`,
    })
    .default(CDQ_DEFAULT_PAGE_SIZE),
});
export type CdqListRequest = z.input<typeof cdqListRequestSchema>;

/** An entity of an issue (country, site, subject): shown through the shared entity display (000 §3.8). */
export interface CdqEntity {
  id: string | null;
  displayName: string | null;
}

/** The designee: an actor (000 §3.8). */
export interface CdqActor {
  type: "user" | "group" | "company" | "system";
  id?: string;
  displayName?: string;
  email?: string;
}

/** A compliance and data quality issue (001 §3). Dates are ISO 8601 instants in UTC. */
export interface CdqIssue {
  id: string;
  displayId: string;
  type: string;
  country: CdqEntity | null;
  site: CdqEntity | null;
  subject: CdqEntity | null;
  title: string;
  category: string | null;
  subCategory: string | null;
  context: { display: string }[];
  reasoning: string | null;
  source: string | null;
  severity: string | null;
  patientSafetyScore: number | null;
  dateOfOccurrence: string | null;
  dateOfDetection: string;
  designee: CdqActor | null;
  state: CdqState;
  reviewStatus: CdqReviewStatus | null;
  dueDate: string | null;
  /** Derived when read: a due date in the past while the issue is still Active. */
  isOverdue: boolean;
  dateOfLastUpdate: string;
}

export type CdqIssueList = PagedList<CdqIssue>;

/**
 * Beyond the spec: one issue's call may ask for the designee choices with it (`designees: true`), the company's users,
 * read in the same statement as the issue (issue 26: a page in at most 3 round trips; docs/decisions/0046). They come
 * only when the caller may list the company's users (the companies' users call's permission); without the flag the
 * answer is the spec's.
 */
export const cdqGetRequestSchema = z.object({ designees: z.boolean().optional() });

/** A designee choice: a user of the issue's company. */
export interface CdqDesigneeChoice {
  id: string;
  displayName: string;
}

export type CdqIssueWithDesignees = CdqIssue & { designees?: CdqDesigneeChoice[] };

/** One problem of an import: the row (1 = the first data row) and the field it is about. */
export interface CdqImportProblem {
  row: number;
  field: string;
  message: string;
}

/** The answer of an import that went through. */
export interface CdqImportResult {
  isSuccess: true;
  created: number;
  updated: number;
  unchanged: number;
}
