import type { InsertView } from "~/features/ctq/insert";
import type { ListReply } from "~/lib/forms/list.server";

/** What the results page's post answers: the form as the user left it, and the insert flow's next step. */
export interface CtqAnswer {
  reply: ListReply;
  insert: InsertView;
}
