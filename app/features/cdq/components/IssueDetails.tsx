import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { buttonClass } from "~/components/forms/Button";
import { BackLink } from "~/components/widgets/BackLink";
import { Panel } from "~/components/widgets/Panel";
import { ContextValue, IssueValue, type IssueColumn } from "~/features/cdq/components/IssueParts";
import { CDQ_INPUT_CLASS } from "~/features/cdq/components/status-form";
import { StatusDialog } from "~/features/cdq/components/StatusDialog";
import type { CdqIssueView, DesigneeChoice } from "~/features/cdq/issue-view";
import { useTranslation } from "~/lib/i18n-react";

/** The Update Status dialog's name in the address: `?dialog=updateStatus` opens it from the server (ADR 0023). */
const STATUS_DIALOG = "updateStatus";

export interface IssueDetailsPageProps {
  issue: CdqIssueView | null;
  users: DesigneeChoice[];
  listHref: string;
  studyName: string;
}

/** One issue (001 §2 "Issue details"), or "Compliance & Data Quality Issue not found" (001 §8). */
export function IssueDetailsPage({ issue, users, listHref, studyName }: IssueDetailsPageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={listHref}>{t("cdq.details.back")}</BackLink>
      {issue ? (
        <IssueDetails issue={issue} users={users} studyName={studyName} />
      ) : (
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t("cdq.details.notFound")}</h1>
      )}
    </div>
  );
}

function IssueDetails({
  issue,
  users,
  studyName,
}: {
  issue: CdqIssueView;
  users: DesigneeChoice[];
  studyName: string;
}) {
  const { t } = useTranslation();
  const dialog = useUrlDialog(STATUS_DIALOG);
  const terms = (columns: IssueColumn[]) =>
    columns.map((column) => (
      <div key={column}>
        <dt className="text-sm font-medium text-slate-600">{t(`cdq.columns.${column}`)}</dt>
        <dd className="text-slate-900">
          <IssueValue issue={issue} column={column} studyName={studyName} />
        </dd>
      </div>
    ));
  return (
    <>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold text-slate-900">
          {issue.displayId} <span className="font-normal text-slate-700">{issue.type}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <NewTicketButton />
          <DialogTrigger dialog={dialog} className={buttonClass("primary")}>
            {t("cdq.details.updateStatus")}
          </DialogTrigger>
        </div>
      </div>

      <Panel id="cdq-status" title={t("cdq.details.statusTitle")}>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-3">
          {terms(["state", "reviewStatus", "designee", "dueDate", "overdue", "dateOfLastUpdate"])}
        </dl>
      </Panel>

      <DescriptionSection issue={issue} terms={terms} />

      <Panel id="cdq-context" title={t("cdq.details.contextTitle")}>
        <div className="mt-3 text-slate-800">
          <ContextValue items={issue.context} />
        </div>
      </Panel>

      <StatusDialog dialog={dialog} issue={issue} users={users} />
    </>
  );
}

/** The spec's New Ticket does nothing: shown, honestly unavailable, its reason in a tooltip. */
function NewTicketButton() {
  const { t } = useTranslation();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby="cdq-new-ticket-tip"
        className={buttonClass("secondary", "cursor-not-allowed text-slate-500 hover:bg-white")}
      >
        {t("cdq.details.newTicket")}
      </button>
      <span id="cdq-new-ticket-tip" role="tooltip" className="tooltip">
        {t("cdq.details.newTicketUnavailable")}
      </span>
    </span>
  );
}

function DescriptionSection({
  issue,
  terms,
}: {
  issue: CdqIssueView;
  terms: (columns: IssueColumn[]) => JSX.Element[];
}) {
  const { t } = useTranslation();
  return (
    <Panel id="cdq-description" title={t("cdq.details.descriptionTitle")}>
      <div className="mt-3 space-y-4">
        <div>
          <label htmlFor="cdq-title" className="mb-1 block text-sm font-medium text-slate-800">
            {t("cdq.columns.title")}
          </label>
          <input id="cdq-title" readOnly value={issue.title} className={`${CDQ_INPUT_CLASS} bg-slate-50`} />
        </div>
        <div>
          <label htmlFor="cdq-reasoning" className="mb-1 block text-sm font-medium text-slate-800">
            {t("cdq.columns.reasoning")}
          </label>
          <textarea
            id="cdq-reasoning"
            readOnly
            rows={4}
            value={issue.reasoning ?? ""}
            className={`${CDQ_INPUT_CLASS} bg-slate-50`}
          />
        </div>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
        {terms([
          "country",
          "site",
          "subject",
          "category",
          "subCategory",
          "source",
          "severity",
          "patientSafetyScore",
          "dateOfOccurrence",
          "dateOfDetection",
        ])}
      </dl>
    </Panel>
  );
}
