import type { CdqIssue } from "@server/contracts/cdq";

/** The issue's dates as the 000 §9 texts (null when missing): formatted on the server, so pages carry no date library. */
export interface CdqDateTexts {
  dateOfOccurrence: string | null;
  dateOfDetection: string | null;
  dueDate: string | null;
  dateOfLastUpdate: string | null;
}

/** An issue with its dates' texts, made on the server: the one view type of the list, the details and their parts. */
export type CdqIssueView = CdqIssue & { dateTexts: CdqDateTexts };

/** The list's id: its address carries `cdq-page` and `cdq-pageSize` (000 §9). */
export const CDQ_LIST_ID = "cdq";

/** A designee the status form offers. */
export interface DesigneeChoice {
  id: string;
  displayName: string;
}
