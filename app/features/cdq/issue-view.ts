import type { CdqIssue } from "@server/contracts/cdq";
import { formatTimestamp, toInstant } from "~/lib/format-time";

/** The issue's dates as the 000 §9 texts (null when missing): formatted on the server, so pages carry no date library. */
export interface CdqDateTexts {
  dateOfOccurrence: string | null;
  dateOfDetection: string | null;
  dueDate: string | null;
  dateOfLastUpdate: string | null;
}

/** An issue with its dates' texts, made on the server: the one view type of the list, the details and their parts. */
export type CdqIssueView = CdqIssue & { dateTexts: CdqDateTexts };

const text = (value: string | null, format: "date" | "datetime") => {
  const instant = toInstant(value);
  return instant ? formatTimestamp(instant, format, { utcSuffix: true }) : null;
};

/** An issue with its dates' texts: dates of the issue as dates, the last update as a date and time. */
export function issueView(issue: CdqIssue): CdqIssueView {
  return {
    ...issue,
    dateTexts: {
      dateOfOccurrence: text(issue.dateOfOccurrence, "date"),
      dateOfDetection: text(issue.dateOfDetection, "date"),
      dueDate: text(issue.dueDate, "date"),
      dateOfLastUpdate: text(issue.dateOfLastUpdate, "datetime"),
    },
  };
}

/** The list's id: its address carries `cdq-page` and `cdq-pageSize` (000 §9). */
export const CDQ_LIST_ID = "cdq";

/** A designee the status form offers. */
export interface DesigneeChoice {
  id: string;
  displayName: string;
}
