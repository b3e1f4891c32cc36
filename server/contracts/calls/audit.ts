import {
  auditEntryRequestSchema,
  auditExportRequestSchema,
  auditListRequestSchema,
  type AuditChainReport,
  type AuditEntry,
  type AuditListEntry,
} from "../audit";
import { answer, COMPANY_PATH, STUDY_PATH, defineCall } from "./define";

const STUDY = `${STUDY_PATH}/auditLogs` as const;
const COMPANY = `${COMPANY_PATH}/auditLogs` as const;

/** The audit trail's calls (001 §7; ADR 0026): a study's trail, and (beyond the spec) the company-level trail. */
export const auditCalls = {
  study: {
    /** `{filter:{before}}`: the 25 entries before the cursor, newest first. */
    list: defineCall({
      method: "POST",
      path: `${STUDY}/get`,
      body: auditListRequestSchema,
      answer: answer<AuditListEntry[]>(),
    }),
    /** `{from, to}`, days or null: the CSV stream. */
    export: defineCall({
      method: "POST",
      path: `${STUDY}/export`,
      body: auditExportRequestSchema,
      answer: answer<Blob>(),
    }),
    /** No body: the whole entry (001 §7); `{changes:{from, limit}}`: one page of its data changes (ADR 0061). */
    entry: defineCall({
      method: "POST",
      path: `${STUDY}/:entryId/get`,
      body: auditEntryRequestSchema,
      answer: answer<AuditEntry>(),
    }),
  },
  company: {
    list: defineCall({
      method: "POST",
      path: `${COMPANY}/get`,
      body: auditListRequestSchema,
      answer: answer<AuditListEntry[]>(),
    }),
    export: defineCall({
      method: "POST",
      path: `${COMPANY}/export`,
      body: auditExportRequestSchema,
      answer: answer<Blob>(),
    }),
    entry: defineCall({
      method: "POST",
      path: `${COMPANY}/:entryId/get`,
      body: auditEntryRequestSchema,
      answer: answer<AuditEntry>(),
    }),
  },
  /** The hash chain check: the system's, only a system-wide grant allows it. */
  verify: defineCall({ method: "POST", path: "/system/auditLogs/verify", answer: answer<AuditChainReport>() }),
};
