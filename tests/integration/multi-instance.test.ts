import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verifyAuditChain } from "@server/audit/service";
import { openDatabase, type Database } from "@server/db/database";
import { appMeta, auditEntries, companies, signingKeys } from "@server/db/schema";
import { defineRoute } from "@server/http/route";
import { createLogger } from "@server/observability/logger";
import { DEMO } from "@server/seed/demo";
import { createApiService, type ApiService } from "@server/service";
import { asc, count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createEmptyPostgresDatabase, dbKinds } from "../support/db";
import { testConfig } from "../support/service";

const logger = createLogger("silent");

describe("the embedded database (PGlite) is single-process", () => {
  it("refuses a second open of the same directory and allows it again once closed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-lock-"));
    const target = { kind: "pglite" as const, dataDir: path.join(dir, "pglite") };
    const first = await openDatabase(target);
    try {
      await expect(openDatabase(target)).rejects.toThrow(/already open in this process/);
    } finally {
      await first.close();
    }
    const second = await openDatabase(target);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that has ended", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-lock-"));
    fs.writeFileSync(path.join(dir, "pglite.lock"), "999999999");
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "pglite") });
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

// Several instances on one PostgreSQL database: what DATABASE_URL deployments do.
const renameRoute = defineRoute({
  method: "POST",
  path: "/companies/:companyId/test/rename",
  access: "permission",
  body: z.object({ displayName: z.string() }),
  audit: { displayText: "Rename company (test)" },
  handler: async ({ db, params, body, audit }) => {
    const { eq } = await import("drizzle-orm");
    const [before] = await db.select().from(companies).where(eq(companies.id, params.companyId!));
    const [after] = await db
      .update(companies)
      .set({ displayName: body.displayName })
      .where(eq(companies.id, params.companyId!))
      .returning();
    audit.change(before, after);
    return { ok: true };
  },
});

describe.each(dbKinds().filter((kind) => kind === "postgres"))("several instances on one %s database", (kind) => {
  let empty: { url: string; drop(): Promise<void> } | undefined;
  const services: ApiService[] = [];
  const opened: Database[] = [];
  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
    for (const db of opened.splice(0)) await db.close();
    await empty?.drop();
    empty = undefined;
  });

  it(`start together on an empty ${kind} database: one migrates and seeds, all share the signing key, and the audit chain stays whole`, async () => {
    empty = await createEmptyPostgresDatabase();
    const config = { ...testConfig(), seedDemoData: true };
    // Three instances open the same empty database at the same moment.
    const connections = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: empty!.url, poolMax: 5 })),
    );
    opened.push(...connections);
    const database = connections[0]!;
    services.push(
      ...(await Promise.all(
        connections.map((db) =>
          createApiService({ config, logger, database: db, startWorkers: false, extraRoutes: [renameRoute] }),
        ),
      )),
    );
    // Seeded once: the marker of each seed step (feature areas add their own), three companies.
    const markers = (await database.db.select({ key: appMeta.key }).from(appMeta)).map((row) => row.key);
    expect(markers).toEqual(
      expect.arrayContaining([
        "demo-seed",
        "demo-seed-oidc",
        "demo-seed-shell",
        "demo-seed-cpcd",
        "demo-seed-audit",
        "demo-seed-cdq",
      ]),
    );
    expect((await database.db.select({ n: count() }).from(signingKeys))[0]!.n).toBe(1);
    expect((await database.db.select({ n: count() }).from(companies))[0]!.n).toBe(3);

    // A token from one instance is accepted by another.
    const token = await services[0]!.deps.tokens.issueAccessToken({ userId: DEMO.users.admin.id });
    const company = await services[2]!.fetch(
      new Request(`http://x/api/companies/${DEMO.company.id}/get`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(company.status).toBe(200);

    // Audited writes from every instance at once: gap-free, ordered, chained.
    const before = (await database.db.select({ n: count() }).from(auditEntries))[0]!.n;
    const writes = Array.from({ length: 30 }, (_, i) =>
      services[i % 3]!.fetch(
        new Request(`http://x/api/companies/${DEMO.company.id}/test/rename`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ displayName: `Demo Pharma ${i}` }),
        }),
      ),
    );
    const statuses = await Promise.all(writes.map(async (w) => (await w).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = await database.db.select({ seq: auditEntries.seq }).from(auditEntries).orderBy(asc(auditEntries.seq));
    expect(rows).toHaveLength(before + 30);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await verifyAuditChain(database.db)).toEqual({
      ok: true,
      checked: before + 30,
      firstBadSeq: null,
      firstBadId: null,
    });
  });
});
