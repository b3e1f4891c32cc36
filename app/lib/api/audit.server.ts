import { auditCalls as calls } from "@server/contracts/calls/audit";
import type { ApiHttp } from "./http.server";

/** The audit trail's calls (001 §7; ADR 0026). `companyId` alone: the company-level trail (beyond the spec). */
export function auditCalls(http: ApiHttp) {
  return {
    /**
     * `{filter:{before}}`: the 25 entries before the cursor, newest first; with `changesLimit`, each entry's first N
     * data changes and their count (ADR 0041).
     */
    list: (companyId: string, studyName: string | null, before: string | null, changesLimit?: number) => {
      const body = { filter: { before }, ...(changesLimit ? { changesLimit } : {}) };
      return studyName
        ? http.call(calls.study.list, { companyId, studyName }, body)
        : http.call(calls.company.list, { companyId }, body);
    },
    /** The whole entry; with `changes`, its data changes from `from`, at most `limit`, and their count (ADR 0061). */
    entry: (
      companyId: string,
      studyName: string | null,
      entryId: string,
      changes?: { from: number; limit: number },
    ) => {
      const body = changes ? { changes } : {};
      return studyName
        ? http.call(calls.study.entry, { companyId, studyName, entryId }, body)
        : http.call(calls.company.entry, { companyId, entryId }, body);
    },
    /** `{from, to}`, days or null: the CSV stream on success. */
    export: (companyId: string, studyName: string | null, range: { from: string | null; to: string | null }) =>
      studyName
        ? http.callRaw(calls.study.export, { companyId, studyName }, { accept: "text/csv" }, range)
        : http.callRaw(calls.company.export, { companyId }, { accept: "text/csv" }, range),
    /** The hash chain check, for system administrators. */
    verify: () => http.call(calls.verify, {}),
  };
}
