import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { updatedAt } from "../db/columns";
import { studies } from "../studies/schema";

/**
 * Critical Processes and Data (001 §3, docs/decisions/0025-critical-processes-and-data.md): one list row per owner
 * (a company, or a study of it) and kind, carrying the version a save must name (optimistic concurrency); the items
 * of a list in their own table, ordered by position, unique per list by their lower-cased, trimmed title or label.
 */
export const cpcdLists = pgTable(
  "cpcd_lists",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    /** Null for the company's own lists. */
    studyId: text("study_id").references(() => studies.id),
    /** "criticalProcesses" or "criticalData". */
    kind: text("kind").notNull(),
    /** Moves on with every save and import; a save names the version it was loaded at. */
    version: integer("version").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cpcd_lists_owner_key").on(t.companyId, sql`coalesce(${t.studyId}, '')`, t.kind),
    check("cpcd_lists_kind_check", sql`${t.kind} in ('criticalProcesses', 'criticalData')`),
  ],
);

/** Company and study critical processes: title (unique regardless of case within the list), details. */
export const criticalProcesses = pgTable(
  "critical_processes",
  {
    id: text("id").primaryKey(),
    listId: text("list_id")
      .notNull()
      .references(() => cpcdLists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    details: text("details").notNull().default(""),
  },
  (t) => [
    uniqueIndex("critical_processes_title_key").on(t.listId, sql`lower(btrim(${t.title}))`),
    index("critical_processes_list_idx").on(t.listId, t.position),
    check("critical_processes_title_check", sql`btrim(${t.title}) <> ''`),
  ],
);

/** Company and study critical data: label (unique regardless of case within the list), description, isCritical. */
export const criticalData = pgTable(
  "critical_data",
  {
    id: text("id").primaryKey(),
    listId: text("list_id")
      .notNull()
      .references(() => cpcdLists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    /** Study lists only (001 §3); always false in a company's list. */
    isCritical: boolean("is_critical").notNull().default(false),
  },
  (t) => [
    uniqueIndex("critical_data_label_key").on(t.listId, sql`lower(btrim(${t.label}))`),
    index("critical_data_list_idx").on(t.listId, t.position),
    check("critical_data_label_check", sql`btrim(${t.label}) <> ''`),
  ],
);
