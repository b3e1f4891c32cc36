import { and, eq, inArray, or, sql } from "drizzle-orm";
import { anyOf } from "../db/any-of";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { studies } from "../studies/schema";
import { companyMembers, groupMembers } from "../users/schema";
import { validatePattern, type Grant } from "./engine";
import { permissionGrants } from "./schema";

/**
 * The grants that apply to a user: their own and their groups'. A company- or study-scoped grant counts only while
 * the user is a member of that company, so removing a membership removes its access at once.
 */
export async function loadGrants(db: Db, userId: string): Promise<Grant[]> {
  const groupIds = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  const rows = await db
    .select({
      scope: permissionGrants.scope,
      companyId: permissionGrants.companyId,
      studyName: studies.name,
      pattern: permissionGrants.pattern,
      isMember: sql<boolean>`${companyMembers.userId} is not null`,
    })
    .from(permissionGrants)
    .leftJoin(studies, eq(studies.id, permissionGrants.studyId))
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, permissionGrants.companyId), eq(companyMembers.userId, userId)),
    )
    .where(
      or(
        and(eq(permissionGrants.principalType, "user"), eq(permissionGrants.principalId, userId)),
        // The groups' ids once, then their grants by the index: `in (…)` inside this `or` read every group grant.
        and(eq(permissionGrants.principalType, "group"), anyOf(permissionGrants.principalId, groupIds)),
      ),
    );

  const grants: Grant[] = [];
  for (const row of rows) {
    if (row.scope === "system") grants.push({ scope: "system", pattern: row.pattern });
    else if (!row.isMember || !row.companyId) continue;
    else if (row.scope === "company") grants.push({ scope: "company", companyId: row.companyId, pattern: row.pattern });
    else if (row.studyName) {
      grants.push({ scope: "study", companyId: row.companyId, studyName: row.studyName, pattern: row.pattern });
    }
  }
  return grants;
}

/** The companies a user is a member of (an address about that user belongs to them: server/permissions/engine.ts). */
export async function loadMemberships(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return rows.map((row) => row.companyId);
}

/** The companies of each of these users, in one query (users without any are absent from the map). */
export async function loadMembershipsOf(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const companies = new Map<string, string[]>();
  if (userIds.length === 0) return companies;
  const rows = await db
    .select({ userId: companyMembers.userId, companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(inArray(companyMembers.userId, [...userIds]));
  for (const row of rows) companies.set(row.userId, [...(companies.get(row.userId) ?? []), row.companyId]);
  return companies;
}

/** Answers each address in order, as `can` decides it: the batched check behind POST /api/auth/permissions/check. */
export async function checkAddresses(addresses: readonly string[], can: (address: string) => Promise<boolean>) {
  return Promise.all(
    addresses.map(async (url) => ({
      request: { url },
      result: (await can(url)) ? ("Allow" as const) : ("Deny" as const),
    })),
  );
}

export interface NewGrant {
  principalType: "user" | "group";
  principalId: string;
  scope: "system" | "company" | "study";
  companyId?: string | null;
  studyId?: string | null;
  pattern: string;
}

/** Writes grants after checking their patterns; a bad pattern is a programming error here, not user input. */
export async function insertGrants(db: Db, grants: readonly NewGrant[]): Promise<void> {
  if (grants.length === 0) return;
  for (const grant of grants) {
    const problem = validatePattern(grant.pattern);
    if (problem) throw new Error(`Permission pattern "${grant.pattern}" ${problem}`);
  }
  await db.insert(permissionGrants).values(
    grants.map((grant) => ({
      id: newId(),
      principalType: grant.principalType,
      principalId: grant.principalId,
      scope: grant.scope,
      companyId: grant.companyId ?? null,
      studyId: grant.studyId ?? null,
      pattern: grant.pattern,
    })),
  );
}
