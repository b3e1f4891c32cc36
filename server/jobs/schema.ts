import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { utcTimestamp } from "../db/columns";

/**
 * Who runs a job now (issue 22, docs/decisions/0034-job-leases-drain-and-install-lock.md): one row per running job of
 * the queue (pg-boss's `pgboss.job`), renewed by its instance while the job runs. A job whose lease has run out (its
 * process died, or lost the database for longer than the lease) is failed for a retry by any instance; the holder's
 * final write and its completion are fenced by the row, so a job's result is written once.
 */
export const jobLeases = pgTable("job_leases", {
  jobId: uuid("job_id").primaryKey(),
  queue: text("queue").notNull(),
  instanceId: text("instance_id").notNull(),
  leaseUntil: utcTimestamp("lease_until").notNull(),
});
