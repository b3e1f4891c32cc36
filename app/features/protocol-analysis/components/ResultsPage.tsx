import type { RiskAssessmentResult } from "@server/contracts/protocol-analysis";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { BackLink } from "~/components/widgets/BackLink";
import { PageNotice } from "~/components/widgets/ResultAlert";
import { FileDownloads } from "~/features/protocol-analysis/components/FileDownloads";
import { LiveStatus } from "~/features/protocol-analysis/components/LiveStatus";
import { RowsEditor } from "~/features/protocol-analysis/components/RowsEditor";
import type { QuoteCheck } from "~/features/protocol-analysis/evidence";
import type { InsertRecord, ResultsAnswer } from "~/features/protocol-analysis/results";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

export interface ResultsPageProps {
  companyId: string;
  studyName: string;
  result: RiskAssessmentResult | null;
  problem: string | null;
  canInsert: boolean;
  /** May start a request: New request shows (issue 24, defect 5). */
  canStart: boolean;
  /** The server's clock at this load: the elapsed time of a running request. */
  now: string;
  answer: ResultsAnswer | undefined;
  quoteChecks: Record<string, QuoteCheck>;
  category: string;
  draftHref: string | null;
  inserted: InsertRecord | null;
}

/** The AI risk assessment's report (001 §2 "Risk assessment results", §4, §5). */
export function ResultsPage(props: ResultsPageProps) {
  const { companyId, studyName, result, problem, canStart, now, answer } = props;
  const { t } = useTranslation();
  const landing = appLinks.studyPage(companyId, studyName, "protocolAnalysisTool");
  const newRequest = useUrlDialog("newRequest");
  return (
    <div className="mx-auto max-w-7xl">
      <BackLink to={landing}>{t("protocolAnalysis.results.back")}</BackLink>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t("protocolAnalysis.results.title")}</h1>
        {/* New request only for whoever may start one (issue 24, defect 5). */}
        {canStart ? (
          <div className="flex gap-2">
            <DialogTrigger
              dialog={newRequest}
              className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium"
            >
              {t("protocolAnalysis.results.newRequest")}
            </DialogTrigger>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={canStart && newRequest.open}
        title={t("protocolAnalysis.results.newRequestTitle")}
        message={<p>{t("protocolAnalysis.results.newRequestText")}</p>}
        confirmLabel={t("protocolAnalysis.results.newRequestConfirm")}
        confirm={{ intent: "newRequest" }}
        onCancel={newRequest.hide}
      />

      {problem ? (
        <PageNotice type="danger" role="alert" className="mt-6">
          {t(problem)}
        </PageNotice>
      ) : null}

      {result ? <ResultState result={result} now={now} /> : null}

      {result ? (
        <FileDownloads
          files={[
            ["protocolFile", result.protocolFile],
            ["parsedFile", result.parsedProtocolFile],
            ["historyFile", result.historyFile],
          ]}
          companyId={companyId}
          studyName={studyName}
        />
      ) : null}

      {result && result.state === "Finished" && result.value ? (
        // A new key after an insert: the list starts again from the rows as inserted (issue 24, defect 3).
        <RowsEditor
          key={answer?.kind === "inserted" ? `inserted-${answer.inserted.at}` : "rows"}
          {...props}
          result={result}
        />
      ) : null}
    </div>
  );
}

/** Still running, or failed with the pipeline's error. */
function ResultState({ result, now }: { result: RiskAssessmentResult; now: string }) {
  const { t } = useTranslation();
  if (result.state === "New" || result.state === "InProgress") {
    return <LiveStatus state={result.state} stage={result.stage} requestedAt={result.requestedAt} now={now} />;
  }
  if (result.state !== "Failed") return null;
  return (
    <PageNotice type="danger" role="alert" as="div" className="mt-6" data-testid="root-error">
      <p className="font-semibold">{t("protocolAnalysis.results.rootErrorTitle")}</p>
      {result.result.error ? <p className="mt-1">{result.result.error}</p> : null}
      {result.result.errorDetails ? <p className="mt-1 text-sm">{result.result.errorDetails}</p> : null}
    </PageNotice>
  );
}
