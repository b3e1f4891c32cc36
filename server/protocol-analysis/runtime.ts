import { and, eq, isNull } from "drizzle-orm";
import deven from "../../locales/deven.json";
import type { ServiceDeps } from "../deps";
import { SWEEP_GRACE_MS, sweepFiles } from "../files/sweeper";
import { createJobQueue, jobIdFor, type JobQueue } from "../jobs/queue";
import { createAnalysisPool, type AnalysisPool } from "./pool";
import { protocolAnalysisRequests } from "./schema";
import {
  failRequest,
  RISK_ASSESSMENT_DEAD_QUEUE,
  RISK_ASSESSMENT_QUEUE,
  runAnalysisJob,
  type AnalysisJobData,
} from "./service";

/**
 * The pipeline's moving parts of one service: the job queue (started on first use, so that a service that never
 * analyses pays nothing), and, when this instance works, the worker pool and the queue's workers.
 */
export interface AnalysisRuntime {
  /** Enqueues the request's job (idempotent: one job per request). */
  enqueue(requestId: string): Promise<void>;
  /** Starts working: recovers what a crash left, then runs jobs. */
  startWorkers(): Promise<void>;
  /** Stops taking jobs at once (shutdown); resolves once the running ones have ended. */
  drain(): Promise<void>;
  /** Stops: a job still running is handed back to the queue (any instance takes it at once). */
  stop(): Promise<void>;
}

const runtimes = new WeakMap<ServiceDeps, AnalysisRuntime>();

export function analysisRuntime(deps: ServiceDeps): AnalysisRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    runtime = createRuntime(deps);
    runtimes.set(deps, runtime);
  }
  return runtime;
}

function createRuntime(deps: ServiceDeps): AnalysisRuntime {
  const settings = deps.config.protocolAnalysis;
  let queue: Promise<JobQueue> | null = null;
  let pool: AnalysisPool | null = null;
  let stopped = false;

  const openQueue = () => {
    queue ??= (async () => {
      const q = await createJobQueue(deps.database, deps.logger, {
        pollingIntervalSeconds: deps.config.env === "test" ? 0.5 : 1,
        maintenanceIntervalSeconds: deps.config.env === "test" ? 1 : 30,
        leaseSeconds: deps.config.env === "test" ? 6 : 30,
      });
      await q.define(RISK_ASSESSMENT_QUEUE, {
        retryLimit: settings.retryLimit,
        retryDelaySeconds: settings.retryDelaySeconds,
        expireInSeconds: settings.timeoutSeconds,
        deadLetter: RISK_ASSESSMENT_DEAD_QUEUE,
      });
      return q;
    })();
    return queue;
  };

  return {
    async enqueue(requestId) {
      const q = await openQueue();
      const id = jobIdFor(`risk-assessment:${requestId}`);
      await q.send(RISK_ASSESSMENT_QUEUE, { requestId } satisfies AnalysisJobData, { id });
      await deps.database.db
        .update(protocolAnalysisRequests)
        .set({ jobId: id })
        .where(and(eq(protocolAnalysisRequests.id, requestId), isNull(protocolAnalysisRequests.jobId)));
    },
    async startWorkers() {
      const q = await openQueue();
      pool = await createAnalysisPool(settings.workers);
      const workPool = pool;
      // The embedded database has one process: a job still active there was cut short by a crash of this very
      // service; fail it now, so the queue retries it at once rather than after its time-out.
      if (deps.database.kind === "pglite") {
        const cut = await q.failActive(RISK_ASSESSMENT_QUEUE, "The service stopped during the analysis.");
        if (cut > 0) deps.logger.warn({ jobs: cut }, "analysis jobs cut short by a restart are retried");
      }
      // Requests recorded but never enqueued (the process died between the commit and the enqueue).
      const orphans = await deps.database.db
        .select({ id: protocolAnalysisRequests.id })
        .from(protocolAnalysisRequests)
        .where(and(eq(protocolAnalysisRequests.state, "New"), isNull(protocolAnalysisRequests.jobId)));
      for (const orphan of orphans) await this.enqueue(orphan.id);
      await q.work<AnalysisJobData>(RISK_ASSESSMENT_QUEUE, (job) => runAnalysisJob(deps, workPool, job));
      // A job whose last attempt never ended (its process died, or it ran out of time) lands here.
      await q.work<AnalysisJobData>(RISK_ASSESSMENT_DEAD_QUEUE, async (job) => {
        const texts = deven.protocolAnalysis.errors;
        await failRequest(deps, job.data.requestId, texts.failed, texts.timedOut);
      });
      await startFilesSweeper(deps, q);
    },
    async drain() {
      if (!queue) return;
      const q = await queue;
      q.pause();
      await q.idle();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (queue) await (await queue).stop();
      await pool?.close();
    },
  };
}

const FILES_SWEEP_QUEUE = "files-sweep";

interface SweepJobData {
  chunkCandidates: string[];
}

/**
 * The files sweeper (server/files/sweeper.ts) as a scheduled job: one job per grace period, its id made from the
 * period, so that every instance that schedules it makes the same one and one instance runs it; each run schedules
 * the next, carrying the chunks it found without a row.
 */
async function startFilesSweeper(deps: ServiceDeps, q: JobQueue): Promise<void> {
  await q.define(FILES_SWEEP_QUEUE, { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 });
  const schedule = async (chunkCandidates: string[]) => {
    const period = Math.floor(Date.now() / SWEEP_GRACE_MS) + 1;
    await q.send(FILES_SWEEP_QUEUE, { chunkCandidates } satisfies SweepJobData, {
      id: jobIdFor(`files-sweep:${period}`),
      startAfter: new Date(period * SWEEP_GRACE_MS),
    });
  };
  await q.work<SweepJobData>(FILES_SWEEP_QUEUE, async (job) => {
    const report = await sweepFiles(deps, { chunkCandidates: job.data.chunkCandidates });
    const { unusedUploads, localOrphans, chunkOrphans } = report;
    if (unusedUploads + localOrphans + chunkOrphans > 0)
      deps.logger.info({ unusedUploads, localOrphans, chunkOrphans }, "files sweeper removed bytes without a use");
    await schedule(report.chunkCandidates);
  });
  await schedule([]);
}
