import { appendAuditEntry, verifyAuditChain } from "@server/audit/service";
import { auditEntries, companies } from "@server/db/schema";
import { ApiError } from "@server/http/problem";
import { defineRoute } from "@server/http/route";
import { DEMO } from "@server/seed/demo";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { dbKinds, openTestDatabase, type TestDatabase } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/** The database's own error message (drizzle wraps it as the cause of "Failed query"). */
async function databaseError(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  throw new Error("the statement was not rejected");
}

const entry = (n: number) => ({
  entryPoint: { displayText: `Change ${n}`, httpMethod: "POST", apiPath: `/api/test/${n}` },
  level: "System" as const,
  companyId: null,
  studyId: null,
  contextOfChange: null,
  requester: { type: "system" as const },
  changes: [{ before: { n: n - 1 }, after: { n } }],
});

// Two state-changing routes, defined with the same machinery as the real ones.
const renameSchema = z.object({
  displayName: z.string().min(1),
  rationaleForChange: z.string().optional(),
  password: z.string().optional(),
});
/** A company rename that records its change; with `fail`, it then throws, after writing. */
const renameRoute = (name: string, fail: boolean) =>
  defineRoute({
    method: "POST",
    path: `/companies/:companyId/test/${name}`,
    access: "permission",
    body: renameSchema,
    audit: { displayText: fail ? "Rename company then fail (test)" : "Rename company (test)" },
    handler: async ({ db, params, body, audit }) => {
      const [before] = await db.select().from(companies).where(eq(companies.id, params.companyId!));
      const [after] = await db
        .update(companies)
        .set({ displayName: body.displayName })
        .where(eq(companies.id, params.companyId!))
        .returning();
      audit.change(before, after);
      if (fail) throw new ApiError(409, "Conflict", "Something else changed first.");
      return { isSuccess: true, displayName: after!.displayName };
    },
  });

const testRoutes = [
  renameRoute("rename", false),
  renameRoute("renameThenFail", true),
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/test/touch",
    access: "permission",
    audit: { displayText: "Touch study (test)" },
    handler: async () => ({ isSuccess: true }),
  }),
];

describe.each(dbKinds())("audit trail on %s", (kind) => {
  let database: TestDatabase | undefined;
  let api: TestApi | undefined;
  afterEach(async () => {
    await database?.close();
    await api?.close();
    database = undefined;
    api = undefined;
  });

  it("is append-only: the database itself rejects UPDATE, DELETE and TRUNCATE", async () => {
    database = await openTestDatabase(kind);
    await database.db.transaction(async (tx) => appendAuditEntry(tx, entry(1)));
    await expect(databaseError(database.db.update(auditEntries).set({ rationale: "edited" }))).resolves.toMatch(
      /audit_entries is append-only: UPDATE is not allowed/,
    );
    await expect(databaseError(database.db.delete(auditEntries))).resolves.toMatch(
      /append-only: DELETE is not allowed/,
    );
    await expect(databaseError(database.db.execute(sql`truncate audit_entries`))).resolves.toMatch(
      /append-only: TRUNCATE is not allowed/,
    );
    const rows = await database.db.select().from(auditEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rationale).toBeNull();
  });

  it("stamps seq, a strictly increasing UTC timestamp and a verifiable hash chain, whatever the caller sends", async () => {
    database = await openTestDatabase(kind);
    for (let n = 1; n <= 5; n++) {
      await database.db.transaction(async (tx) => appendAuditEntry(tx, entry(n)));
    }
    // A forged stamp is overwritten by the trigger.
    await database.db.insert(auditEntries).values({
      id: "6560de0000000000000000ff",
      seq: 999,
      timestamp: new Date("2000-01-01T00:00:00Z"),
      hash: "forged",
      prevHash: "forged",
      level: "System",
      entryPoint: { displayText: "x", httpMethod: null, apiPath: null },
      requester: { type: "system" },
      dataChanges: [],
    });
    const rows = await database.db.select().from(auditEntries).orderBy(asc(auditEntries.seq));
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.timestamp.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.timestamp.getTime());
      expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    }
    expect(rows[5]!.timestamp.getUTCFullYear()).toBeGreaterThan(2000);
    expect(rows[0]!.prevHash).toBe("0".repeat(64));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 6, firstBadSeq: null, firstBadId: null });
  });

  it("timestamps never tie, even within one transaction", async () => {
    database = await openTestDatabase(kind);
    await database.db.transaction(async (tx) => {
      for (let n = 1; n <= 20; n++) await appendAuditEntry(tx, entry(n));
    });
    const rows = await database.db.select().from(auditEntries).orderBy(asc(auditEntries.seq));
    const stamps = rows.map((r) => r.timestamp.toISOString() + String(r.timestamp.getTime()));
    const micros = (await database.db.execute(
      sql`select count(distinct "timestamp")::int as n from audit_entries`,
    )) as unknown as { rows: { n: number }[] };
    expect(micros.rows[0]!.n).toBe(20);
    expect(stamps).toHaveLength(20);
  });

  it("shows an edit made behind the triggers' back", async () => {
    database = await openTestDatabase(kind);
    for (let n = 1; n <= 3; n++) await database.db.transaction(async (tx) => appendAuditEntry(tx, entry(n)));
    // Only a database superuser can do this; the chain still tells.
    await database.db.execute(sql`alter table audit_entries disable trigger user`);
    await database.db.execute(sql`update audit_entries set rationale = 'rewritten' where seq = 2`);
    await database.db.execute(sql`alter table audit_entries enable trigger user`);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: false, checked: 3, firstBadSeq: 2 });
  });

  it("a state-changing call commits its change and its audit entry together", async () => {
    api = await startTestApi(kind, { extraRoutes: testRoutes });
    const token = await api.token(DEMO.users.admin.id);
    const before = await api.database.db.select().from(auditEntries);
    const response = await api.call("POST", `/api/companies/${DEMO.company.id}/test/rename`, {
      token,
      json: { displayName: "Demo Pharma AG", rationaleForChange: "Legal name changed", password: "not-for-the-record" },
    });
    expect(response.status).toBe(200);
    const rows = await api.database.db.select().from(auditEntries).orderBy(asc(auditEntries.seq));
    expect(rows).toHaveLength(before.length + 1);
    const recorded = rows.at(-1)!;
    expect(recorded).toMatchObject({
      level: "Company",
      companyId: DEMO.company.id,
      entryPoint: {
        displayText: "Rename company (test)",
        httpMethod: "POST",
        apiPath: `/api/companies/${DEMO.company.id}/test/rename`,
      },
      contextOfChange: { id: DEMO.company.id, type: "Company" },
      requester: {
        type: "user",
        id: DEMO.users.admin.id,
        displayName: DEMO.users.admin.displayName,
        email: DEMO.users.admin.email,
      },
      rationale: "Legal name changed",
    });
    expect(JSON.parse(recorded.requestBody!)).toEqual({
      displayName: "Demo Pharma AG",
      rationaleForChange: "Legal name changed",
      password: "[redacted]",
    });
    expect(JSON.parse(recorded.responseBody!)).toEqual({ isSuccess: true, displayName: "Demo Pharma AG" });
    expect(recorded.dataChanges).toHaveLength(1);
    expect(JSON.parse(recorded.dataChanges[0]!.before!).displayName).toBe("Demo Pharma");
    expect(JSON.parse(recorded.dataChanges[0]!.after!).displayName).toBe("Demo Pharma AG");
    expect(Math.abs(recorded.timestamp.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("a failed state-changing call leaves neither a change nor an entry", async () => {
    api = await startTestApi(kind, { extraRoutes: testRoutes });
    const token = await api.token(DEMO.users.admin.id);
    const count = (await api.database.db.select().from(auditEntries)).length;
    const response = await api.call("POST", `/api/companies/${DEMO.company.id}/test/renameThenFail`, {
      token,
      json: { displayName: "Half-written" },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ title: "Conflict", detail: "Something else changed first." });
    const [company] = await api.database.db.select().from(companies).where(eq(companies.id, DEMO.company.id));
    expect(company!.displayName).toBe("Demo Pharma");
    expect(await api.database.db.select().from(auditEntries)).toHaveLength(count);
  });

  it("a denied or invalid call records nothing", async () => {
    api = await startTestApi(kind, { extraRoutes: testRoutes });
    const count = (await api.database.db.select().from(auditEntries)).length;
    const monitor = await api.token(DEMO.users.monitor.id);
    const denied = await api.call("POST", `/api/companies/${DEMO.company.id}/test/rename`, {
      token: monitor,
      json: { displayName: "X" },
    });
    expect(denied.status).toBe(403);
    const admin = await api.token(DEMO.users.admin.id);
    const invalid = await api.call("POST", `/api/companies/${DEMO.company.id}/test/rename`, {
      token: admin,
      json: { displayName: "" },
    });
    expect(invalid.status).toBe(400);
    expect(await api.database.db.select().from(auditEntries)).toHaveLength(count);
  });

  it("a study-level call is recorded in the study's context", async () => {
    api = await startTestApi(kind, { extraRoutes: testRoutes });
    const token = await api.token(DEMO.users.manager.id);
    const response = await api.call(
      "POST",
      `/api/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}/test/touch`,
      { token },
    );
    expect(response.status).toBe(200);
    const [recorded] = await api.database.db
      .select()
      .from(auditEntries)
      .orderBy(sql`seq desc`)
      .limit(1);
    expect(recorded).toMatchObject({
      level: "Study",
      companyId: DEMO.company.id,
      studyId: DEMO.studies.active.id,
      contextOfChange: {
        id: DEMO.studies.active.id,
        type: "Study",
        extraInfo: { displayId: DEMO.studies.active.displayId },
      },
      dataChanges: [],
      requestBody: "{}",
    });
    expect(await verifyAuditChain(api.database.db)).toMatchObject({ ok: true });
  });
});
