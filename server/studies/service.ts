import { and, asc, count, eq } from "drizzle-orm";
import type { PagingRequest } from "../contracts/common";
import type { StudyBasicInfo, StudyList } from "../contracts/studies";
import type { Db } from "../db/database";
import { studies } from "./schema";

const basicInfo = {
  studyName: studies.name,
  internalStudyId: studies.id,
  displayId: studies.displayId,
  displayName: studies.displayName,
  isRetired: studies.isRetired,
};

export async function listStudies(db: Db, companyId: string, paging: PagingRequest): Promise<StudyList> {
  const [total] = await db.select({ value: count() }).from(studies).where(eq(studies.companyId, companyId));
  const items = await db
    .select(basicInfo)
    .from(studies)
    .where(eq(studies.companyId, companyId))
    .orderBy(asc(studies.displayId), asc(studies.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { items, paging: { page: paging.page, pageSize: paging.pageSize, totalCount: Number(total?.value ?? 0) } };
}

export async function getStudy(db: Db, companyId: string, studyName: string): Promise<StudyBasicInfo | null> {
  const [row] = await db
    .select(basicInfo)
    .from(studies)
    .where(and(eq(studies.companyId, companyId), eq(studies.name, studyName)))
    .limit(1);
  return row ?? null;
}
