import { sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditExportRange, AuditListEntry } from "../contracts/audit";
import { AUDIT_PAGE_SIZE } from "../contracts/audit";
import { openArrayReader, type ArrayReader, type Db } from "../db/database";
import { csvRecords } from "../http/csv";

/**
 * Reading the audit trail (001 §2, §4, §7; ADR 0026): the list by timestamp cursor, one entry, and the CSV export in
 * keyset batches. Every read is bounded to one study, or to the company-level entries of one company: an entry of
 * another study or company is simply not there.
 */

/** Whose entries: one study's, or the company-level entries of one company. */
export type AuditScopeFilter = { companyId: string; studyId: string } | { companyId: string; studyId: null };

/*
 * Orderings spell out their NULLS placement to match the indexes ("timestamp" DESC NULLS LAST, scanned forward or
 * backward). The column is NOT NULL, but the planner does not use that: a plain "desc" (NULLS FIRST) sorted the whole
 * study, 3.8 s at 1M entries instead of 0.2 ms.
 */

/** The timestamp as ISO 8601 UTC with microseconds (the trigger stamps microseconds; a Date keeps only ms). */
const ISO_TS = sql.raw(`to_char(e."timestamp" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

function scopeWhere(scope: AuditScopeFilter): SQL {
  return scope.studyId === null
    ? sql`e.company_id = ${scope.companyId} and e.level = 'Company'`
    : sql`e.company_id = ${scope.companyId} and e.study_id = ${scope.studyId}`;
}

interface EntryRow {
  id: string;
  ts: string;
  entry_point: AuditEntry["entryPoint"];
  context_of_change: AuditEntry["contextOfChange"];
  requester: AuditEntry["requester"];
  data_changes: AuditEntry["dataChanges"];
  rationale: string | null;
  request_body?: string | null;
  response_body?: string | null;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const listEntry = (row: EntryRow): AuditListEntry => ({
  id: row.id,
  timestamp: row.ts,
  entryPoint: row.entry_point,
  contextOfChange: row.context_of_change,
  requester: row.requester,
  dataChanges: row.data_changes,
  rationale: row.rationale,
});

/**
 * One page of the list (001 §4): the entries before the cursor, newest first, at most 25. Timestamps are unique and
 * strictly increase with commit order (ADR 0006), so "before the last one shown" neither skips nor repeats an entry.
 */
export async function listAuditEntries(
  db: Db,
  scope: AuditScopeFilter,
  before: string | null,
  limit: number = AUDIT_PAGE_SIZE,
): Promise<AuditListEntry[]> {
  const cursor = before === null ? sql`` : sql` and e."timestamp" < ${before}::timestamptz`;
  const found = await rows<EntryRow>(
    db,
    sql`select e.id, ${ISO_TS} as ts, e.entry_point, e.context_of_change, e.requester, e.data_changes, e.rationale
        from audit_entries e
        where ${scopeWhere(scope)}${cursor}
        order by e."timestamp" desc nulls last
        limit ${limit}`,
  );
  return found.map(listEntry);
}

/** One entry of the scope, or null: an entry of another study or company is not found (001 §2). */
export async function getAuditEntry(db: Db, scope: AuditScopeFilter, entryId: string): Promise<AuditEntry | null> {
  const [row] = await rows<EntryRow>(
    db,
    sql`select e.id, ${ISO_TS} as ts, e.entry_point, e.context_of_change, e.requester, e.data_changes, e.rationale,
               e.request_body, e.response_body
        from audit_entries e
        where e.id = ${entryId} and ${scopeWhere(scope)}`,
  );
  if (!row) return null;
  return {
    ...listEntry(row),
    request: { body: row.request_body ?? null },
    response: { body: row.response_body ?? null },
  };
}

/** The export's columns, in order (ADR 0026). */
export const AUDIT_CSV_HEADER = [
  "Timestamp (UTC)",
  "Action",
  "Context",
  "Requester",
  "Rationale",
  "HTTP method",
  "API path",
  "Data changes",
] as const;

/** Rows per keyset batch: one query and one chunk each; memory holds about three (one queued, one written, one read). */
export const EXPORT_BATCH_ROWS = 2000;

/**
 * One export record: the eight cells of AUDIT_CSV_HEADER, as the database made them (text or null). Read as arrays,
 * straight from the driver: at a million rows, row objects cost more than the query.
 */
type CsvRow = (string | null)[];

/** The UTC day bounds of a range (001 §5): from its 00:00; to the end of its day (before the next day's 00:00). */
export function exportBounds(range: AuditExportRange): { fromInclusive: string | null; toExclusive: string | null } {
  const next = (dayText: string) => {
    const date = new Date(`${dayText}T00:00:00.000Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString();
  };
  return {
    fromInclusive: range.from ? `${range.from}T00:00:00.000Z` : null,
    toExclusive: range.to ? next(range.to) : null,
  };
}

async function csvBatch(
  reader: ArrayReader,
  scope: AuditScopeFilter,
  bounds: { fromInclusive: string | null; toExclusive: string | null; upTo: string },
  after: string | null,
  limit: number,
): Promise<CsvRow[]> {
  const lower =
    after !== null
      ? sql` and e."timestamp" > ${after}::timestamptz`
      : bounds.fromInclusive !== null
        ? sql` and e."timestamp" >= ${bounds.fromInclusive}::timestamptz`
        : sql``;
  const upper = bounds.toExclusive !== null ? sql` and e."timestamp" < ${bounds.toExclusive}::timestamptz` : sql``;
  // The cells are made by the database (text, no JSON parsed and serialised again in Node): the export's speed.
  return (await reader.read(
    sql`select ${ISO_TS} as ts,
               e.entry_point->>'displayText' as action,
               case when e.context_of_change is null then null
                    else concat_ws(' ', e.context_of_change->>'type',
                                   coalesce(e.context_of_change->'extraInfo'->>'displayId', e.context_of_change->>'id'))
               end as context,
               case when e.requester->>'type' = 'system' then 'System'
                    else concat_ws(' ', coalesce(e.requester->>'displayName', e.requester->>'id', e.requester->>'type'),
                                   '<' || (e.requester->>'email') || '>')
               end as requester,
               e.rationale,
               e.entry_point->>'httpMethod' as method,
               e.entry_point->>'apiPath' as path,
               e.data_changes::text as changes
        from audit_entries e
        where ${scopeWhere(scope)}${lower}${upper} and e."timestamp" <= ${bounds.upTo}::timestamptz
        order by e."timestamp" asc nulls first
        limit ${limit}`,
  )) as CsvRow[];
}

function toCsv(batch: CsvRow[], header: boolean): string {
  // A null cell is written empty; the rows are the records as they are, no copy made.
  return csvRecords(header ? [[...AUDIT_CSV_HEADER], ...(batch as string[][])] : (batch as string[][]));
}

export interface AuditExportOptions {
  batchRows?: number;
  onError?: (error: unknown) => void;
}

/**
 * The CSV export as a stream (001 §5, §7), oldest entry first, or null when the range holds no entry. The entries
 * are those committed when the export starts. The stream pulls one keyset batch at a time, only when the reader has
 * taken the previous one (the socket's back-pressure reaches the database), so memory stays flat at any size. While
 * one batch is written as CSV, the database reads the next: the two work side by side.
 */
export async function openAuditExport(
  db: Db,
  scope: AuditScopeFilter,
  range: AuditExportRange,
  options: AuditExportOptions = {},
): Promise<ReadableStream<Uint8Array> | null> {
  const limit = options.batchRows ?? EXPORT_BATCH_ROWS;
  const [latest] = await rows<{ ts: string }>(
    db,
    sql`select ${ISO_TS} as ts from audit_entries e order by e.seq desc limit 1`,
  );
  if (!latest) return null;
  const bounds = { ...exportBounds(range), upTo: latest.ts };
  const reader = await openArrayReader(db);
  let first: CsvRow[];
  try {
    first = await csvBatch(reader, scope, bounds, null, limit);
  } catch (error) {
    reader.release(error);
    throw error;
  }
  if (first.length === 0) {
    reader.release();
    return null;
  }
  /** The batch after a full one, already being read; a failure is kept for its await, never left unhandled. */
  const readAfter = (batch: readonly CsvRow[]): Promise<CsvRow[]> | null => {
    if (batch.length < limit) return null;
    const next = csvBatch(reader, scope, bounds, batch.at(-1)![0]!, limit);
    next.catch(() => undefined);
    return next;
  };
  let coming: Promise<CsvRow[]> | null = Promise.resolve(first);
  const encoder = new TextEncoder();
  let header = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const batch = await coming!;
          coming = readAfter(batch);
          if (batch.length > 0) {
            controller.enqueue(encoder.encode(toCsv(batch, header)));
            header = false;
          }
          if (coming === null) {
            reader.release();
            controller.close();
          }
        } catch (error) {
          coming = null;
          reader.release(error);
          options.onError?.(error);
          controller.error(error);
        }
      },
      cancel() {
        // The reader went away (a closed download): the connection goes back once the batch being read is in.
        const reading = coming;
        coming = null;
        if (reading) reading.then(() => reader.release(), reader.release);
        else reader.release();
      },
    },
    // At most one batch waits in the stream's queue, and one more is being read.
    { highWaterMark: 1 },
  );
}

/** The export's file name (001 §9): audit-entries-{studyName}.csv, or audit-entries-company-{companyId}.csv. */
export function exportFileName(name: string): string {
  return `audit-entries-${name}.csv`;
}

/** Content-Disposition for a file name: a plain ASCII fallback and the exact name (RFC 6266, 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
