import { sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { computeDataChanges, redactSecrets, type ChangePair } from "./changes";
import { auditEntries, type AuditActor, type AuditLevel, type ContextOfChange, type EntryPoint } from "./schema";

export interface AuditRecord {
  entryPoint: EntryPoint;
  level: AuditLevel;
  companyId: string | null;
  studyId: string | null;
  contextOfChange: ContextOfChange | null;
  requester: AuditActor;
  requestBody?: unknown;
  responseBody?: unknown;
  changes: readonly ChangePair[];
  rationale?: string | null;
}

export interface AppendedEntry {
  id: string;
  seq: number;
  timestamp: Date;
  hash: string;
}

/**
 * Appends one entry to the audit trail, inside the caller's transaction, so the change and its record commit
 * together or not at all. The database stamps seq, timestamp and the hash chain.
 */
export async function appendAuditEntry(db: Db, record: AuditRecord): Promise<AppendedEntry> {
  const [row] = await db
    .insert(auditEntries)
    .values({
      id: newId(),
      level: record.level,
      companyId: record.companyId,
      studyId: record.studyId,
      entryPoint: record.entryPoint,
      contextOfChange: record.contextOfChange,
      requester: record.requester,
      requestBody: serializeBody(record.requestBody),
      responseBody: serializeBody(record.responseBody),
      dataChanges: computeDataChanges(record.changes),
      rationale: record.rationale?.trim() || null,
    })
    .returning({
      id: auditEntries.id,
      seq: auditEntries.seq,
      timestamp: auditEntries.timestamp,
      hash: auditEntries.hash,
    });
  return row!;
}

function serializeBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  return JSON.stringify(redactSecrets(body));
}

export interface ChainReport {
  ok: boolean;
  checked: number;
  /** The first entry whose hash or link does not verify. */
  firstBadSeq: number | null;
  firstBadId: string | null;
}

/**
 * Recomputes the hash chain over the whole trail: any edit made behind the triggers' back shows here. The database
 * does the work and answers one row (the count and the first entry that does not verify), whatever the trail's size.
 */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const result = (await db.execute(sql`
    select count(*)::bigint as checked,
           (array_agg(c.seq order by c.seq) filter (where not c.ok))[1] as bad_seq,
           (array_agg(c.id order by c.seq) filter (where not c.ok))[1] as bad_id
    from (
      select e.seq, e.id,
             coalesce(e.hash = audit_entry_digest(e.prev_hash, e)
               and e.prev_hash = coalesce(lag(e.hash) over (order by e.seq), repeat('0', 64))
               and e.seq = row_number() over (order by e.seq), false) as ok
      from audit_entries e
    ) c`)) as unknown as {
    rows: { checked: string | number; bad_seq: string | number | null; bad_id: string | null }[];
  };
  const row = result.rows[0]!;
  const badSeq = row.bad_seq === null || row.bad_seq === undefined ? null : Number(row.bad_seq);
  return { ok: badSeq === null, checked: Number(row.checked), firstBadSeq: badSeq, firstBadId: row.bad_id ?? null };
}
