import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { createdAt, updatedAt } from "../db/columns";

export const studies = pgTable(
  "studies",
  {
    /** The internal study id. */
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    /** The studyName used in addresses; unique within a company. */
    name: text("name").notNull(),
    displayId: text("display_id").notNull(),
    displayName: text("display_name").notNull(),
    isRetired: boolean("is_retired").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("studies_company_name_key").on(t.companyId, t.name),
    index("studies_company_idx").on(t.companyId),
  ],
);
