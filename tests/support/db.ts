import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, type Database } from "@server/db/database";
import pg from "pg";
import { inject } from "vitest";

export type DbKind = "pglite" | "postgres";

/** The databases every integration test runs on: PGlite always, PostgreSQL when the run has one. */
export function dbKinds(): DbKind[] {
  return inject("postgresUrl") ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase extends Database {
  /** A URL for the postgres kind (another process can connect); undefined for PGlite. */
  url?: string;
}

let pgliteTemplate: Promise<PGlite> | undefined;

/** One migrated in-memory PGlite per test worker; each test gets a clone (much faster than migrating again). */
function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await openDatabase({ kind: "pglite-client", client });
    return client;
  })();
  return pgliteTemplate;
}

/** A fresh, migrated, empty database of the given kind; close() drops it. */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const template = await migratedPgliteTemplate();
    return openDatabase({ kind: "pglite-client", client: (await template.clone()) as PGlite });
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: "postgres", url: empty.url, poolMax: 10 });
  return {
    ...database,
    url: empty.url,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty (not migrated) database on the test cluster. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject("postgresUrl");
  const name = `rbqm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
