/**
 * The critical lists' schemas, loaded by the list engine with the validation runtime after the first paint (ADR 0050):
 * the kit's list, or the CP&CD pages' with the rationale (ADR 0044), and the row the Add dialog's draft is parsed by.
 */
import type { ListSchemas } from "~/components/lists/list-runtime";
import { criticalDataList, criticalDataListWith, criticalDatumRow } from "./critical-data";
import { criticalProcessList, criticalProcessListWith, criticalProcessRow } from "./critical-processes";

/** `rationaleRequired` undefined: the list has no rationale (the test page's). */
export function listSchemasOf(kind: "processes" | "data", rationaleRequired: boolean | undefined): ListSchemas {
  if (kind === "processes")
    return {
      schema: rationaleRequired === undefined ? criticalProcessList : criticalProcessListWith(rationaleRequired),
      row: criticalProcessRow,
    };
  return {
    schema: rationaleRequired === undefined ? criticalDataList : criticalDataListWith(rationaleRequired),
    row: criticalDatumRow,
  };
}
