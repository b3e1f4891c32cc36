import { and, asc, eq, max } from "drizzle-orm";
import { riskRowTexts, type RactDraftList, type RactImport, type RactImportBody } from "../contracts/protocol-analysis";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import type { AuditScope, StudyScope } from "../http/route";
import { recordRactInsert } from "../protocol-analysis/service";
import { ractWorkingDraftItems } from "./schema";

/** The study a RACT call is about: the study of its path, resolved by the route's scope (server/http/scope.ts). */
type RactStudy = Pick<StudyScope, "companyId" | "study">;

/** legacyRact/import (001 §7): the rows become the study's RACT working-draft items, each change audited. */
export async function importIntoRact(
  db: Db,
  { companyId, study }: RactStudy,
  userId: string,
  input: RactImport,
  audit: AuditScope,
): Promise<RactImportBody> {
  const [{ last } = { last: null }] = await db
    .select({ last: max(ractWorkingDraftItems.position) })
    .from(ractWorkingDraftItems)
    .where(eq(ractWorkingDraftItems.studyId, study.internalStudyId));
  let position = (last ?? 0) + 1;
  const rows = input.items.map((item) => ({
    id: newId(),
    companyId,
    studyId: study.internalStudyId,
    position: position++,
    ...riskRowTexts(item),
    citation: item.citation ?? null,
    createdBy: userId,
  }));
  await db.insert(ractWorkingDraftItems).values(rows);
  for (const row of rows) audit.change(null, row);
  if (input.requestId) {
    const inserted = input.items.map((item, i) => ({
      key: item.key ?? String(i + 1),
      ...riskRowTexts(item),
      citation: item.citation ?? null,
    }));
    await recordRactInsert(
      db,
      { companyId, studyId: study.internalStudyId, requestId: input.requestId },
      inserted,
      userId,
    );
  }
  return { isSuccess: true, value: { inserted: rows.length } };
}

/** The study's working draft, in order (the read-only page in /ng/ when LEGACY_BASE_URL is unset). */
export async function workingDraft(db: Db, { companyId, study }: RactStudy): Promise<RactDraftList> {
  const rows = await db
    .select()
    .from(ractWorkingDraftItems)
    .where(
      and(eq(ractWorkingDraftItems.companyId, companyId), eq(ractWorkingDraftItems.studyId, study.internalStudyId)),
    )
    .orderBy(asc(ractWorkingDraftItems.position));
  return {
    items: rows.map((r) => ({
      id: r.id,
      ...riskRowTexts(r),
      citation: r.citation,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
