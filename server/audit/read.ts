import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import type { AuditEntry, AuditEntryChanges, AuditExportRange, AuditListEntry } from "../contracts/audit";
import { AUDIT_PAGE_SIZE } from "../contracts/audit";
import { FORMULA_START_SQL } from "../contracts/csv";
import { literal, openBulkReader, type BulkReader, type Db } from "../db/database";

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
const isoTimestamp = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
const ISO_TS = isoTimestamp(`e."timestamp"`);

/** The scope's entries; its values as parameters, or as literals where a statement takes none (the export's COPY). */
function scopeWhere(scope: AuditScopeFilter, value: (text: string) => SQL = (text) => sql`${text}`): SQL {
  return scope.studyId === null
    ? sql`e.company_id = ${value(scope.companyId)} and e.level = 'Company'`
    : sql`e.company_id = ${value(scope.companyId)} and e.study_id = ${value(scope.studyId)}`;
}

interface EntryRow {
  id: string;
  ts: string;
  entry_point: AuditEntry["entryPoint"];
  context_of_change: AuditEntry["contextOfChange"];
  requester: AuditEntry["requester"];
  data_changes: AuditEntry["dataChanges"];
  rationale: string | null;
  changes_count?: number | null;
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
  ...(row.changes_count === undefined ? {} : { dataChangesCount: row.changes_count }),
});

/**
 * One page of the list (001 §4): the entries before the cursor, newest first, at most 25. Timestamps are unique and
 * strictly increase with commit order (ADR 0006), so "before the last one shown" neither skips nor repeats an entry.
 *
 * With `changesLimit`, each row's data changes are its first N and their count, cut by the database so that an entry
 * of hundreds of changes (an import) does not travel whole to a list that shows a few (ADR 0041). Data changes that
 * are not a list are sent as they are (the page says they are malformed), with no count. The page's rows are chosen
 * first, and each row's data changes are read twice, not four times: every jsonb function reads (and decompresses) a
 * large value whole, which was most of the list's database time (ADR 0058).
 */
export async function listAuditEntries(
  db: Db,
  scope: AuditScopeFilter,
  before: string | null,
  { limit = AUDIT_PAGE_SIZE, changesLimit = null }: { limit?: number; changesLimit?: number | null } = {},
): Promise<AuditListEntry[]> {
  const cursor = before === null ? sql`` : sql` and e."timestamp" < ${before}::timestamptz`;
  // The count is null when the changes are not a list (strict .size() fails, silently).
  const count =
    changesLimit === null
      ? sql``
      : sql`, (jsonb_path_query_first(e.data_changes, 'strict $.size()', '{}', true))::int as changes_count`;
  const page = sql`select e.id, e."timestamp", ${ISO_TS} as ts, e.entry_point, e.context_of_change, e.requester,
               e.data_changes, e.rationale${count}
        from audit_entries e
        where ${scopeWhere(scope)}${cursor}
        order by e."timestamp" desc nulls last
        limit ${limit}`;
  if (changesLimit === null) return (await rows<EntryRow>(db, page)).map(listEntry);
  // The page's rows are a subquery with a limit (never flattened): its count is made once per row, used twice here.
  const last = sql`jsonb_build_object('last', ${changesLimit - 1}::int)`;
  const found = await rows<EntryRow>(
    db,
    sql`select p.id, p.ts, p.entry_point, p.context_of_change, p.requester, p.rationale, p.changes_count,
               case when p.changes_count is null then p.data_changes
                    else jsonb_path_query_array(p.data_changes, '$[0 to $last]', ${last}) end as data_changes
        from (${page}) p
        order by p."timestamp" desc nulls last`,
  );
  return found.map(listEntry);
}

/**
 * One entry of the scope, or null: an entry of another study or company is not found (001 §2). With `changes`, its
 * data changes from the `from`-th, at most `limit`, cut by the database, and their count (ADR 0061): the page of an
 * import's entry reads a page of its changes, not hundreds. Data changes that are not a list come as they are.
 */
export async function getAuditEntry(
  db: Db,
  scope: AuditScopeFilter,
  entryId: string,
  changes: AuditEntryChanges = null,
): Promise<AuditEntry | null> {
  const entry = sql`select e.id, ${ISO_TS} as ts, e.entry_point, e.context_of_change, e.requester, e.data_changes,
               e.rationale, e.request_body, e.response_body
        from audit_entries e
        where e.id = ${entryId} and ${scopeWhere(scope)}`;
  const [row] = await rows<EntryRow>(
    db,
    changes === null
      ? entry
      : // The entry a subquery with a limit (never flattened): its changes are read once for the count, once cut.
        sql`select p.id, p.ts, p.entry_point, p.context_of_change, p.requester, p.rationale, p.request_body,
                   p.response_body, p.changes_count,
                   case when p.changes_count is null then p.data_changes
                        else jsonb_path_query_array(p.data_changes, '$[$from to $last]', ${changesWindow(changes)})
                   end as data_changes
            from (select q.*, (jsonb_path_query_first(q.data_changes, 'strict $.size()', '{}', true))::int
                          as changes_count
                  from (${entry}) q limit 1) p`,
  );
  if (!row) return null;
  return {
    ...listEntry(row),
    request: { body: row.request_body ?? null },
    response: { body: row.response_body ?? null },
  };
}

/** The jsonpath variables of a window of changes: its first and last index (beyond the list: an empty list). */
const changesWindow = ({ from, limit }: { from: number; limit: number }) =>
  sql`jsonb_build_object('from', ${from}::int, 'last', ${from + limit - 1}::int)`;

/** The export's columns, in order (ADR 0026): the header line, as the select list's aliases. */
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

/** Rows per COPY where the database cannot stream one (PGlite): memory holds about one batch of CSV. */
export const EXPORT_BATCH_ROWS = 2000;

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

/** A cell a spreadsheet would run as a formula gets a leading apostrophe: FORMULA_START, in PostgreSQL (ADR 0031). */
const guarded = (cell: SQL): SQL => sql`regexp_replace(${cell}, ${literal(FORMULA_START_SQL)}, '''')`;

/** The export's range: after a cursor (or from the From day), up to To's end, and no later than the export's start. */
interface ExportRange {
  scope: AuditScopeFilter;
  lower: { ts: string; inclusive: boolean } | null;
  toExclusive: string | null;
  upTo: string;
}

/** The range's entries, written with literals (a COPY takes no parameters). */
function rangeWhere({ scope, lower, toExclusive, upTo }: ExportRange): SQL {
  const ts = (value: string) => sql`${literal(value)}::timestamptz`;
  const where = [scopeWhere(scope, literal), sql`e."timestamp" <= ${ts(upTo)}`];
  if (lower) where.push(lower.inclusive ? sql`e."timestamp" >= ${ts(lower.ts)}` : sql`e."timestamp" > ${ts(lower.ts)}`);
  if (toExclusive !== null) where.push(sql`e."timestamp" < ${ts(toExclusive)}`);
  return sql.join(where, sql` and `);
}

/** The eight cells of AUDIT_CSV_HEADER, made by the database as text, oldest entry first. */
function exportSelect(range: ExportRange): SQL {
  const [timestamp, action, context, requester, rationale, method, path, changes] = AUDIT_CSV_HEADER.map((name) =>
    sql.raw(pg.escapeIdentifier(name)),
  );
  return sql`select ${ISO_TS} as ${timestamp},
      ${guarded(sql`e.entry_point->>'displayText'`)} as ${action},
      ${guarded(sql`case when e.context_of_change is null then null
           else concat_ws(' ', e.context_of_change->>'type',
                          coalesce(e.context_of_change->'extraInfo'->>'displayId', e.context_of_change->>'id'))
           end`)} as ${context},
      ${guarded(sql`case when e.requester->>'type' = 'system' then 'System'
           else concat_ws(' ', coalesce(e.requester->>'displayName', e.requester->>'id', e.requester->>'type'),
                          '<' || (e.requester->>'email') || '>')
           end`)} as ${requester},
      ${guarded(sql`e.rationale`)} as ${rationale},
      ${guarded(sql`e.entry_point->>'httpMethod'`)} as ${method},
      ${guarded(sql`e.entry_point->>'apiPath'`)} as ${path},
      ${guarded(sql`e.data_changes::text`)} as ${changes}
    from audit_entries e
    where ${rangeWhere(range)}
    order by e."timestamp" asc nulls first`;
}

/** The timestamp of the range's n-th entry, oldest first: the end of a batch; null when the range holds fewer. */
async function nthTimestamp(reader: BulkReader, range: ExportRange, n: number): Promise<string | null> {
  const [row] = await reader.read(
    sql`select ${isoTimestamp(`t."timestamp"`)}
        from (select e."timestamp" from audit_entries e where ${rangeWhere(range)}
              order by e."timestamp" asc nulls first offset ${n - 1} limit 1) t`,
  );
  return row ? (row[0] as string) : null;
}

/**
 * The export's CSV: on PostgreSQL one COPY, streamed; on PGlite one COPY per keyset batch, each batch ending at its
 * n-th entry's timestamp (timestamps are unique, ADR 0006). The bytes are the same either way.
 */
async function* exportChunks(reader: BulkReader, range: ExportRange, batchRows: number): AsyncGenerator<Uint8Array> {
  if (reader.copyStreams) {
    yield* reader.copyCsv(exportSelect(range), { header: true });
    return;
  }
  for (let current = range, header = true; ; header = false) {
    const end = await nthTimestamp(reader, current, batchRows);
    yield* reader.copyCsv(exportSelect(end === null ? current : { ...current, upTo: end }), { header });
    if (end === null) return;
    current = { ...current, lower: { ts: end, inclusive: false } };
  }
}

/**
 * A download that takes nothing for this long is given up, and its connection goes back to the pool: a client that
 * stops reading without closing would otherwise hold one of the pool's connections as long as its socket lives.
 */
export const EXPORT_STALL_MS = 60_000;

export interface AuditExportOptions {
  /** Rows per COPY where the database reads a COPY whole (PGlite). */
  batchRows?: number;
  /** How long a chunk may wait for the reader before the export is given up (EXPORT_STALL_MS). */
  stallMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The export's connection and its chunks (not yet asked for), or null (the connection given back) when the range holds
 * no entry. The range ends at the latest entry committed now.
 */
async function openExportChunks(
  db: Db,
  scope: AuditScopeFilter,
  range: AuditExportRange,
  batchRows: number,
): Promise<{ reader: BulkReader; chunks: AsyncIterator<Uint8Array> } | null> {
  const bounds = exportBounds(range);
  const reader = await openBulkReader(db);
  try {
    const [latest] = await reader.read(sql`select ${ISO_TS} from audit_entries e order by e.seq desc limit 1`);
    const within: ExportRange | null = latest
      ? {
          scope,
          lower: bounds.fromInclusive === null ? null : { ts: bounds.fromInclusive, inclusive: true },
          toExclusive: bounds.toExclusive,
          upTo: latest[0] as string,
        }
      : null;
    if (within === null || (await nthTimestamp(reader, within, 1)) === null) {
      reader.release();
      return null;
    }
    return { reader, chunks: exportChunks(reader, within, batchRows)[Symbol.asyncIterator]() };
  } catch (error) {
    reader.release(error);
    throw error;
  }
}

/**
 * The CSV export as a stream (001 §5, §7; ADR 0031), oldest entry first, or null when the range holds no entry. The
 * entries are those committed when the export starts. The database writes the CSV itself (COPY), and the stream
 * takes a chunk only when its reader has taken the one before: the socket's back-pressure reaches the database, so
 * memory stays flat at any size. The export holds one connection, given back at the end or on an error, and dropped
 * when the reader gives up (which ends the COPY on the server).
 */
export async function openAuditExport(
  db: Db,
  scope: AuditScopeFilter,
  range: AuditExportRange,
  options: AuditExportOptions = {},
): Promise<ReadableStream<Uint8Array> | null> {
  const opened = await openExportChunks(db, scope, range, options.batchRows ?? EXPORT_BATCH_ROWS);
  if (opened === null) return null;
  const { reader, chunks } = opened;
  const stallMs = options.stallMs ?? EXPORT_STALL_MS;
  let givenUp = false;
  let stall: ReturnType<typeof setTimeout> | undefined;
  const giveUp = async (reason: Error) => {
    givenUp = true;
    clearTimeout(stall);
    reader.release(reason);
    await chunks.return?.().catch(() => undefined);
  };
  /**
   * The next chunk is asked for one ahead: its COPY data is on its way anyway, and the end of an export is seen, and
   * its connection given back, as soon as the database has sent it, whether or not the reader has taken the rest.
   */
  const ask = () => {
    const result = chunks.next();
    result.then((r) => r.done && reader.release(), reader.release);
    return result;
  };
  let ahead = ask();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(stall);
        try {
          // ask() has given the connection back at the end, or dropped it on a failure.
          const next = await ahead;
          if (next.done) {
            controller.close();
          } else {
            ahead = ask();
            controller.enqueue(next.value);
            // A reader that takes nothing for a while has gone without saying so: it must not hold the connection.
            stall = setTimeout(() => {
              const stalled = new Error(`The audit export's reader took nothing for ${stallMs} ms: given up.`);
              options.onError?.(stalled);
              controller.error(stalled);
              void giveUp(stalled);
            }, stallMs);
          }
        } catch (error) {
          // A chunk still on its way when the export was given up fails with the dropped connection: not news.
          if (givenUp) return;
          options.onError?.(error);
          controller.error(error);
        }
      },
      async cancel() {
        // The reader went away (a closed download): the COPY is given up and its connection dropped.
        await giveUp(new Error("The audit export was given up by its reader."));
      },
    },
    // One chunk waits in the stream's queue while the reader takes the one before, and one more is asked for.
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
