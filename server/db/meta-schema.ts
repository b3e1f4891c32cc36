import { bigint, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

/** Small facts about this database, such as which demo-data version was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Counters that change whenever the data behind a process-level cache changes (docs/decisions/0021-fast-pages.md).
 * "reference" moves on every write to companies, studies, memberships, groups and permission grants (triggers in
 * migration 0004); each signed-in call reads it together with the caller, so a cached value is never older than
 * the last committed change.
 */
export const cacheEpochs = pgTable("cache_epochs", {
  name: text("name").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull().default(0),
});
