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
}

/** Recomputes the hash chain over the whole trail: any edit made behind the triggers' back shows here. */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const result = (await db.execute(sql`
    select e.seq,
           e.hash = audit_entry_digest(e.prev_hash, e)
           and e.prev_hash = coalesce(lag(e.hash) over (order by e.seq), repeat('0', 64))
           and e.seq = row_number() over (order by e.seq) as ok
    from audit_entries e
    order by e.seq`)) as unknown as { rows: { seq: string | number; ok: boolean }[] };
  const rows = result.rows;
  const bad = rows.find((row) => !row.ok);
  return { ok: !bad, checked: rows.length, firstBadSeq: bad ? Number(bad.seq) : null };
}
