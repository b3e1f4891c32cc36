import fs from "node:fs";
import path from "node:path";
import { and, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import { anyOf } from "../db/any-of";
import type { ServiceDeps } from "../deps";
import { fileChunks, files } from "./schema";
import { fileStorage } from "./service";

/**
 * The files sweeper (issue 22, defect 9; docs/decisions/0035-…): bytes without a record, and uploads no request uses,
 * are removed by a scheduled job, never at once:
 *  - an upload's bytes whose row never came (an outage between the end of the upload and its row, a process that
 *    died mid-upload): local files (and `.part` files) older than the grace period, chunks in `file_chunks` seen
 *    without a row by one sweep and still without one by the next, a grace period later;
 *  - uploads that no request uses (studyId null) older than UPLOAD_RETENTION_HOURS: row and bytes.
 * The grace period is longer than any upload can take, so an upload in progress is never touched.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface SweepReport {
  unusedUploads: number;
  localOrphans: number;
  chunkOrphans: number;
  /** Storage keys of chunks without a row seen now: removed by the next sweep if still without one. */
  chunkCandidates: string[];
}

const MAX_PER_SWEEP = 1000;

export async function sweepFiles(
  deps: ServiceDeps,
  options: { now?: Date; graceMs?: number; chunkCandidates?: readonly string[] } = {},
): Promise<SweepReport> {
  const now = options.now ?? new Date();
  const graceMs = options.graceMs ?? SWEEP_GRACE_MS;
  const db = deps.database.db;
  const report: SweepReport = { unusedUploads: 0, localOrphans: 0, chunkOrphans: 0, chunkCandidates: [] };

  // 1. Uploads no request has used within the retention: the row first (nothing refers to it), then the bytes.
  const cutoff = new Date(now.getTime() - deps.config.files.unusedRetentionHours * 3600_000);
  const unused = await db
    .delete(files)
    .where(
      and(
        isNull(files.studyId),
        lt(files.createdAt, cutoff),
        // The batch's ids once, then each row by its key: `in (…)` ran the batch's query again for every row.
        anyOf(
          files.id,
          db
            .select({ id: files.id })
            .from(files)
            .where(and(isNull(files.studyId), lt(files.createdAt, cutoff)))
            .limit(MAX_PER_SWEEP),
        ),
      ),
    )
    .returning({ storage: files.storage, storageKey: files.storageKey });
  for (const row of unused) await fileStorage(deps, row.storage).remove(row.storageKey);
  report.unusedUploads = unused.length;

  // 2. Chunks without a row: those seen so by the previous sweep (a grace period ago) and still so now go.
  const candidates = [...new Set(options.chunkCandidates ?? [])].slice(0, MAX_PER_SWEEP);
  if (candidates.length > 0) {
    const gone = await db
      .delete(fileChunks)
      .where(
        and(
          inArray(fileChunks.storageKey, candidates),
          notInArray(fileChunks.storageKey, db.select({ key: files.storageKey }).from(files)),
        ),
      )
      .returning({ key: fileChunks.storageKey });
    report.chunkOrphans = new Set(gone.map((g) => g.key)).size;
  }
  const orphanKeys = await db
    .selectDistinct({ key: fileChunks.storageKey })
    .from(fileChunks)
    .where(sql`not exists (select 1 from ${files} where ${files.storageKey} = ${fileChunks.storageKey})`)
    .limit(MAX_PER_SWEEP);
  report.chunkCandidates = orphanKeys.map((r) => r.key);

  // 3. Local files without a row, older than the grace period (their modification time says when they were written).
  report.localOrphans = await sweepLocalDir(deps, now.getTime() - graceMs);
  return report;
}

async function sweepLocalDir(deps: ServiceDeps, before: number): Promise<number> {
  const dir = deps.config.files.localDir;
  if (!fs.existsSync(dir)) return 0;
  const old: { key: string; file: string }[] = [];
  for (const prefix of await fs.promises.readdir(dir)) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    const sub = path.join(dir, prefix);
    let names: string[];
    try {
      names = await fs.promises.readdir(sub);
    } catch {
      continue;
    }
    for (const name of names) {
      const match = /^([0-9a-f]{32})(\.part)?$/.exec(name);
      if (!match) continue;
      const file = path.join(sub, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < before) old.push({ key: match[1]!, file });
      if (old.length >= MAX_PER_SWEEP) break;
    }
  }
  if (old.length === 0) return 0;
  const known = new Set(
    (
      await deps.database.db
        .select({ key: files.storageKey })
        .from(files)
        .where(
          inArray(
            files.storageKey,
            old.map((o) => o.key),
          ),
        )
    ).map((r) => r.key),
  );
  let removed = 0;
  for (const { key, file } of old) {
    if (known.has(key) && !file.endsWith(".part")) continue;
    await fs.promises.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
