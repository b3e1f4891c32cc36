import { z } from "zod";
import { pagingRequestSchema, type PagedList } from "./common";

/** POST /api/companies/{companyId}/studies/get: paging {page, pageSize}, defaults 1 and 200 (000 §7). */
export const studyListRequestSchema = z
  .object({
    paging: pagingRequestSchema.optional(),
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .transform(({ paging, page, pageSize }) => ({
    page: paging?.page ?? page ?? 1,
    pageSize: paging?.pageSize ?? pageSize ?? 200,
  }));
export type StudyListRequest = z.input<typeof studyListRequestSchema>;

export interface StudyListItem {
  studyName: string;
  displayId: string;
  displayName: string;
  internalStudyId: string;
  isRetired: boolean;
}

export type StudyList = PagedList<StudyListItem>;

/** POST /api/companies/{companyId}/studies/{studyName}/get: study basic info (000 §3.7). */
export interface StudyBasicInfo {
  studyName: string;
  internalStudyId: string;
  displayId: string;
  displayName: string;
  isRetired: boolean;
}
