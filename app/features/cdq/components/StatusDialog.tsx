import { CDQ_REVIEW_LEVELS, CDQ_REVIEW_STATUSES, CDQ_STATES } from "@server/contracts/cdq-options";
import { Dialog } from "~/components/dialogs/Dialog";
import type { useUrlDialog } from "~/components/dialogs/url-state";
import { CDQ_INPUT_CLASS, CloseLink, StatusField, StatusSelect } from "~/features/cdq/components/status-form";
import type { CdqIssueView, DesigneeChoice } from "~/features/cdq/issue-view";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The status update form (001 §3 "Status update form", §4 "Issue status options"): UI only. Nothing is sent: there
 * is no form to submit, and Update and Cancel only close the dialog (links to this page without `?dialog`, which
 * scripts turn into closing in place).
 */
export function StatusDialog({
  dialog,
  issue,
  users,
}: {
  dialog: ReturnType<typeof useUrlDialog>;
  issue: CdqIssueView;
  users: DesigneeChoice[];
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={dialog.open}
      title={t("cdq.statusForm.title")}
      description={t("cdq.statusForm.description")}
      footer={
        <>
          <CloseLink dialog={dialog} label={t("cdq.statusForm.cancel")} variant="secondary" />
          <CloseLink dialog={dialog} label={t("cdq.statusForm.update")} variant="primary" />
        </>
      }
    >
      <StatusField id="cdq-new-state" label={t("cdq.statusForm.state")}>
        <StatusSelect
          id="cdq-new-state"
          options={CDQ_STATES.map((value) => ({ value, label: t(`cdq.states.${value}`) }))}
          defaultValue={issue.state}
        />
      </StatusField>
      <StatusField id="cdq-new-review-status" label={t("cdq.statusForm.reviewStatus")}>
        <StatusSelect
          id="cdq-new-review-status"
          options={CDQ_REVIEW_STATUSES.map((value) => ({ value, label: t(`cdq.reviewStatuses.${value}`) }))}
          defaultValue={issue.reviewStatus ?? ""}
        />
      </StatusField>
      <StatusField id="cdq-comment" label={t("cdq.statusForm.comment")}>
        <textarea id="cdq-comment" rows={3} className={CDQ_INPUT_CLASS} />
      </StatusField>
      <StatusField id="cdq-review-level" label={t("cdq.statusForm.reviewLevel")}>
        <StatusSelect
          id="cdq-review-level"
          options={CDQ_REVIEW_LEVELS.map((value) => ({ value, label: t(`cdq.reviewLevels.${value}`) }))}
          defaultValue=""
        />
      </StatusField>
      <StatusField id="cdq-designee" label={t("cdq.statusForm.designee")}>
        <StatusSelect
          id="cdq-designee"
          options={users.map((user) => ({ value: user.id, label: user.displayName }))}
          defaultValue={issue.designee?.type === "user" ? (issue.designee.id ?? "") : ""}
        />
      </StatusField>
      <StatusField id="cdq-due-date" label={t("cdq.statusForm.dueDate")}>
        <input
          id="cdq-due-date"
          type="date"
          defaultValue={issue.dueDate?.slice(0, 10) ?? ""}
          className={CDQ_INPUT_CLASS}
        />
      </StatusField>
    </Dialog>
  );
}
