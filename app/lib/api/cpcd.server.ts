import type {
  CpcdKind,
  CpcdList,
  CpcdSaveResult,
  CriticalDatumItem,
  CriticalProcessItem,
} from "@server/contracts/cpcd";
import type { ApiHttp } from "./client.server";

type Items<K extends CpcdKind> = K extends "criticalProcesses" ? CriticalProcessItem[] : CriticalDatumItem[];

/** The company, or a study of it, whose lists a call is about. */
export interface CpcdScope {
  companyId: string;
  /** Absent for the company's own lists. */
  studyName?: string | null;
}

/** Critical Processes and Data (001 §7): the lists' get, save and (study) import calls. */
export function cpcdCalls(http: ApiHttp) {
  const base = (scope: CpcdScope, kind: CpcdKind) =>
    scope.studyName
      ? `companies/${http.seg(scope.companyId)}/studies/${http.seg(scope.studyName)}/${kind}`
      : `companies/${http.seg(scope.companyId)}/${kind}`;
  return {
    /** The list in its order and the version a save must name. */
    get: <K extends CpcdKind>(scope: CpcdScope, kind: K) =>
      http.call<CpcdList<Items<K>[number]>>("POST", `${base(scope, kind)}/get`, {}),
    /** The full list (001 §7); refused 409 Conflict when the list moved on from `version`. */
    save: <K extends CpcdKind>(scope: CpcdScope, kind: K, items: Items<K>, version: number) =>
      http.call<CpcdSaveResult>("POST", `${base(scope, kind)}/save`, { [kind]: items, version }),
    /** A study list's import: "Duplicate value found" (409, the duplicates in additionalData) unless `overwrite`. */
    import: <K extends CpcdKind>(
      scope: CpcdScope & { studyName: string },
      kind: K,
      input: { items: Items<K>; overwrite: boolean; rationaleForChange: string },
    ) =>
      http.call<CpcdSaveResult>("POST", `${base(scope, kind)}/import`, {
        companyId: scope.companyId,
        studyName: scope.studyName,
        [kind]: input.items,
        overwrite: input.overwrite,
        rationaleForChange: input.rationaleForChange,
      }),
  };
}
