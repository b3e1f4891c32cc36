import { createHash, randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Database } from "../db/database";
import type { Logger } from "../observability/logger";

/**
 * Durable jobs on pg-boss (docs/decisions/0028-files-jobs-and-analysis-workers.md), on the service's own database:
 * pg-boss speaks to PostgreSQL through the service's pool, and to the embedded PGlite in-process through the same
 * `executeSql` adapter (no socket, no second connection: PGlite serialises every query and transaction).
 * A job is recorded in the database before anyone runs it, so it survives a restart (kill -9 included); several
 * instances on PostgreSQL fetch with SKIP LOCKED, so one job is never run by two at once.
 *
 * Who runs a job is a lease (docs/decisions/0034-job-leases-drain-and-install-lock.md): the instance that fetched it
 * renews a row of `job_leases` while the job runs. Any instance fails for a retry the jobs whose lease ran out (their
 * process died, or lost the database longer than the lease), so a job is taken back within about a lease, not after
 * its time-out. The job's end (complete or fail) is retried until the database answers, and is written only while
 * the lease is still held. pg-boss's own `work()` is not used: it does not wait for that end (an outage left the job
 * active, and `fail()` an unhandled rejection), and cannot be told to stop fetching while a job runs on.
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
  /** Stops taking jobs, at once (shutdown); the running ones go on. */
  pause(): void;
  /** Resolves once no job runs here. */
  idle(): Promise<void>;
  /** Stops: the jobs still running are handed back (any instance takes them at once), then the queue closes. */
  stop(): Promise<void>;
}

export interface QueueOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long a job may run; beyond it it fails and is retried. */
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

interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss's database adapter over the service's database (PGlite or the PostgreSQL pool). */
function executor(database: Database): Executor {
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

/** Runs `fn` in one transaction, on one connection, with an executor pg-boss can be given (`{ db }`). */
async function inTransaction<T>(database: Database, fn: (tx: Executor) => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === "pglite") {
    return (client as PGlite).transaction((tx) => fn({ executeSql: (text, values) => tx.query(text, values ?? []) }));
  }
  const held = await (client as pg.Pool).connect();
  try {
    await held.query("begin");
    const result = await fn({ executeSql: (text, values) => held.query(text, values) });
    await held.query("commit");
    return result;
  } catch (error) {
    await held.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    held.release();
  }
}

const sleep = (ms: number, signal?: { wake?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (signal)
      signal.wake = () => {
        clearTimeout(timer);
        resolve();
      };
  });

export interface JobQueueOptions {
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** How long a running job's lease lasts without renewal (renewed every third of it); 30 s by default. */
  leaseSeconds?: number;
}

export async function createJobQueue(
  database: Database,
  logger: Logger,
  options: JobQueueOptions = {},
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
  // pg-boss installs its schema on first start: instances starting together on an empty database take turns.
  await database.withStartupLock(() => boss.start());
  const queue = new LeasedJobQueue(database, boss, logger, options);
  return {
    define: (name, q) => queue.define(name, q),
    send: (name, data, opts) => queue.send(name, data, opts),
    work: (name, handler) => queue.work(name, handler),
    failActive: (name, message) => queue.failActive(name, message),
    pause: () => queue.pause(),
    idle: () => queue.idle(),
    stop: () => queue.stop(),
  };
}

type Outcome = { ok: true } | { ok: false; error: unknown };

/** The queue of one instance: pg-boss for the jobs, `job_leases` for who runs them (see the note on `JobQueue`). */
class LeasedJobQueue {
  private readonly db: Executor;
  private readonly pollingMs: number;
  private readonly leaseSeconds: number;
  private readonly instanceId = randomUUID();
  private readonly log: Logger;
  private readonly queues = new Map<string, QueueOptions>();
  private readonly worked: string[] = [];
  private readonly loops: Promise<void>[] = [];
  /** The jobs running here: their end, and whether they were handed back. */
  private readonly running = new Map<string, { name: string; ended: Promise<void>; handedBack: boolean }>();
  private readonly naps = new Set<{ wake?: () => void }>();
  private paused = false;
  private closed = false;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly database: Database,
    private readonly boss: PgBoss,
    logger: Logger,
    options: JobQueueOptions,
  ) {
    this.db = executor(database);
    this.pollingMs = (options.pollingIntervalSeconds ?? 1) * 1000;
    this.leaseSeconds = options.leaseSeconds ?? 30;
    this.log = logger.child({ instance: this.instanceId });
  }

  async define(name: string, q: QueueOptions) {
    this.queues.set(name, q);
    const queue = {
      name,
      retryLimit: q.retryLimit,
      retryDelay: q.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: q.expireInSeconds,
      ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
    };
    const boss = this.boss;
    // Instances starting together would both create it: they take turns, as for the install.
    await this.database.withStartupLock(async () => {
      if (q.deadLetter && !(await boss.getQueue(q.deadLetter))) await boss.createQueue(q.deadLetter);
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
    });
  }

  send(name: string, data: object, opts?: { id?: string; startAfter?: Date }) {
    return this.boss.send(name, data, {
      ...(opts?.id ? { id: opts.id } : {}),
      ...(opts?.startAfter ? { startAfter: opts.startAfter } : {}),
    });
  }

  async work<T extends object>(name: string, handler: (job: QueueJob<T>) => Promise<void>) {
    if (this.paused) return;
    this.worked.push(name);
    this.loops.push(this.fetchLoop(name, handler));
    if (!this.sweeper) {
      this.sweeper = setInterval(
        () => void this.sweep().catch((error: unknown) => this.log.debug({ err: error }, "job sweep failed")),
        (this.leaseSeconds * 1000) / 3,
      );
      this.sweeper.unref();
      await this.sweep().catch((error: unknown) => this.log.debug({ err: error }, "job sweep failed"));
    }
  }

  async failActive(name: string, message: string) {
    const { rows } = await this.db.executeSql("select id from pgboss.job where name = $1 and state = 'active'", [name]);
    const ids = (rows as { id: string }[]).map((r) => r.id);
    for (const id of ids) {
      await this.db.executeSql("delete from job_leases where job_id = $1", [id]);
      await this.boss.fail(name, id, { message });
    }
    return ids.length;
  }

  pause() {
    this.paused = true;
    for (const signal of this.naps) signal.wake?.();
  }

  async idle() {
    await Promise.all([...this.running.values()].map((entry) => entry.ended));
  }

  async stop() {
    this.pause();
    clearInterval(this.sweeper);
    for (const [id, entry] of this.running) {
      entry.handedBack = true;
      await this.handBack(entry.name, id).then(
        () => this.log.info({ job: id, queue: entry.name }, "running job handed back"),
        (error: unknown) => this.log.warn({ job: id, err: error }, "running job not handed back; its lease runs out"),
      );
    }
    this.closed = true;
    await Promise.race([Promise.all(this.loops), sleep(1000)]);
    await this.boss.stop({ graceful: false, wait: true, close: false });
  }

  private async fetchLoop<T extends object>(name: string, handler: (job: QueueJob<T>) => Promise<void>) {
    while (!this.paused) {
      // pg-boss's fetch answers no job when the database cannot be reached.
      const [job] = await this.boss.fetch<T>(name, { batchSize: 1, includeMetadata: true });
      if (!job) {
        await this.nap(this.pollingMs);
        continue;
      }
      if (this.paused) {
        await this.handBack(name, job.id).catch(() => undefined);
        break;
      }
      await this.runOne(name, job, handler);
    }
  }

  private async nap(ms: number) {
    const signal: { wake?: () => void } = {};
    this.naps.add(signal);
    await sleep(ms, signal);
    this.naps.delete(signal);
  }

  private takeLease(name: string, id: string) {
    return this.db.executeSql(
      `insert into job_leases (job_id, queue, instance_id, lease_until)
       values ($1, $2, $3, now() + make_interval(secs => $4))
       on conflict (job_id) do update set queue = excluded.queue, instance_id = excluded.instance_id,
         lease_until = excluded.lease_until`,
      [id, name, this.instanceId, this.leaseSeconds],
    );
  }

  private async renewLease(id: string) {
    const { rows } = await this.db.executeSql(
      `update job_leases set lease_until = now() + make_interval(secs => $3)
       where job_id = $1 and instance_id = $2 returning job_id`,
      [id, this.instanceId, this.leaseSeconds],
    );
    return rows.length > 0;
  }

  /** The job's end, in one transaction with the lease's release; retried with backoff until the database answers. */
  private async settle(name: string, id: string, outcome: Outcome) {
    for (let attempt = 0; ; attempt++) {
      try {
        const ended = await inTransaction(this.database, async (tx) => {
          const { rows } = await tx.executeSql(
            "delete from job_leases where job_id = $1 and instance_id = $2 returning job_id",
            [id, this.instanceId],
          );
          // Another instance took the job back (this one lost the database longer than its lease): not ours to end.
          if (rows.length === 0) return false;
          if (outcome.ok) await this.boss.complete(name, id, {}, { db: tx });
          else await this.boss.fail(name, id, { message: messageOf(outcome.error) }, { db: tx });
          return true;
        });
        if (!ended) this.log.warn({ job: id, queue: name }, "job taken back by another instance; its end not written");
        return;
      } catch (error) {
        // Stopping for good: the lease runs out and another instance (or the next start) takes the job back.
        if (this.closed) return;
        if (attempt === 0) this.log.warn({ job: id, queue: name, err: error }, "job end not written yet; retrying");
        await sleep(Math.min(500 * 2 ** attempt, 10_000));
      }
    }
  }

  private async runOne<T>(name: string, job: PgBoss.JobWithMetadata<T>, handler: (job: QueueJob<T>) => Promise<void>) {
    try {
      await this.takeLease(name, job.id);
    } catch (error) {
      // The database went away just after the fetch: the job is taken back by the sweep once it returns.
      this.log.warn({ job: job.id, queue: name, err: error }, "job lease not taken; the job is taken back later");
      return;
    }
    const renew = setInterval(
      () =>
        void this.renewLease(job.id).then(
          (held) => held || this.log.warn({ job: job.id, queue: name }, "job lease lost"),
          () => undefined,
        ),
      (this.leaseSeconds * 1000) / 3,
    );
    renew.unref();
    const entry = { name, handedBack: false, ended: Promise.resolve() };
    entry.ended = (async () => {
      let outcome: Outcome;
      try {
        outcome = await this.runWithTimeout(name, job, handler);
      } finally {
        clearInterval(renew);
      }
      if (!entry.handedBack) await this.settle(name, job.id, outcome);
    })();
    this.running.set(job.id, entry);
    try {
      await entry.ended;
    } finally {
      this.running.delete(job.id);
    }
  }

  /** Runs the handler within the queue's time-out: its outcome, never a rejection. */
  private async runWithTimeout<T>(
    name: string,
    job: PgBoss.JobWithMetadata<T>,
    handler: (job: QueueJob<T>) => Promise<void>,
  ): Promise<Outcome> {
    const timeoutSeconds = this.queues.get(name)?.expireInSeconds ?? 900;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The job ran longer than ${timeoutSeconds} s.`)),
          timeoutSeconds * 1000,
        );
      });
      await Promise.race([
        handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }),
        timedOut,
      ]);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Gives a running job back to the queue at once, not counted as an attempt (shutdown). */
  private async handBack(name: string, id: string) {
    await inTransaction(this.database, async (tx) => {
      const { rows } = await tx.executeSql(
        "delete from job_leases where job_id = $1 and instance_id = $2 returning job_id",
        [id, this.instanceId],
      );
      if (rows.length === 0) return;
      await tx.executeSql(
        `update pgboss.job set state = 'created', started_on = null, start_after = now()
         where name = $1 and id = $2 and state = 'active'`,
        [name, id],
      );
    });
  }

  /** Fails for a retry the active jobs whose holder's lease ran out, or that never got one. */
  private async sweep() {
    const names = [...this.worked];
    if (names.length === 0) return;
    const { rows } = await this.db.executeSql(
      `select j.id, j.name from pgboss.job j left join job_leases l on l.job_id = j.id
       where j.name = any($1::text[]) and j.state = 'active' and l.instance_id is distinct from $2
         and (l.lease_until < now() or (l.job_id is null and j.started_on < now() - make_interval(secs => $3)))`,
      [names, this.instanceId, this.leaseSeconds],
    );
    for (const { id, name } of rows as { id: string; name: string }[]) {
      const failed = await this.takeBack(name, id);
      if (failed) this.log.warn({ job: id, queue: name }, "job of a stopped instance taken back for a retry");
    }
  }

  /** Fails one job found by the sweep, if it is still active and no live lease holds it. */
  private takeBack(name: string, id: string) {
    return inTransaction(this.database, async (tx) => {
      const active = await tx.executeSql(
        "select id from pgboss.job where name = $1 and id = $2 and state = 'active' for update",
        [name, id],
      );
      if (active.rows.length === 0) return false;
      const lease = await tx.executeSql(
        "select lease_until > now() as live from job_leases where job_id = $1 for update",
        [id],
      );
      if ((lease.rows as { live: boolean }[]).some((row) => row.live)) return false;
      await tx.executeSql("delete from job_leases where job_id = $1", [id]);
      await this.boss.fail(
        name,
        id,
        { message: "The instance running the job stopped or lost the database." },
        { db: tx },
      );
      return true;
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
