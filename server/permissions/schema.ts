import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { createdAt } from "../db/columns";
import { studies } from "../studies/schema";

/**
 * A grant lets a user or a group call the API addresses matching `pattern`
 * within a scope: the whole system, one company, or one study (docs/decisions/0005-permissions.md).
 */
export const permissionGrants = pgTable(
  "permission_grants",
  {
    id: text("id").primaryKey(),
    principalType: text("principal_type").$type<"user" | "group">().notNull(),
    principalId: text("principal_id").notNull(),
    scope: text("scope").$type<"system" | "company" | "study">().notNull(),
    companyId: text("company_id").references(() => companies.id),
    studyId: text("study_id").references(() => studies.id),
    pattern: text("pattern").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("permission_grants_principal_idx").on(t.principalType, t.principalId),
    check("permission_grants_principal_type_check", sql`${t.principalType} in ('user', 'group')`),
    check(
      "permission_grants_scope_check",
      sql`(${t.scope} = 'system' and ${t.companyId} is null and ${t.studyId} is null)
        or (${t.scope} = 'company' and ${t.companyId} is not null and ${t.studyId} is null)
        or (${t.scope} = 'study' and ${t.companyId} is not null and ${t.studyId} is not null)`,
    ),
  ],
);
