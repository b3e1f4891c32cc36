import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { utcTimestamp } from "../db/columns";

export type AuditLevel = "Study" | "Company" | "System";

export interface EntryPoint {
  displayText: string;
  httpMethod: string | null;
  apiPath: string | null;
}

export interface ContextOfChange {
  id: string;
  type: "Study" | "Company" | "System";
  extraInfo?: { displayId?: string };
}

export interface AuditActor {
  type: "user" | "group" | "company" | "system";
  id?: string;
  displayName?: string;
  email?: string;
}

export interface DataChange {
  before: string | null;
  after: string | null;
}

/**
 * The audit trail. Append-only: database triggers reject UPDATE, DELETE and TRUNCATE, and a BEFORE INSERT
 * trigger stamps seq, timestamp (UTC, strictly increasing) and a SHA-256 hash chain (see migration 0001).
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: text("id").primaryKey(),
    /** Gap-free order of commit; set by the insert trigger. */
    seq: bigint("seq", { mode: "number" }).notNull().default(0).unique(),
    /** Set by the insert trigger from the database clock. */
    timestamp: utcTimestamp("timestamp").notNull().defaultNow(),
    level: text("level").$type<AuditLevel>().notNull(),
    companyId: text("company_id"),
    studyId: text("study_id"),
    entryPoint: jsonb("entry_point").$type<EntryPoint>().notNull(),
    contextOfChange: jsonb("context_of_change").$type<ContextOfChange | null>(),
    requester: jsonb("requester").$type<AuditActor>().notNull(),
    requestBody: text("request_body"),
    responseBody: text("response_body"),
    dataChanges: jsonb("data_changes").$type<DataChange[]>().notNull(),
    rationale: text("rationale"),
    /** Set by the insert trigger: the hash of the previous entry (64 zeros for the first). */
    prevHash: text("prev_hash").notNull().default(""),
    /** Set by the insert trigger: SHA-256 over prevHash and this entry's content. */
    hash: text("hash").notNull().default("").unique(),
  },
  (t) => [
    index("audit_entries_study_ts_idx").on(t.companyId, t.studyId, t.timestamp.desc()),
    index("audit_entries_company_ts_idx").on(t.companyId, t.timestamp.desc()),
    // The company-level trail (ADR 0026): its own entries only, however many study entries the company has.
    index("audit_entries_company_level_ts_idx")
      .on(t.companyId, t.timestamp.desc())
      .where(sql`${t.level} = 'Company'`),
    check("audit_entries_level_check", sql`${t.level} in ('Study', 'Company', 'System')`),
  ],
);
