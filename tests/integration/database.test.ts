import { count, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditEntries, companies, permissionGrants, studies, users } from "@server/db/schema";
import { DEMO, DEMO_PASSWORD, seedDemoData } from "@server/seed/demo";
import { verifyPassword } from "@server/users/passwords";
import { eq } from "drizzle-orm";
import { dbKinds, openTestDatabase, type TestDatabase } from "../support/db";

describe.each(dbKinds())("database on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("migrates an empty database to every table", async () => {
    database = await openTestDatabase(kind);
    const result = (await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] };
    expect(result.rows.map((r) => r.tablename)).toEqual([
      "app_meta",
      "audit_entries",
      "auth_sessions",
      "companies",
      "company_members",
      "group_members",
      "groups",
      "mail_outbox",
      "oauth_codes",
      "password_reset_tokens",
      "permission_grants",
      "refresh_tokens",
      "sign_in_challenges",
      "sign_in_throttles",
      "signing_keys",
      "sso_assertions_seen",
      "sso_requests",
      "studies",
      "users",
    ]);
  });

  it("seeds the demo data once: a second run changes nothing", async () => {
    database = await openTestDatabase(kind);
    expect(await seedDemoData(database)).toBe(true);
    const counts = async () => ({
      companies: (await database!.db.select({ n: count() }).from(companies))[0]!.n,
      studies: (await database!.db.select({ n: count() }).from(studies))[0]!.n,
      users: (await database!.db.select({ n: count() }).from(users))[0]!.n,
      grants: (await database!.db.select({ n: count() }).from(permissionGrants))[0]!.n,
      audit: (await database!.db.select({ n: count() }).from(auditEntries))[0]!.n,
    });
    const first = await counts();
    expect(first).toMatchObject({ companies: 2, studies: 4, users: 7 });
    expect(first.audit).toBe(6);
    expect(await seedDemoData(database)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it("seeds three Demo Pharma studies, one retired, and argon2id password hashes that verify", async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database);
    const rows = await database.db.select().from(studies).where(eq(studies.companyId, DEMO.company.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isRetired).map((r) => r.name)).toEqual([DEMO.studies.retired.name]);
    const [admin] = await database.db.select().from(users).where(eq(users.id, DEMO.users.admin.id));
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash!, "wrong-password")).toBe(false);
    const [sso] = await database.db.select().from(users).where(eq(users.id, DEMO.users.sso.id));
    expect(sso!.passwordHash).toBeNull();
  });

  it("enforces one e-mail per user, whatever its case", async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database);
    await expect(
      database.db.insert(users).values({
        id: "6560de0000000000000009ff",
        email: DEMO.users.admin.email.toUpperCase(),
        displayName: "Copy",
        homeCompanyId: DEMO.company.id,
      }),
    ).rejects.toThrow();
  });

  it("reopening an up-to-date database runs no migration twice", async () => {
    database = await openTestDatabase(kind);
    const migrations = async () =>
      ((await database!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[];
      }).rows[0]!.n;
    const before = await migrations();
    expect(before).toBeGreaterThanOrEqual(2);
    if (kind === "postgres") {
      const { openDatabase } = await import("@server/db/database");
      const second = await openDatabase({ kind: "postgres", url: database.url!, poolMax: 2 });
      await second.close();
      expect(await migrations()).toBe(before);
    }
  });
});
