import { z } from "zod";

/**
 * Critical Processes and Data (001 §3, §5, §7): the lists of a company and of a study, their save and import calls.
 * Kept free of anything but zod and types, so the web app can import its types and constants.
 */

/** The two lists, by the name their calls carry (POST …/criticalProcesses/get, …/criticalData/get). */
export const CPCD_KINDS = ["criticalProcesses", "criticalData"] as const;
export type CpcdKind = (typeof CPCD_KINDS)[number];

/** Limits: a title or label, details or description (as the web form's fields), and the items of one call. */
export const CPCD_LIMITS = { title: 200, details: 2000, items: 1000 } as const;

/** 001 §8: the error an import answers when an incoming title or label is already in the list. */
export const DUPLICATE_VALUE_FOUND = "Duplicate value found";
/** 001 §5: the message on a repeated title or label. */
export const DUPLICATE_TITLE = "This title already exists";
/** A save that names a version the list has moved on from (optimistic concurrency). */
export const STALE_LIST = "Someone else changed this list after it was loaded.";

export interface CriticalProcessItem {
  title: string;
  details: string;
}
export interface CriticalDatumItem {
  label: string;
  description: string;
  /** Study lists only (001 §3); a company's list has none. */
  isCritical?: boolean;
}
export type CpcdItem = CriticalProcessItem | CriticalDatumItem;
/** The item of a kind of list. */
export type CpcdItemOf<K extends CpcdKind> = K extends "criticalProcesses" ? CriticalProcessItem : CriticalDatumItem;

/** The answer of a get: the list in its order (001 §7: the value is a list), and the version a save must name. */
export interface CpcdList<T extends CpcdItem = CpcdItem> {
  value: T[];
  version: number;
  /** Beyond the spec (ADR 0044): the company requires a rationale on every save of its lists and its studies'. */
  isRationaleRequired?: boolean;
}

export interface CpcdSaveResult {
  isSuccess: true;
  version: number;
  /** False when the list already was what was sent: nothing was stored and no audit entry was written (issue 24). */
  changed: boolean;
}

/** The message of a save without a rationale when the company requires one (ADR 0044). */
export const RATIONALE_REQUIRED = "A rationale for the change is required";

/** The additionalData of "Duplicate value found" (001 §3 "Duplicate response data"). */
export type DuplicateItems = { title: string }[] | { label: string }[];

const required = (max: number) =>
  z
    .string({ error: "Required" })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "Required").max(max, `At most ${max} characters`));
const optionalText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, `At most ${max} characters`));

const processItem = z.object({ title: required(CPCD_LIMITS.title), details: optionalText(CPCD_LIMITS.details) });
const datumItem = z.object({
  label: required(CPCD_LIMITS.title),
  description: optionalText(CPCD_LIMITS.details),
  isCritical: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});

const keyOf = (item: { title?: string; label?: string }) => (item.title ?? item.label ?? "").trim().toLowerCase();

/** Items of one list: at most CPCD_LIMITS.items, each title or label once regardless of case (001 §5). */
function itemList<T extends z.ZodType<{ title: string } | { label: string }>>(item: T, field: "title" | "label") {
  return z
    .array(item)
    .max(CPCD_LIMITS.items, `At most ${CPCD_LIMITS.items} items`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((value, index) => {
        const key = keyOf(value as { title?: string; label?: string });
        if (seen.has(key)) ctx.addIssue({ code: "custom", message: DUPLICATE_TITLE, path: [index, field] });
        seen.add(key);
      });
    });
}

const version = z.number({ error: "The version the list was loaded at is required" }).int().min(0);
/** Optional unless the company requires it (ADR 0044: checked by the save, which knows the company). */
const rationale = z
  .string()
  .max(CPCD_LIMITS.details, `At most ${CPCD_LIMITS.details} characters`)
  .nullish()
  .transform((value) => value?.trim() || null);

/** POST …/criticalProcesses/save: the full list (001 §7) and the version it was loaded at. */
export const saveProcessesSchema = z.object({
  criticalProcesses: itemList(processItem, "title"),
  version,
  rationaleForChange: rationale,
});
/** POST …/criticalData/save. */
export const saveDataSchema = z.object({
  criticalData: itemList(datumItem, "label"),
  version,
  rationaleForChange: rationale,
});

const importFields = {
  overwrite: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  /** Required in the import modal (001 §5). */
  rationaleForChange: z
    .string({ error: RATIONALE_REQUIRED })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, RATIONALE_REQUIRED).max(CPCD_LIMITS.details)),
  /** 001 §7 names the company and study in the body too; the path decides, these must agree with it. */
  companyId: z.string().optional(),
  studyName: z.string().optional(),
};
/** POST …/criticalProcesses/import (001 §3 "Study import items"). */
export const importProcessesSchema = z.object({
  criticalProcesses: itemList(processItem, "title").refine((items) => items.length > 0, "Nothing to import"),
  ...importFields,
});
/** POST …/criticalData/import. */
export const importDataSchema = z.object({
  criticalData: itemList(datumItem, "label").refine((items) => items.length > 0, "Nothing to import"),
  ...importFields,
});

export type SaveProcessesRequest = z.input<typeof saveProcessesSchema>;
export type SaveDataRequest = z.input<typeof saveDataSchema>;
export type ImportProcessesRequest = z.input<typeof importProcessesSchema>;
export type ImportDataRequest = z.input<typeof importDataSchema>;
