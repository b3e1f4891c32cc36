import { z } from "zod";

/**
 * The audit trail's calls (001 §7): the study list by timestamp cursor, one entry, the CSV export, and (beyond the
 * spec) the company-level list and export and the chain check for system administrators. ADR 0026.
 */

/** Audit list page threshold (001 §9): a page of fewer entries is the last one. */
export const AUDIT_PAGE_SIZE = 25;

/** The export's date range message (001 §5), verbatim. */
export const AUDIT_RANGE_MESSAGE = '"From" date must be earlier than or equal to "To" date';

/**
 * An instant as the API reads and writes it: ISO 8601 in UTC with up to microseconds ("2026-11-26T08:19:12.123456Z").
 * Entries are stamped to the microsecond; a cursor of milliseconds only would skip or repeat entries within one ms.
 */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const instant = z
  .string()
  .trim()
  .regex(ISO_INSTANT, "Give an ISO 8601 instant, such as 2026-11-26T08:19:12.123456Z.")
  .refine((value) => !Number.isNaN(Date.parse(value)), "Give an existing date and time.");

/** The most data changes per entry a bounded list may ask for (`changesLimit`; ADR 0041). */
export const AUDIT_LIST_MAX_CHANGES_LIMIT = 25;

/**
 * POST …/auditLogs/get: `{filter:{before}}`; without a cursor, the newest entries. Beyond the spec, `changesLimit`
 * (1–25) bounds each entry's data changes to its first N and adds their count (`dataChangesCount`): the web list shows
 * a summary and links the entry for the rest (ADR 0041). Without it, the spec's answer: every change.
 */
export const auditListRequestSchema = z
  .object({
    filter: z.object({ before: instant.nullish() }).nullish(),
    changesLimit: z.number().int().min(1).max(AUDIT_LIST_MAX_CHANGES_LIMIT).nullish(),
  })
  .transform((body) => ({ before: body.filter?.before ?? null, changesLimit: body.changesLimit ?? null }));

/** The most data changes of one entry a call may ask for at once (`changes.limit`; ADR 0061). */
export const AUDIT_ENTRY_MAX_CHANGES_LIMIT = 100;

/**
 * POST …/auditLogs/:entryId/get: no body in the spec, and then every data change. Beyond the spec, `{changes:{from,
 * limit}}` answers the changes from the `from`-th (0-based), at most `limit` (1–100) of them, and how many the entry
 * has (`dataChangesCount`): the entry page shows one page of an import's hundreds of changes (ADR 0061).
 */
export const auditEntryRequestSchema = z
  .object({
    changes: z
      .object({
        from: z.number().int().min(0).max(1_000_000_000),
        limit: z.number().int().min(1).max(AUDIT_ENTRY_MAX_CHANGES_LIMIT),
      })
      .nullish(),
  })
  .transform((body) => ({ changes: body.changes ?? null }));
export type AuditEntryChanges = z.output<typeof auditEntryRequestSchema>["changes"];

const day = z
  .string()
  .trim()
  .refine((value) => ISO_DAY.test(value) || ISO_INSTANT.test(value), "Give a date (2026-11-26) or an ISO 8601 instant.")
  .refine(
    (value) => !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)),
    "Give an existing date.",
  )
  .transform((value) => value.slice(0, 10));

/**
 * POST …/auditLogs/export: `{from, to}`, ISO or null (001 §7). Each names a UTC day (001 §5): from its 00:00, to the
 * end of the `to` day. Both empty: the whole trail.
 */
export const auditExportRequestSchema = z
  .object({ from: day.nullish(), to: day.nullish() })
  .transform((body) => ({ from: body.from ?? null, to: body.to ?? null }))
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: AUDIT_RANGE_MESSAGE,
    path: ["from"],
  });
export type AuditExportRange = z.output<typeof auditExportRequestSchema>;

export interface AuditEntryPoint {
  displayText: string;
  httpMethod: string | null;
  apiPath: string | null;
}

export interface AuditContextOfChange {
  id: string;
  type: "Study" | "Company" | "System";
  extraInfo?: { displayId?: string };
}

export interface AuditRequester {
  type: "user" | "group" | "company" | "system";
  id?: string;
  displayName?: string;
  email?: string;
}

/** One audit entry (001 §3). request.body and response.body are JSON text; dataChanges before/after JSON text. */
export interface AuditEntry {
  id: string;
  /** ISO 8601 UTC with microseconds: the list's cursor. */
  timestamp: string;
  entryPoint: AuditEntryPoint;
  contextOfChange: AuditContextOfChange | null;
  requester: AuditRequester;
  request: { body: string | null };
  response: { body: string | null };
  dataChanges: { before: string | null; after: string | null }[];
  rationale: string | null;
  /**
   * Asked with `changes` (ADR 0061): how many data changes the entry has (null when they are not a list), while
   * `dataChanges` holds the ones asked for.
   */
  dataChangesCount?: number | null;
}

/**
 * An entry of the list: the entry without its request and response bodies (the entry page shows those). Asked with
 * `changesLimit`, `dataChanges` holds the first N changes and `dataChangesCount` how many the entry has (null when its
 * data changes are not a list).
 */
export type AuditListEntry = Omit<AuditEntry, "request" | "response">;

/** POST /api/system/auditLogs/verify: the chain check (ADR 0006, 0026). */
export interface AuditChainReport {
  ok: boolean;
  checked: number;
  firstBadSeq: number | null;
  firstBadId: string | null;
}
