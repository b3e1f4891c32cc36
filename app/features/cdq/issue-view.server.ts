import type { CdqIssue } from "@server/contracts/cdq";
import type { CdqIssueView } from "~/features/cdq/issue-view";
import { formatTimestamp, toInstant } from "~/lib/format-time";

// On the server only: the pages get the dates' texts and carry no date library (ADR 0027).
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
