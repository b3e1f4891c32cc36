/**
 * The insert-into-study flow (001 §4, §8; issue 25, ADR 0049), one step per post, with or without scripts:
 * 1. the first attempt goes without overwrite; processes first, then data;
 * 2. "Duplicate value found" closes the confirmation and opens the overwrite warning with the duplicates;
 * 3. Continue repeats with overwrite (for the part whose duplicates were shown); Cancel clears duplicates and rationale;
 * 4. a part already inserted is never inserted again (processes in, data duplicated: Continue inserts data only);
 * 5. any other failure keeps the confirmation open, shows no success, and keeps the rationale;
 * 6. the rationale is cleared only when every part succeeded.
 */
import {
  DUPLICATE_TITLE,
  DUPLICATE_VALUE_FOUND,
  type CriticalDatumItem,
  type CriticalProcessItem,
} from "@server/contracts/cpcd";
import { NO_INSERT, type InsertView, type InsertScope } from "~/features/ctq/insert";
import type { CtqList } from "~/features/ctq/items";
import type { ApiResult } from "~/lib/api/http.server";

/** The study's import call, per list (app/lib/api/cpcd.server.ts `import`, bound to the study). */
export interface StudyImport {
  (
    list: CtqList,
    input: { items: (CriticalProcessItem | CriticalDatumItem)[]; overwrite: boolean; rationaleForChange: string },
  ): Promise<ApiResult<unknown>>;
}

export interface InsertItems {
  criticalProcesses: CriticalProcessItem[];
  criticalData: CriticalDatumItem[];
}

export interface InsertStep {
  scope: InsertScope;
  /** The parts still to insert (processes before data). */
  remaining: CtqList[];
  /** The parts whose duplicates the user agreed to overwrite. */
  overwrite: CtqList[];
  rationaleForChange: string;
}

const ORDER: readonly CtqList[] = ["criticalProcesses", "criticalData"];

/** The names a duplicate answer lists (001 §3 "Duplicate response data": title or label). */
function duplicateNames(additionalData: unknown): string[] {
  if (!Array.isArray(additionalData)) return [];
  return additionalData
    .map((item) => (item && typeof item === "object" ? (item as Record<string, unknown>) : {}))
    .map((item) => String(item.title ?? item.label ?? ""))
    .filter(Boolean);
}

/**
 * A list the import refused because it holds one title or label twice (regardless of case; 400 with the issue at
 * `<list>.<index>.<field>`): the name, so that the page can say which item to change. Else null.
 */
function duplicateInList(part: CtqList, items: InsertItems, additionalData: unknown): string | null {
  const issues = (additionalData as { issues?: unknown } | null | undefined)?.issues;
  if (!Array.isArray(issues)) return null;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (issue?.message !== DUPLICATE_TITLE || typeof issue.path !== "string") continue;
    const index = Number(issue.path.split(".")[1]);
    const item = items[part][index] as Partial<CriticalProcessItem & CriticalDatumItem> | undefined;
    const name = item?.title ?? item?.label;
    if (name) return name;
  }
  return null;
}

/** What the confirmation says of a failure other than duplicates in the study (001 §4: it stays open). */
function failureOf(
  part: CtqList,
  items: InsertItems,
  error: { code: string; detail?: string; additionalData?: unknown },
): NonNullable<InsertView["error"]> {
  const name = duplicateInList(part, items, error.additionalData);
  if (name) return { key: `ctq.insert.duplicateInList.${part}`, values: { name } };
  return { key: "ctq.insert.failed", values: { detail: error.detail || error.code } };
}

/** Runs the parts still to insert, in order, and says what the page shows next. */
export async function runInsert(importList: StudyImport, items: InsertItems, step: InsertStep): Promise<InsertView> {
  const base = { ...NO_INSERT, scope: step.scope, overwrite: step.overwrite };
  let remaining = ORDER.filter((part) => step.remaining.includes(part));
  for (const part of [...remaining]) {
    const overwrite = step.overwrite.includes(part);
    const result = await importList(part, {
      items: items[part],
      overwrite,
      rationaleForChange: step.rationaleForChange,
    });
    if (result.ok) {
      remaining = remaining.filter((p) => p !== part);
      continue;
    }
    if (!overwrite && result.status === 409 && result.error.detail === DUPLICATE_VALUE_FOUND) {
      const duplicates = { ...NO_INSERT.duplicates, [part]: duplicateNames(result.error.additionalData) };
      return { ...base, dialog: "overwrite", remaining, overwrite: [...step.overwrite, part], duplicates };
    }
    return { ...base, dialog: "confirm", remaining, error: failureOf(part, items, result.error) };
  }
  return { ...NO_INSERT, scope: step.scope, success: true };
}
