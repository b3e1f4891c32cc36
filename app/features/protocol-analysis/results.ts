import type { ListReply } from "~/lib/forms/list.server";

/** What the results page's post answers: a list reply, the rows inserted in RACT, or why not. */
export type ResultsAnswer =
  | { kind: "reply"; reply: ListReply }
  | { kind: "inserted"; count: number; draftHref: string; reply: ListReply | null }
  | { kind: "insertFailed"; detail: string; reply: ListReply | null };
