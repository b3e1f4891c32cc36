import type { AuditChainReport, AuditEntry, AuditListEntry } from "@server/contracts/audit";
import type { ApiHttp } from "./client.server";

/** The audit trail's calls (001 §7; ADR 0026). `companyId` alone: the company-level trail (beyond the spec). */
export function auditCalls(http: ApiHttp) {
  const base = (companyId: string, studyName?: string | null) =>
    studyName
      ? `companies/${http.seg(companyId)}/studies/${http.seg(studyName)}/auditLogs`
      : `companies/${http.seg(companyId)}/auditLogs`;
  return {
    /** `{filter:{before}}`: the 25 entries before the cursor, newest first. */
    list: (companyId: string, studyName: string | null, before: string | null) =>
      http.call<AuditListEntry[]>("POST", `${base(companyId, studyName)}/get`, { filter: { before } }),
    entry: (companyId: string, studyName: string | null, entryId: string) =>
      http.call<AuditEntry>("POST", `${base(companyId, studyName)}/${http.seg(entryId)}/get`),
    /** `{from, to}`, days or null: the CSV stream on success. */
    export: (companyId: string, studyName: string | null, range: { from: string | null; to: string | null }) =>
      http.callRaw("POST", `${base(companyId, studyName)}/export`, { accept: "text/csv" }, range),
    /** The hash chain check, for system administrators. */
    verify: () => http.call<AuditChainReport>("POST", "system/auditLogs/verify"),
  };
}
