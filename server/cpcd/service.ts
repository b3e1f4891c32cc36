import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getCompany } from "../companies/service";
import { ErrorCode } from "../contracts/common";
import {
  DUPLICATE_TITLE,
  DUPLICATE_VALUE_FOUND,
  STALE_LIST,
  type CpcdItemOf,
  type CpcdKind,
  type CpcdList,
  type CpcdSaveResult,
  type CriticalDatumItem,
  type CriticalProcessItem,
} from "../contracts/cpcd";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { ApiError, validationFailed } from "../http/problem";
import type { AuditScope, CompanyScope, StudyScope } from "../http/route";
import { cpcdLists, criticalData, criticalProcesses } from "./schema";

/**
 * Critical Processes and Data (001 §3, §4, §5, §7; docs/decisions/0025-critical-processes-and-data.md).
 * A list belongs to a company (studyId null) or to one of its studies. Saves replace the list and name the version
 * they were loaded at; imports merge into it. Each reports one audit pair per created, changed or deleted item.
 */
export interface CpcdOwner {
  companyId: string;
  /** Null for the company's own lists. */
  studyId: string | null;
}

type Item = CriticalProcessItem | CriticalDatumItem;

/** The field an item is unique by (001 §5), per list. */
export const uniqueField = (kind: CpcdKind) => (kind === "criticalProcesses" ? "title" : "label");

/** An item's identity within its list: its title or label, trimmed, regardless of case. */
export function itemKey(item: Item): string {
  return ("title" in item ? item.title : item.label).trim().toLowerCase();
}

/** Whether the company requires a rationale on every CP&CD save (ADR 0044); inside a change, read afresh. */
export async function rationaleRequired(
  db: Db,
  scope: CompanyScope | StudyScope,
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>,
): Promise<boolean> {
  const company =
    "company" in scope
      ? scope.company
      : await cached(`company:${scope.companyId}`, () => getCompany(db, scope.companyId));
  return company?.isCpcdRationaleRequired === true;
}

const ownerFilter = (owner: CpcdOwner, kind: CpcdKind) =>
  and(
    eq(cpcdLists.companyId, owner.companyId),
    owner.studyId === null ? isNull(cpcdLists.studyId) : eq(cpcdLists.studyId, owner.studyId),
    eq(cpcdLists.kind, kind),
  );

/** An item as the API shows it: a study datum has isCritical, a company datum has none (001 §3). */
function present(owner: CpcdOwner, kind: CpcdKind, row: Record<string, unknown>): Item {
  if (kind === "criticalProcesses") return { title: row.title as string, details: row.details as string };
  const datum: CriticalDatumItem = { label: row.label as string, description: row.description as string };
  if (owner.studyId !== null) datum.isCritical = row.isCritical as boolean;
  return datum;
}

async function readItems(db: Db, owner: CpcdOwner, kind: CpcdKind, listId: string): Promise<Item[]> {
  if (kind === "criticalProcesses") {
    const rows = await db
      .select({ title: criticalProcesses.title, details: criticalProcesses.details })
      .from(criticalProcesses)
      .where(eq(criticalProcesses.listId, listId))
      .orderBy(asc(criticalProcesses.position));
    return rows.map((row) => present(owner, kind, row));
  }
  const rows = await db
    .select({ label: criticalData.label, description: criticalData.description, isCritical: criticalData.isCritical })
    .from(criticalData)
    .where(eq(criticalData.listId, listId))
    .orderBy(asc(criticalData.position));
  return rows.map((row) => present(owner, kind, row));
}

/**
 * A list in its order, and its version (0 for a list never saved): one round trip, the list's row joined to its items
 * (a page makes at most 3, ADR 0021, 0041). A list without items is one row of nulls beside its version.
 */
export async function getList<K extends CpcdKind>(db: Db, owner: CpcdOwner, kind: K): Promise<CpcdList<CpcdItemOf<K>>> {
  const rows =
    kind === "criticalProcesses"
      ? await db
          .select({ version: cpcdLists.version, title: criticalProcesses.title, details: criticalProcesses.details })
          .from(cpcdLists)
          .leftJoin(criticalProcesses, eq(criticalProcesses.listId, cpcdLists.id))
          .where(ownerFilter(owner, kind))
          .orderBy(asc(criticalProcesses.position))
      : await db
          .select({
            version: cpcdLists.version,
            label: criticalData.label,
            description: criticalData.description,
            isCritical: criticalData.isCritical,
          })
          .from(cpcdLists)
          .leftJoin(criticalData, eq(criticalData.listId, cpcdLists.id))
          .where(ownerFilter(owner, kind))
          .orderBy(asc(criticalData.position));
  if (rows.length === 0) return { value: [], version: 0 };
  const items = rows.filter((row) => ("title" in row ? row.title : row.label) !== null);
  return { value: items.map((row) => present(owner, kind, row)) as CpcdItemOf<K>[], version: rows[0]!.version };
}

/** The list's row, created at version 0 when it has none; locked until the transaction ends. */
async function lockList(db: Db, owner: CpcdOwner, kind: CpcdKind): Promise<{ id: string; version: number }> {
  await db
    .insert(cpcdLists)
    .values({ id: newId(), companyId: owner.companyId, studyId: owner.studyId, kind, version: 0 })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: cpcdLists.id, version: cpcdLists.version })
    .from(cpcdLists)
    .where(ownerFilter(owner, kind))
    .for("update")
    .limit(1);
  return row!;
}

/** Stores `items` as the whole list, in their order, moves the version on and reports the changes item by item. */
async function replaceItems(
  db: Db,
  owner: CpcdOwner,
  kind: CpcdKind,
  list: { id: string; version: number },
  before: readonly Item[],
  items: readonly Item[],
  audit: AuditScope,
): Promise<number> {
  if (kind === "criticalProcesses") {
    await db.delete(criticalProcesses).where(eq(criticalProcesses.listId, list.id));
    if (items.length > 0)
      await db.insert(criticalProcesses).values(
        (items as CriticalProcessItem[]).map((item, position) => ({
          id: newId(),
          listId: list.id,
          position,
          title: item.title,
          details: item.details,
        })),
      );
  } else {
    await db.delete(criticalData).where(eq(criticalData.listId, list.id));
    if (items.length > 0)
      await db.insert(criticalData).values(
        (items as CriticalDatumItem[]).map((item, position) => ({
          id: newId(),
          listId: list.id,
          position,
          label: item.label,
          description: item.description,
          isCritical: owner.studyId !== null && item.isCritical === true,
        })),
      );
  }
  const [updated] = await db
    .update(cpcdLists)
    .set({ version: sql`${cpcdLists.version} + 1`, updatedAt: new Date() })
    .where(eq(cpcdLists.id, list.id))
    .returning({ version: cpcdLists.version });
  reportChanges(
    before,
    items.map((item) => present(owner, kind, item as unknown as Record<string, unknown>)),
    audit,
  );
  return updated!.version;
}

/** Whether two lists hold the same items in the same order, field by field (a save that would change nothing). */
export function sameItems(before: readonly Item[], after: readonly Item[]): boolean {
  if (before.length !== after.length) return false;
  return before.every((item, index) => {
    const other = after[index] as unknown as Record<string, unknown>;
    const own = item as unknown as Record<string, unknown>;
    const keys = new Set([...Object.keys(own), ...Object.keys(other)]);
    return [...keys].every((key) => own[key] === other[key]);
  });
}

/**
 * One audit pair per item that was created (before null), changed (both) or deleted (after null), matched by title
 * or label regardless of case (001 §4: items are identified so); unchanged items leave no pair.
 */
export function reportChanges(before: readonly Item[], after: readonly Item[], audit: Pick<AuditScope, "change">) {
  const old = new Map(before.map((item) => [itemKey(item), item]));
  const kept = new Set<string>();
  for (const item of after) {
    const key = itemKey(item);
    kept.add(key);
    audit.change(old.get(key) ?? null, item);
  }
  for (const item of before) if (!kept.has(itemKey(item))) audit.change(item, null);
}

const duplicateIndex = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } } | null)?.cause ?? error;
  return (cause as { code?: string } | null)?.code === "23505";
};

/** The database's unique index refused what the checks let through (case rules differ at the edges). */
const asDuplicate = (kind: CpcdKind) => (error: unknown) => {
  if (duplicateIndex(error))
    throw validationFailed([{ path: `${kind}.${uniqueField(kind)}`, message: DUPLICATE_TITLE }], DUPLICATE_TITLE);
  throw error;
};

/**
 * Save (001 §4, §7): the full list replaces the stored one, unless the list has moved on from `version` since it was
 * loaded: then 409 Conflict, and nothing changes.
 */
export async function saveList(
  db: Db,
  owner: CpcdOwner,
  kind: CpcdKind,
  items: readonly Item[],
  version: number,
  audit: AuditScope,
): Promise<CpcdSaveResult> {
  const list = await lockList(db, owner, kind);
  if (list.version !== version) {
    throw new ApiError(409, ErrorCode.Conflict, STALE_LIST, { currentVersion: list.version });
  }
  const before = await readItems(db, owner, kind, list.id);
  return storeIfChanged(db, owner, kind, list, before, items, audit);
}

/**
 * Stores `next` in place of `before`, unless it is the list as it already is (issue 24, defect 10): then nothing is
 * stored, the version stays and no audit entry is written.
 */
async function storeIfChanged(
  db: Db,
  owner: CpcdOwner,
  kind: CpcdKind,
  list: { id: string; version: number },
  before: readonly Item[],
  next: readonly Item[],
  audit: AuditScope,
): Promise<CpcdSaveResult> {
  if (
    sameItems(
      before,
      next.map((item) => present(owner, kind, item as unknown as Record<string, unknown>)),
    )
  ) {
    audit.nothingChanged();
    return { isSuccess: true, version: list.version, changed: false };
  }
  const version = await replaceItems(db, owner, kind, list, before, next, audit).catch(asDuplicate(kind));
  return { isSuccess: true, version, changed: true };
}

/**
 * Import (001 §3, §4 "Insert into study flow", §8): without overwrite, any incoming item whose title or label is
 * already in the list refuses the whole import with "Duplicate value found" and the duplicates; with overwrite,
 * those items are updated in place and the others appended. All or nothing.
 */
export async function importItems(
  db: Db,
  owner: CpcdOwner,
  kind: CpcdKind,
  items: readonly Item[],
  overwrite: boolean,
  audit: AuditScope,
): Promise<CpcdSaveResult> {
  const list = await lockList(db, owner, kind);
  const before = await readItems(db, owner, kind, list.id);
  const existing = new Map(before.map((item, index) => [itemKey(item), index]));
  const duplicates = items.filter((item) => existing.has(itemKey(item)));
  if (duplicates.length > 0 && !overwrite) {
    const field = uniqueField(kind);
    throw new ApiError(
      409,
      ErrorCode.Conflict,
      DUPLICATE_VALUE_FOUND,
      duplicates.map((item) => ({
        [field]: field === "title" ? (item as CriticalProcessItem).title : (item as CriticalDatumItem).label,
      })),
    );
  }
  const next = [...before];
  for (const item of items) {
    const index = existing.get(itemKey(item));
    if (index === undefined) next.push(item);
    else next[index] = item;
  }
  return storeIfChanged(db, owner, kind, list, before, next, audit);
}
