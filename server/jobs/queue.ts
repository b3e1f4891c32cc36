import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Database } from "../db/database";
import type { Logger } from "../observability/logger";

/**
 * Durable jobs on pg-boss (docs/decisions/0028-files-jobs-and-analysis-workers.md), on the service's own database:
 * pg-boss speaks to PostgreSQL through the service's pool, and to the embedded PGlite in-process through the same
 * `executeSql` adapter (no socket, no second connection: PGlite serialises every query and transaction).
 * A job is recorded in the database before anyone runs it, so it survives a restart (kill -9 included); an active
 * job whose process died expires and is retried; several instances on PostgreSQL fetch with SKIP LOCKED, so one job
 * is never run by two at once.
 */
export interface JobQueue {
  /** Declares a queue (idempotent). */
  define(name: string, options: QueueOptions): Promise<void>;
  /** Enqueues a job; a job id already used is not enqueued twice. */
  send(name: string, data: object, options?: { id?: string; startAfter?: Date }): Promise<string | null>;
  /** Runs the handler for each job of the queue, one at a time per instance. */
  work<T extends object>(name: string, handler: (job: QueueJob<T>) => Promise<void>): Promise<void>;
  /** Marks the jobs of a queue this instance held as failed (retried as their policy says): after a crash. */
  failActive(name: string, message: string): Promise<number>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long a job may run; beyond it (or when its process died) it fails and is retried. */
  expireInSeconds: number;
  deadLetter?: string;
}

export interface QueueJob<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

/** A stable job id (a UUID) for a key: enqueuing the same key twice makes one job. */
export function jobIdFor(key: string): string {
  const h = createHash("sha256").update(key).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** pg-boss's database adapter over the service's database (PGlite or the PostgreSQL pool). */
function executor(database: Database): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === "pglite") {
    const lite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return lite.query(text, values);
        // pg-boss sends several statements at once (its migrations) without parameters.
        const results = await lite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

export async function createJobQueue(
  database: Database,
  logger: Logger,
  options: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: executor(database),
    schema: "pgboss",
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    monitorStateIntervalSeconds: 60,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const polling = options.pollingIntervalSeconds ?? 1;
  const workers: string[] = [];

  return {
    async define(name, q) {
      const queue = {
        name,
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: q.expireInSeconds,
        ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
      };
      if (q.deadLetter && !(await boss.getQueue(q.deadLetter))) await boss.createQueue(q.deadLetter);
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
    },
    send: (name, data, opts) =>
      boss.send(name, data, {
        ...(opts?.id ? { id: opts.id } : {}),
        ...(opts?.startAfter ? { startAfter: opts.startAfter } : {}),
      }),
    async work(name, handler) {
      const id = await boss.work<object>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: polling },
        async ([job]) => {
          if (!job) return;
          await handler({
            id: job.id,
            data: job.data as never,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
        },
      );
      workers.push(id);
    },
    async failActive(name, message) {
      const { rows } = await executor(database).executeSql(
        "select id from pgboss.job where name = $1 and state = 'active'",
        [name],
      );
      const ids = (rows as { id: string }[]).map((r) => r.id);
      for (const id of ids) await boss.fail(name, id, { message });
      return ids.length;
    },
    async stop() {
      for (const id of workers) await boss.offWork({ id }).catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
