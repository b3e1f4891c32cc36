import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import type { CdqActor, CdqEntity, CdqReviewStatus, CdqState } from "../contracts/cdq";
import { createdAt, updatedAt, utcTimestamp } from "../db/columns";
import { studies } from "../studies/schema";

/**
 * Compliance and data quality issues (001 §3), one row per issue of a study. isOverdue is not stored: it is derived
 * when read (server/cdq/service.ts). The list reads in (dateOfDetection desc, id desc) order, which the study index
 * serves both ways for paging (docs/decisions/0027-cdq-issues.md).
 */
export const cdqIssues = pgTable(
  "cdq_issues",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    studyId: text("study_id")
      .notNull()
      .references(() => studies.id),
    /** The readable id, unique within the study; an import matches issues by it. */
    displayId: text("display_id").notNull(),
    type: text("type").notNull(),
    country: jsonb("country").$type<CdqEntity | null>(),
    site: jsonb("site").$type<CdqEntity | null>(),
    subject: jsonb("subject").$type<CdqEntity | null>(),
    title: text("title").notNull(),
    category: text("category"),
    subCategory: text("sub_category"),
    context: jsonb("context").$type<{ display: string }[]>().notNull().default([]),
    reasoning: text("reasoning"),
    source: text("source"),
    severity: text("severity"),
    patientSafetyScore: integer("patient_safety_score"),
    dateOfOccurrence: utcTimestamp("date_of_occurrence"),
    dateOfDetection: utcTimestamp("date_of_detection").notNull(),
    designee: jsonb("designee").$type<CdqActor | null>(),
    state: text("state").$type<CdqState>().notNull(),
    reviewStatus: text("review_status").$type<CdqReviewStatus | null>(),
    dueDate: utcTimestamp("due_date"),
    dateOfLastUpdate: utcTimestamp("date_of_last_update").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cdq_issues_study_display_id_key").on(t.studyId, t.displayId),
    index("cdq_issues_study_order_idx").on(t.studyId, t.dateOfDetection, t.id),
    check("cdq_issues_state_check", sql`${t.state} in ('Active', 'Completed')`),
    check(
      "cdq_issues_review_status_check",
      sql`${t.reviewStatus} is null or ${t.reviewStatus} in ('Reviewed', 'Verified', 'Rejected')`,
    ),
  ],
);

/**
 * Each study's number of issues, kept by the statement-level triggers of migration 0007 on every insert and delete:
 * the list's total without counting 100,000 index entries (docs/decisions/0027-cdq-issues.md).
 */
export const cdqIssueCounts = pgTable("cdq_issue_counts", {
  studyId: text("study_id")
    .primaryKey()
    .references(() => studies.id),
  issueCount: bigint("issue_count", { mode: "number" }).notNull().default(0),
});
