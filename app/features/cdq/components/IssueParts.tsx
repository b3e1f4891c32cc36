import type { CdqIssue } from "@server/contracts/cdq";
import { CDQ_LIST_COLUMNS, type CdqListColumn } from "@server/contracts/cdq-options";
import type { ReactNode } from "react";
import { ActorDisplay } from "~/components/widgets/ActorDisplay";
import { EntityDisplay } from "~/components/widgets/EntityDisplay";
import { NotAvailable } from "~/components/widgets/NotAvailable";
import type { CdqIssueView } from "~/features/cdq/issue-view";
import { useTranslation } from "~/lib/i18n-react";

/** The columns of the issue list, in the order of 001 §2 (defined once, in the CDQ contract). */
export const ISSUE_COLUMNS = CDQ_LIST_COLUMNS;
export type IssueColumn = CdqListColumn;

/**
 * A date of an issue in a <time> element, its text in the 000 §9 format made on the server; when missing, 'N/A' as
 * 000 §8 says and the shared Timestamp shows it, without shipping a date library to the browser.
 */
export function DateValue({ issue, field }: { issue: CdqIssueView; field: keyof CdqIssueView["dateTexts"] }) {
  const { t } = useTranslation();
  const value = issue[field];
  const text = issue.dateTexts[field];
  if (!value || !text) return <span>{t("widgets.time.missing")}</span>;
  return <time dateTime={value}>{text}</time>;
}

/** A text value, or 'not available' (000 §8). */
export function TextValue({ value }: { value: string | number | null | undefined }) {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
    return <NotAvailable />;
  return <>{value}</>;
}

/** Overdue as Yes/No (001 §2). */
export function OverdueValue({ overdue }: { overdue: boolean }) {
  const { t } = useTranslation();
  return overdue ? <span className="font-semibold text-red-800">{t("cdq.yes")}</span> : <span>{t("cdq.no")}</span>;
}

export function StateValue({ state }: { state: string }) {
  const { t } = useTranslation();
  return <>{t(`cdq.states.${state}`, { defaultValue: state })}</>;
}

export function ReviewStatusValue({ status }: { status: string | null }) {
  const { t } = useTranslation();
  return <>{t(`cdq.reviewStatuses.${status ?? "none"}`, { defaultValue: status ?? "" })}</>;
}

/** The context items, as a list (or 'not available' when there are none). */
export function ContextValue({ items }: { items: CdqIssue["context"] }) {
  if (!items.length) return <NotAvailable />;
  return (
    <ul className="list-disc space-y-0.5 pl-4">
      {items.map((item, index) => (
        <li key={index}>{item.display}</li>
      ))}
    </ul>
  );
}

/** One cell's content for a column: entities through the entity display, dates in 000 §9 formats, actors. */
export function IssueValue({
  issue,
  column,
  studyName,
  issueLink,
}: {
  issue: CdqIssueView;
  column: IssueColumn;
  studyName: string;
  issueLink?: (issue: CdqIssueView) => ReactNode;
}): ReactNode {
  switch (column) {
    case "issueId":
      return issueLink ? issueLink(issue) : issue.displayId;
    case "type":
      return <TextValue value={issue.type} />;
    case "country":
      return <EntityDisplay entity={issue.country} />;
    case "site":
      return <EntityDisplay entity={issue.site} />;
    case "subject":
      return <EntityDisplay entity={issue.subject} kind="subject" studyName={studyName} />;
    case "title":
      return <TextValue value={issue.title} />;
    case "category":
      return <TextValue value={issue.category} />;
    case "subCategory":
      return <TextValue value={issue.subCategory} />;
    case "context":
      return <ContextValue items={issue.context} />;
    case "reasoning":
      return <TextValue value={issue.reasoning} />;
    case "source":
      return <TextValue value={issue.source} />;
    case "severity":
      return <TextValue value={issue.severity} />;
    case "patientSafetyScore":
      return <TextValue value={issue.patientSafetyScore} />;
    case "dateOfOccurrence":
      return <DateValue issue={issue} field="dateOfOccurrence" />;
    case "dateOfDetection":
      return <DateValue issue={issue} field="dateOfDetection" />;
    case "designee":
      return issue.designee ? <ActorDisplay actor={issue.designee} /> : <NotAvailable />;
    case "state":
      return <StateValue state={issue.state} />;
    case "reviewStatus":
      return <ReviewStatusValue status={issue.reviewStatus} />;
    case "dueDate":
      return <DateValue issue={issue} field="dueDate" />;
    case "overdue":
      return <OverdueValue overdue={issue.isOverdue} />;
    case "dateOfLastUpdate":
      return <DateValue issue={issue} field="dateOfLastUpdate" />;
  }
}
