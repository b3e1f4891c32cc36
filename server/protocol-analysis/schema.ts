import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import type { CtqItem, RiskRow } from "../contracts/protocol-analysis";
import { createdAt, updatedAt, utcTimestamp } from "../db/columns";
import { files } from "../files/schema";
import { studies } from "../studies/schema";
import { users } from "../users/schema";
import type { CtqInput } from "./contract";

/** One analysis request of the Protocol Analysis Tool (001 §3 "Risk assessment result", 001 §4 states). */
export const protocolAnalysisRequests = pgTable(
  "protocol_analysis_requests",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    studyId: text("study_id")
      .notNull()
      .references(() => studies.id),
    /** "riskAssessment" or "ctqIdentification" (issue 25). */
    kind: text("kind").notNull(),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => users.id),
    /** New, InProgress, Finished or Failed (001 §4). */
    state: text("state").notNull(),
    /** While InProgress: "reading" the file, then "analysing" it (issue 24's live status); null otherwise. */
    stage: text("stage").$type<"reading" | "analysing">(),
    protocolFileId: text("protocol_file_id")
      .notNull()
      .references(() => files.id),
    parsedFileId: text("parsed_file_id").references(() => files.id),
    historyFileId: text("history_file_id").references(() => files.id),
    rows: jsonb("rows").$type<RiskRow[]>(),
    error: text("error"),
    errorDetails: text("error_details"),
    attempts: integer("attempts").notNull().default(0),
    jobId: text("job_id"),
    /**
     * The last Insert in RACT of this request's rows (issue 24, ADR 0042): the rows as inserted, when and by whom. The
     * results page shows these rows and asks before a second insert.
     */
    insertedRows: jsonb("inserted_rows").$type<RiskRow[]>(),
    insertedAt: utcTimestamp("inserted_at"),
    insertedBy: text("inserted_by").references(() => users.id),
    /** CTQ identification (issue 25): the two lists the user sent (001 §3 text format, parsed). */
    ctqInput: jsonb("ctq_input").$type<CtqInput>(),
    /** CTQ identification, once Finished: the study's critical processes and data as identified (001 §3 CTQF result). */
    ctqProcesses: jsonb("ctq_processes").$type<CtqItem[]>(),
    ctqData: jsonb("ctq_data").$type<CtqItem[]>(),
    /** CTQ identification: one history file per list (001 §3). */
    processesHistoryFileId: text("processes_history_file_id").references(() => files.id),
    dataHistoryFileId: text("data_history_file_id").references(() => files.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: utcTimestamp("finished_at"),
  },
  (t) => [index("protocol_analysis_requests_study_idx").on(t.studyId, t.createdAt)],
);
