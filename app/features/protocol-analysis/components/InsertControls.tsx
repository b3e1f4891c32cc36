import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { Button } from "~/components/forms/Button";
import type { EditableList } from "~/components/lists/EditableList";
import { PageNotice } from "~/components/widgets/ResultAlert";
import { UtcMinute } from "~/features/protocol-analysis/components/table";
import { INSERT_AGAIN, type InsertRecord, type ResultsAnswer } from "~/features/protocol-analysis/results";
import type { RiskRowForm } from "~/features/protocol-analysis/risk-rows";
import { LIST_INTENT } from "~/lib/forms/list-state";
import { useTranslation } from "~/lib/i18n-react";

type RiskRowList = EditableList<RiskRowForm>;

/**
 * After Insert in RACT (issue 24, defect 3): how many rows went in and when, with the working draft's link; it stays
 * while the page shows the rows as inserted. Or why the insert failed.
 */
export function InsertNotice({
  answer,
  inserted,
  draftHref,
}: {
  answer: ResultsAnswer | undefined;
  inserted: InsertRecord | null;
  draftHref: string | null;
}) {
  const { t } = useTranslation();
  if (answer?.kind === "insertFailed") {
    return (
      <PageNotice type="danger" role="alert" className="mb-4">
        {t("protocolAnalysis.results.insertFailed", { detail: answer.detail })}
      </PageNotice>
    );
  }
  if (!inserted) return null;
  return (
    <PageNotice type="success" role="status" as="div" className="mb-4" data-testid="insert-success">
      <p>
        <span className="font-semibold">{t("protocolAnalysis.results.insertSuccess")}</span>{" "}
        {t("protocolAnalysis.results.insertedCount", { count: inserted.count })} <UtcMinute iso={inserted.at} />.
      </p>
      {draftHref ? (
        <a
          href={draftHref}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline underline-offset-2"
        >
          {t("protocolAnalysis.results.insertSuccessLink")}
        </a>
      ) : null}
    </PageNotice>
  );
}

/**
 * Insert in RACT. Once the rows went in, Insert asks first: with scripts the question opens here; without them the post
 * answers with it open (the action asks whenever the API has an insert of these rows on record).
 */
export function InsertBar({
  list,
  inserted,
  onAskAgain,
}: {
  list: RiskRowList;
  inserted: InsertRecord | null;
  onAskAgain: () => void;
}) {
  const { t } = useTranslation();
  const hasErrors = list.kit.hydrated && list.kit.valid === false;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      {/* "Download as xls" stays hidden (001 §2). */}
      <Button
        form={list.id}
        name="intent"
        value={LIST_INTENT.save}
        disabled={list.rows.length === 0}
        pending={list.kit.pending && list.submitting.current}
        aria-haspopup={inserted ? "dialog" : undefined}
        onClick={(event) => {
          if (!inserted || !list.kit.hydrated) return;
          event.preventDefault();
          onAskAgain();
        }}
      >
        {t("protocolAnalysis.results.insert")}
      </Button>
      {hasErrors ? (
        <p role="alert" className="text-sm text-red-700">
          {t("protocolAnalysis.results.fixErrors")}
        </p>
      ) : null}
    </div>
  );
}

/** "Insert these rows again?": Insert again posts the rows as they are now; Cancel keeps them, edits intact. */
export function InsertAgainDialog({
  list,
  open,
  inserted,
  onClose,
}: {
  list: RiskRowList;
  open: boolean;
  inserted: InsertRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!inserted) return null;
  return (
    <ConfirmDialog
      open={open}
      title={t("protocolAnalysis.results.insertAgainTitle")}
      message={
        <>
          <p>
            {t("protocolAnalysis.results.insertAgainText", { count: inserted.count })} <UtcMinute iso={inserted.at} />.
          </p>
          <p className="mt-2">{t("protocolAnalysis.results.insertAgainWarning")}</p>
        </>
      }
      confirmLabel={t("protocolAnalysis.results.insertAgainConfirm")}
      confirm={{ form: list.id, name: "intent", value: INSERT_AGAIN }}
      onConfirm={onClose}
      cancel={{ form: list.id, name: "intent", value: LIST_INTENT.closeDialog }}
      onCancel={onClose}
    />
  );
}
