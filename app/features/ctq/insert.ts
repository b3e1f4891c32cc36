/**
 * Insert in study (001 §2 "CTQ results page", §4 "Insert into study flow", §5, §6; issue 25, ADR 0049): the state the
 * results page carries through its posts and shows. Pure and browser-safe: the flow itself is insert.server.ts.
 */
import type { CtqList } from "~/features/ctq/items";

/** The Insert in study menu's three items. */
export const INSERT_SCOPES = ["all", "processes", "data"] as const;
export type InsertScope = (typeof INSERT_SCOPES)[number];

/** The results form's intents (`name="intent"`) of the insert flow, the CSV downloads and New request. */
export const CTQ_INTENT = {
  /** `openInsert:<scope>`: the confirmation (rationale, Save changes). */
  openInsert: "openInsert",
  closeInsert: "closeInsert",
  save: "insertSave",
  /** The overwrite warning's Continue and Cancel. */
  overwriteContinue: "overwriteContinue",
  overwriteCancel: "overwriteCancel",
  /** `csv:<list>`: the list as edited, as CSV (001 §9). */
  csv: "csv",
  newRequest: "newRequest",
} as const;

/** The hidden fields of the flow's state: the parts still to insert, and those the user agreed to overwrite. */
export const INSERT_FIELDS = {
  scope: "insertScope",
  remaining: "insertRemaining",
  overwrite: "insertOverwrite",
} as const;

/** The parts a scope inserts, processes first (001 §4). */
export function partsOf(scope: InsertScope): CtqList[] {
  if (scope === "processes") return ["criticalProcesses"];
  if (scope === "data") return ["criticalData"];
  return ["criticalProcesses", "criticalData"];
}

export function scopeOf(value: unknown): InsertScope | null {
  return (INSERT_SCOPES as readonly unknown[]).includes(value) ? (value as InsertScope) : null;
}

/** A comma list of parts, as the hidden fields carry it, in the flow's order; unknown names are dropped. */
export function partsFromField(value: unknown): CtqList[] {
  const names = typeof value === "string" ? value.split(",") : [];
  return (["criticalProcesses", "criticalData"] as const).filter((part) => names.includes(part));
}

/** What the page shows of the flow after a post. */
export interface InsertView {
  dialog: "confirm" | "overwrite" | null;
  scope: InsertScope | null;
  /** Parts not inserted yet (a partial insert continues with the rest only). */
  remaining: CtqList[];
  /** Parts the user agreed to overwrite. */
  overwrite: CtqList[];
  /** The overwrite warning's lists: duplicated process titles and data labels. */
  duplicates: { criticalProcesses: string[]; criticalData: string[] };
  /** A failure other than duplicates (001 §8: the modal stays open, no success); a locale key or the API's detail. */
  error: { key: string; values?: Record<string, string> } | null;
  /** Both inserts done: the success alert, the rationale cleared. */
  success: boolean;
}

export const NO_INSERT: InsertView = {
  dialog: null,
  scope: null,
  remaining: [],
  overwrite: [],
  duplicates: { criticalProcesses: [], criticalData: [] },
  error: null,
  success: false,
};
