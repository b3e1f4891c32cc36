import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { countDbQuery, type Logger } from "../observability/logger";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A database handle or an open transaction: services take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory" }
  /** An already created PGlite instance, for example a clone of a migrated template (tests). */
  | { kind: "pglite-client"; client: PGlite }
  | { kind: "postgres"; url: string; poolMax: number };

export interface Database {
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction that holds a database-wide advisory lock for `key` (serialises instances). */
  withLock<T>(key: string, fn: (tx: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATION_LOCK = "rbqm:migrations";
/** How long a new PostgreSQL connection may take, and a request may wait for a free one of the pool. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Every query drizzle sends is one round trip: counted per request for the request log, and logged with its SQL
 * at LOG_LEVEL=trace.
 */
function queryLogger(logger?: Logger) {
  return {
    logQuery(query: string) {
      countDbQuery();
      if (logger?.isLevelEnabled("trace")) logger.trace({ sql: query }, "query");
    },
  };
}

const dialect = new PgDialect();

/**
 * Rows as arrays of cells, in the select list's order, straight from the driver, for bulk reads (the audit export):
 * there, row objects and drizzle's per-field type lookup cost more than the query itself. On PostgreSQL the reader
 * holds one connection of the pool until it is released: a query per batch on one connection was a third faster
 * than a pool checkout per batch (the export bench, 2026-11-26). Queries are counted and logged like any other.
 * Inside a transaction (no driver client of its own) it reads through drizzle.
 */
export interface ArrayReader {
  read(query: SQL): Promise<unknown[][]>;
  /** Gives the connection back; after a failed query, pass the error and the pool drops the connection instead. */
  release(error?: unknown): void;
}

export async function openArrayReader(db: Db, logger?: Logger): Promise<ArrayReader> {
  const client = (db as { $client?: unknown }).$client;
  const prepare = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    countDbQuery();
    if (logger?.isLevelEnabled("trace")) logger.trace({ sql: text }, "query");
    return { text, params };
  };
  if (client instanceof pg.Pool) {
    const held = await client.connect();
    let released = false;
    return {
      read: async (query) => {
        const { text, params } = prepare(query);
        return (await held.query<unknown[]>({ text, values: params, rowMode: "array" })).rows;
      },
      release: (error) => {
        if (released) return;
        released = true;
        held.release(error instanceof Error ? error : undefined);
      },
    };
  }
  if (client instanceof PGlite) {
    return {
      read: async (query) => {
        const { text, params } = prepare(query);
        return (await client.query<unknown[]>(text, params, { rowMode: "array" })).rows;
      },
      release: () => undefined,
    };
  }
  return {
    read: async (query) => {
      const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((row) => Object.values(row));
    },
    release: () => undefined,
  };
}

/** Opens the database, takes the single-writer lock for PGlite, and runs pending migrations. */
export async function openDatabase(target: DatabaseTarget, logger?: Logger): Promise<Database> {
  const started = Date.now();
  const database = target.kind === "postgres" ? openPostgres(target, logger) : await openPglite(target, logger);
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  logger?.info({ db: database.kind, ms: Date.now() - started }, "database ready");
  return database;
}

async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // Several instances may start at once: one migrates while the others wait on the session lock.
  const { pool } = database as PostgresDatabase;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [MIGRATION_LOCK]);
    await migratePg(database.db as never, { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext($1))", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

interface PostgresDatabase extends Database {
  pool: pg.Pool;
}

function openPostgres(target: { url: string; poolMax: number }, logger?: Logger): PostgresDatabase {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolMax,
    application_name: "rbqm",
    // A database that does not answer (a dropped route, an overloaded server) is given up after this long and
    // answered 503 (server/db/availability.ts), rather than holding the request for the operating system's minutes.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on("error", () => undefined); // an idle client's error; the next query reports it
  const db = drizzlePg({ client: pool, schema, logger: queryLogger(logger) }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    withLock: (key, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        return fn(tx as unknown as Db);
      }),
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

async function openPglite(target: Exclude<DatabaseTarget, { kind: "postgres" }>, logger?: Logger): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (target.kind === "pglite") {
    fs.mkdirSync(target.dataDir, { recursive: true });
    releaseLock = takeDirectoryLock(target.dataDir);
    try {
      client = await PGlite.create(target.dataDir);
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else if (target.kind === "pglite-client") {
    client = target.client;
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema, logger: queryLogger(logger) }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite has one connection, so transactions are already serialised.
    withLock: (_key, fn) => db.transaction(async (tx) => fn(tx as unknown as Db)),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * PGlite keeps its files in one directory that only one process may open. A lock file holding our pid
 * stops a second instance with a clear message instead of a corrupted database.
 */
const heldHere = new Set<string>();

function takeDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  if (heldHere.has(lockPath)) {
    throw new Error(`The embedded database in ${dataDir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      // Our own pid in the file, but not held here: left by an earlier run that had the same pid (containers).
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that has ended
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The migrations folder, found from this module's location in the source tree or in build/. */
export function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "server", "db", "migrations");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const sibling = path.join(dir, "migrations");
    if (path.basename(dir) === "db" && fs.existsSync(path.join(sibling, "meta", "_journal.json"))) return sibling;
    dir = path.dirname(dir);
  }
  throw new Error("The database migrations folder (server/db/migrations) was not found.");
}
