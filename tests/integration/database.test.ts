import { appMeta } from "@server/db/meta-schema";
import { auditEntries, companies, permissionGrants, studies, users } from "@server/db/schema";
import {
  DEMO,
  DEMO_OIDC_PLACEHOLDER,
  DEMO_PASSWORD,
  READ_ONLY_PATTERNS,
  demoSeedOptionsFromEnv,
  seedDemoData,
} from "@server/seed/demo";
import { verifyPassword } from "@server/users/passwords";
import { count, sql, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
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
      "cache_epochs",
      "cdq_issue_counts",
      "cdq_issues",
      "companies",
      "company_members",
      "cpcd_lists",
      "critical_data",
      "critical_processes",
      "file_chunks",
      "files",
      "group_members",
      "groups",
      "job_leases",
      "mail_outbox",
      "notifications",
      "oauth_codes",
      "password_reset_tokens",
      "permission_grants",
      "protocol_analysis_requests",
      "ract_working_draft_items",
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
    expect(first).toMatchObject({ companies: 3, studies: 4, users: 8 });
    // The seed's own 7 entries, the CP&CD demo lists' 4 (issue 12), the audit trail's demo history
    // (server/seed/demo-audit.ts: 30 study, 3 company), and one per study given demo Compliance & Data Quality issues.
    expect(first.audit).toBe(7 + 4 + 33 + 2);
    expect(await seedDemoData(database)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it("adds the OIDC company Contoso Trials to a demo database seeded before that step existed", async () => {
    database = await openTestDatabase(kind);
    // A database seeded by the first version: the base data and its marker, no OIDC step.
    await database.db.insert(appMeta).values({ key: "demo-seed-oidc", value: { version: 1 } });
    expect(await seedDemoData(database)).toBe(true);
    expect(await database.db.select().from(companies).where(eq(companies.id, DEMO.oidcCompany.id))).toEqual([]);
    const before = (await database.db.select({ n: count() }).from(users))[0]!.n;
    await database.db.delete(appMeta).where(eq(appMeta.key, "demo-seed-oidc"));

    const options = { oidc: { issuer: "https://idp.contoso.test/tenant", clientId: "rbqm-contoso" } };
    expect(await seedDemoData(database, options)).toBe(true);
    const [contoso] = await database.db.select().from(companies).where(eq(companies.id, DEMO.oidcCompany.id));
    expect(contoso).toMatchObject({
      displayName: "Contoso Trials",
      ssoProtocol: "oidc",
      ssoConfig: {
        emailDomains: ["contoso.example"],
        issuer: "https://idp.contoso.test/tenant",
        clientId: "rbqm-contoso",
      },
    });
    const [user] = await database.db.select().from(users).where(eq(users.id, DEMO.users.oidcSso.id));
    expect(user).toMatchObject({
      email: "sso@contoso.example",
      homeCompanyId: DEMO.oidcCompany.id,
      ssoSubject: "contoso-0001",
      passwordHash: null,
    });
    expect((await database.db.select({ n: count() }).from(users))[0]!.n).toBe(before + 1);
    const grants = await database.db
      .select()
      .from(permissionGrants)
      .where(eq(permissionGrants.companyId, DEMO.oidcCompany.id));
    expect(grants.map((g) => g.pattern).sort()).toEqual([...READ_ONLY_PATTERNS].sort());
    expect(await seedDemoData(database, options)).toBe(false);
  });

  it("seeds the OIDC company with placeholders, or with DEMO_OIDC_ISSUER and DEMO_OIDC_CLIENT_ID", () => {
    expect(demoSeedOptionsFromEnv({})).toEqual({ oidc: DEMO_OIDC_PLACEHOLDER });
    expect(demoSeedOptionsFromEnv({ DEMO_OIDC_ISSUER: " http://127.0.0.1:9/ ", DEMO_OIDC_CLIENT_ID: "abc" })).toEqual({
      oidc: { issuer: "http://127.0.0.1:9/", clientId: "abc" },
    });
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
      (
        (await database!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
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
