import { cpcdCalls as calls } from "@server/contracts/calls/cpcd";
import type { CpcdItemOf, CpcdKind, CpcdList, CpcdSaveResult } from "@server/contracts/cpcd";
import type { ApiHttp, ApiResult } from "./http.server";

/** The company, or a study of it, whose lists a call is about. */
export interface CpcdScope {
  companyId: string;
  /** Absent for the company's own lists. */
  studyName?: string | null;
}

/** Critical Processes and Data (001 §7): the lists' get, save and (study) import calls. */
export function cpcdCalls(http: ApiHttp) {
  return {
    /** The list in its order and the version a save must name. */
    get: <K extends CpcdKind>(scope: CpcdScope, kind: K) =>
      (scope.studyName
        ? http.call(calls.study[kind].get, { companyId: scope.companyId, studyName: scope.studyName }, {})
        : http.call(calls.company[kind].get, { companyId: scope.companyId }, {})) as Promise<
        ApiResult<CpcdList<CpcdItemOf<K>>>
      >,
    /**
     * The full list (001 §7) with the rationale for the change (ADR 0044); refused 409 Conflict when the list moved
     * on from `version`. A list sent as it already was is not stored (`changed` false).
     */
    save: <K extends CpcdKind>(
      scope: CpcdScope,
      kind: K,
      items: CpcdItemOf<K>[],
      version: number,
      rationaleForChange: string | null = null,
    ) => {
      const body = { [kind]: items, version, rationaleForChange } as never;
      return (
        scope.studyName
          ? http.call(calls.study[kind].save, { companyId: scope.companyId, studyName: scope.studyName }, body)
          : http.call(calls.company[kind].save, { companyId: scope.companyId }, body)
      ) as Promise<ApiResult<CpcdSaveResult>>;
    },
    /** A study list's import: "Duplicate value found" (409, the duplicates in additionalData) unless `overwrite`. */
    import: <K extends CpcdKind>(
      scope: CpcdScope & { studyName: string },
      kind: K,
      input: { items: CpcdItemOf<K>[]; overwrite: boolean; rationaleForChange: string },
    ) =>
      http.call(calls.study[kind].import, { companyId: scope.companyId, studyName: scope.studyName }, {
        companyId: scope.companyId,
        studyName: scope.studyName,
        [kind]: input.items,
        overwrite: input.overwrite,
        rationaleForChange: input.rationaleForChange,
      } as never) as Promise<ApiResult<CpcdSaveResult>>,
  };
}
