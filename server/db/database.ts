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
import { to as copyTo } from "pg-copy-streams";
import { countDbQuery, type Logger } from "../observability/logger";
import { shareTracker, trackChanges } from "./change-tracker";
import { serveNamedStatements } from "./pglite-statements";
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
  /**
   * Runs `fn` while holding the start-up lock (the migrations', pg-boss's install): instances that start together on
   * one database take turns. On PostgreSQL the session lock is held on one connection of the pool.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
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

/** A value written into a statement as a literal: for COPY, which takes no parameters (ADR 0031). */
export function literal(value: string): SQL {
  return sql.raw(pg.escapeLiteral(value));
}

export interface CsvCopyOptions {
  /** The first line names the columns, as the select list's aliases spell them. */
  header: boolean;
}

/**
 * Bulk reads on one connection (the audit export; ADR 0030, 0031), counted and logged like any other query:
 *  - `read`: rows as arrays of cells, in the select list's order, straight from the driver (no row objects, no
 *    drizzle type lookup);
 *  - `copyCsv`: a select's rows as CSV made by the database itself, `COPY (select) TO STDOUT (FORMAT csv,
 *    FORCE_QUOTE *)`: every cell that is not null is quoted, quotes are doubled, records end with LF. The select takes
 *    no parameters: values go in with `literal`.
 * On PostgreSQL the reader holds one pool connection until it is released, and a COPY streams: chunks come as they
 * are read, and a reader that stops reading stops the server (the socket's back-pressure). PGlite reads a COPY whole
 * (`TO '/dev/blob'`), so `copyStreams` is false there and a caller copies in batches.
 */
export interface BulkReader {
  readonly copyStreams: boolean;
  read(query: SQL): Promise<unknown[][]>;
  copyCsv(select: SQL, options: CsvCopyOptions): AsyncIterable<Uint8Array>;
  /**
   * Gives the connection back. After a failed query, or to give up a COPY before its end, pass an error: the pool
   * drops the connection instead, which also ends the statement on the server.
   */
  release(error?: unknown): void;
}

export async function openBulkReader(db: Db, logger?: Logger): Promise<BulkReader> {
  const client = (db as { $client?: unknown }).$client;
  const prepare = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    countDbQuery();
    if (logger?.isLevelEnabled("trace")) logger.trace({ sql: text }, "query");
    return { text, params };
  };
  const copyStatement = (select: SQL, target: SQL, { header }: CsvCopyOptions) => {
    const { text, params } = prepare(
      sql`copy (${select}) to ${target} with (format csv, header ${sql.raw(String(header))}, force_quote *)`,
    );
    if (params.length > 0) throw new Error("A COPY takes no parameters: write its values with literal().");
    return text;
  };
  if (client instanceof pg.Pool) {
    const held = await client.connect();
    // A connection lost while held (the server ended, or the backend was terminated) fails the query being read; the
    // client's own error event must not go unheard, or the process would end.
    const lost = () => undefined;
    held.on("error", lost);
    let released = false;
    return {
      copyStreams: true,
      read: async (query) => {
        const { text, params } = prepare(query);
        return (await held.query<unknown[]>({ text, values: params, rowMode: "array" })).rows;
      },
      copyCsv(select, options) {
        const stream = held.query(copyTo(copyStatement(select, sql`stdout`, options)));
        // The connection's end, when the copy is given up, is reported as an error after the reader has gone.
        stream.on("error", () => undefined);
        return stream;
      },
      release: (error) => {
        if (released) return;
        released = true;
        held.removeListener("error", lost);
        held.release(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error)));
      },
    };
  }
  if (client instanceof PGlite) {
    return {
      copyStreams: false,
      read: async (query) => {
        const { text, params } = prepare(query);
        return (await client.query<unknown[]>(text, params, { rowMode: "array" })).rows;
      },
      async *copyCsv(select, options) {
        const result = await client.query(copyStatement(select, sql.raw("'/dev/blob'"), options));
        if (result.blob) yield new Uint8Array(await result.blob.arrayBuffer());
      },
      release: () => undefined,
    };
  }
  throw new Error("Bulk reads need the database's own client, not a transaction.");
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
  await database.withStartupLock(() => migratePg(database.db as never, { migrationsFolder }));
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
  listenForLostConnections(pool, logger);
  const db = drizzlePg({ client: pool, schema, logger: queryLogger(logger) });
  return {
    db,
    kind: "postgres",
    pool,
    withLock: (key, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        return fn(tx);
      }),
    async withStartupLock(fn) {
      // A connection of the pool, held for the lock (its error listener is the pool's: listenForLostConnections).
      const client = await pool.connect();
      let failure: unknown;
      try {
        await client.query("select pg_advisory_lock(hashtext($1))", [MIGRATION_LOCK]);
        return await fn();
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        await client.query("select pg_advisory_unlock(hashtext($1))", [MIGRATION_LOCK]).catch(() => undefined);
        client.release(failure instanceof Error ? failure : undefined);
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/**
 * A connection the server ends (a restart, a failover, `pg_terminate_backend`, `idle_in_transaction_session_timeout`)
 * makes its client emit `error`, and an `error` event nobody listens to ends the process. pg-pool listens only while a
 * client is idle: one checked out (a transaction, the migrations' lock, an export's held connection, pg-boss's queries)
 * had no listener. So every client of the pool gets one for its whole life, whatever path checked it out: the query
 * in flight fails (answered 503), never the process. A client lost while checked out is given back at once, dropped
 * from the pool, so its slot is free again even when its holder never releases it (drizzle's transaction does not when
 * its `begin` fails); the holder's own release later is a no-op.
 */
function listenForLostConnections(pool: pg.Pool, logger?: Logger): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("connect", (client) => {
    client.on("error", (error: Error & { code?: string }) => {
      logger?.warn({ code: error.code, reason: error.message }, "database connection lost");
      if (!checkedOut.has(client)) return; // idle: the pool's own listener removes it
      checkedOut.delete(client);
      const release = client.release;
      client.release = () => undefined;
      release(error);
    });
  });
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
  serveNamedStatements(client);
  const changes = trackChanges(client);
  const db = drizzlePglite({ client, schema, logger: queryLogger(logger) });
  shareTracker(db, changes);
  return {
    db,
    kind: "pglite",
    // PGlite has one connection, so transactions are already serialised.
    withLock: (_key, fn) => db.transaction(fn),
    withStartupLock: (fn) => fn(),
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
