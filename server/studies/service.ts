import { and, asc, eq } from "drizzle-orm";
import type { PagingRequest } from "../contracts/common";
import type { StudyBasicInfo, StudyList, StudyListItem } from "../contracts/studies";
import type { Db } from "../db/database";
import { studies } from "./schema";

const basicInfo = {
  studyName: studies.name,
  internalStudyId: studies.id,
  displayId: studies.displayId,
  displayName: studies.displayName,
  isRetired: studies.isRetired,
};

/** The reference cache's key of a company's study list (server/cache/reference.ts). */
export const studiesKey = (companyId: string) => `studies:${companyId}`;

/** Every study of a company, in list order (reference data: cached by the caller's epoch). */
export async function companyStudies(db: Db, companyId: string): Promise<StudyListItem[]> {
  // Awaited here: a drizzle query is a thenable that runs again each time it is awaited, so it must not be cached.
  return await db
    .select(basicInfo)
    .from(studies)
    .where(eq(studies.companyId, companyId))
    .orderBy(asc(studies.displayId), asc(studies.id));
}

/**
 * The company's studies that the caller may see (those whose basic-info call they may make), paged after filtering,
 * so the count and the pages hold only visible studies.
 */
export async function listStudies(
  rows: readonly StudyListItem[],
  paging: PagingRequest,
  mayView: (studyName: string) => Promise<boolean> | boolean = () => true,
): Promise<StudyList> {
  const visible: StudyListItem[] = [];
  for (const row of rows) if (await mayView(row.studyName)) visible.push(row);
  const start = (paging.page - 1) * paging.pageSize;
  return {
    items: visible.slice(start, start + paging.pageSize),
    paging: { page: paging.page, pageSize: paging.pageSize, totalCount: visible.length },
  };
}

export async function getStudy(db: Db, companyId: string, studyName: string): Promise<StudyBasicInfo | null> {
  const [row] = await db
    .select(basicInfo)
    .from(studies)
    .where(and(eq(studies.companyId, companyId), eq(studies.name, studyName)))
    .limit(1);
  return row ?? null;
}
