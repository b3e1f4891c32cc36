import type { RiskRowForm } from "~/features/protocol-analysis/risk-rows";
import type { ListReply } from "~/lib/forms/list.server";

/** The last Insert in RACT of a request's rows (issue 24, defect 3): how many rows went in, and when (ISO). */
export interface InsertRecord {
  count: number;
  at: string;
}

/** The intent of "Insert again" in the question asked before a second insert. */
export const INSERT_AGAIN = "insertAgain";

/**
 * What the results page's post answers: a list reply (with the question before a second insert, when it is asked),
 * the rows inserted in RACT (the table stays as inserted), or why not.
 */
export type ResultsAnswer =
  | { kind: "reply"; reply: ListReply; confirmInsert?: InsertRecord; category?: string }
  | { kind: "inserted"; inserted: InsertRecord; rows: RiskRowForm[]; reply: null }
  | { kind: "insertFailed"; detail: string; reply: ListReply };
