import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { createdAt } from "../db/columns";
import type { Citation } from "../protocol-analysis/contract";
import { studies } from "../studies/schema";
import { users } from "../users/schema";

/** The study's RACT working draft: the rows inserted from a risk assessment (001 §7 legacyRact/import). */
export const ractWorkingDraftItems = pgTable(
  "ract_working_draft_items",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    studyId: text("study_id")
      .notNull()
      .references(() => studies.id),
    /** Order within the study's draft. */
    position: integer("position").notNull(),
    category: text("category").notNull(),
    question: text("question").notNull(),
    statementIf: text("statement_if").notNull(),
    statementDueTo: text("statement_due_to").notNull(),
    statementThen: text("statement_then").notNull(),
    citation: jsonb("citation").$type<Citation | null>(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("ract_working_draft_items_study_idx").on(t.studyId, t.position)],
);
