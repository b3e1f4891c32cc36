import { permissionGrants } from "@server/permissions/schema";
import { loadGrants } from "@server/permissions/service";
import { DEMO, seedDemoData } from "@server/seed/demo";
import { companyMembers, groupMembers, groups } from "@server/users/schema";
import { and, eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, openTestDatabase, type TestDatabase } from "../support/db";

/**
 * A user's grants: their own and their groups' (server/permissions/service.ts `loadGrants`). The groups' ids are read
 * once and their grants found by the index (`anyOf`, ADR 0066); the grants must be those the `in (subquery)` form
 * found, on both databases, with the user in many groups and many other groups' grants beside theirs.
 */
const GROUPS = 40;
const MEMBER_OF = 15;

describe.each(dbKinds())("a user's grants on %s", (kind) => {
  let database: TestDatabase;
  const user = DEMO.users.monitor.id;
  const company = DEMO.company.id;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database);
    const db = database.db;
    const ids = Array.from({ length: GROUPS }, (_, i) => `grants-test-group-${i}`);
    await db.insert(groups).values(ids.map((id, i) => ({ id, companyId: company, displayName: `Grants test ${i}` })));
    await db.insert(groupMembers).values(ids.slice(0, MEMBER_OF).map((groupId) => ({ groupId, userId: user })));
    // Three grants per group, of each scope; the member's groups are the first MEMBER_OF.
    await db.insert(permissionGrants).values(
      ids.flatMap((groupId, i) => [
        {
          id: `${groupId}-s`,
          principalType: "group" as const,
          principalId: groupId,
          scope: "system" as const,
          pattern: `api/test/${i}/system`,
        },
        {
          id: `${groupId}-c`,
          principalType: "group" as const,
          principalId: groupId,
          scope: "company" as const,
          companyId: company,
          pattern: `api/test/${i}/company`,
        },
        {
          id: `${groupId}-t`,
          principalType: "group" as const,
          principalId: groupId,
          scope: "study" as const,
          companyId: company,
          studyId: DEMO.studies.active.id,
          pattern: `api/test/${i}/study`,
        },
      ]),
    );
    // A user grant whose id is a group's: it is the user's, not the group's.
    await db.insert(permissionGrants).values({
      id: "grants-test-user-named-like-a-group",
      principalType: "user",
      principalId: ids[MEMBER_OF]!,
      scope: "system",
      pattern: "api/test/user-named-like-a-group",
    });
  }, 60_000);
  afterAll(() => database?.close());

  it("are the user's own and every grant of each of their groups, and no other group's", async () => {
    const patterns = (await loadGrants(database.db, user)).map((g) => g.pattern);
    for (let i = 0; i < GROUPS; i++) {
      for (const scope of ["system", "company", "study"]) {
        if (i < MEMBER_OF) expect(patterns).toContain(`api/test/${i}/${scope}`);
        else expect(patterns).not.toContain(`api/test/${i}/${scope}`);
      }
    }
    expect(patterns).not.toContain("api/test/user-named-like-a-group");
  });

  it("are the grants the `in (subquery)` form found, for every seeded user", async () => {
    const db = database.db;
    for (const someone of [...Object.values(DEMO.users).map((u) => u.id), user]) {
      const groupIds = db
        .select({ id: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.userId, someone));
      const before = await db
        .select({ id: permissionGrants.id })
        .from(permissionGrants)
        .where(
          or(
            and(eq(permissionGrants.principalType, "user"), eq(permissionGrants.principalId, someone)),
            and(eq(permissionGrants.principalType, "group"), inArray(permissionGrants.principalId, groupIds)),
          ),
        );
      const byId = new Map((await db.select().from(permissionGrants)).map((g) => [g.id, g]));
      // loadGrants keeps the grants that apply (a membership of the grant's company); the same rule on the old rows.
      const now = (await loadGrants(db, someone)).map((g) => `${g.scope} ${g.pattern}`).sort();
      const all = before.map((row) => byId.get(row.id)!);
      const applying = (await Promise.all(all.map(async (g) => ((await applies(g, someone)) ? g : null)))).filter(
        (g) => g !== null,
      );
      expect(now).toEqual(applying.map((g) => `${g.scope} ${g.pattern}`).sort());
    }
  });

  /** A grant applies to a user when it is a system grant or the user is a member of its company. */
  async function applies(grant: typeof permissionGrants.$inferSelect, userId: string) {
    if (grant.scope === "system") return true;
    const rows = await database.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, grant.companyId!), eq(companyMembers.userId, userId)));
    return rows.length > 0;
  }
});
