import type { CtqResult } from "@server/contracts/protocol-analysis";
import type { ReactNode } from "react";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { BackLink } from "~/components/widgets/BackLink";
import { PageNotice } from "~/components/widgets/ResultAlert";
import { CtqLists } from "~/features/ctq/components/CtqLists";
import { CTQ_INTENT } from "~/features/ctq/insert";
import type { CtqAnswer } from "~/features/ctq/results";
import { FileDownloads } from "~/features/protocol-analysis/components/FileDownloads";
import { LiveStatus } from "~/features/protocol-analysis/components/LiveStatus";
import type { QuoteCheck } from "~/features/protocol-analysis/evidence";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

export interface CtqResultsPageProps {
  companyId: string;
  studyName: string;
  result: CtqResult | null;
  problem: string | null;
  canInsert: boolean;
  canStart: boolean;
  now: string;
  studyHref: string | null;
  answer: CtqAnswer | undefined;
  quoteChecks: Record<string, QuoteCheck>;
}

/** AI-Enhanced Critical to Quality Factors (001 §2 "CTQ results page", §4; issue 25). */
export function CtqResultsPage(props: CtqResultsPageProps) {
  const { companyId, studyName, result, problem, canStart } = props;
  const { t } = useTranslation();
  const newRequest = useUrlDialog("newRequest");
  const finished = result?.state === "Finished";
  const toolbar = (menu: ReactNode) => <div className="mt-3 flex justify-end">{menu}</div>;
  return (
    <div className="mx-auto max-w-7xl">
      <BackLink to={appLinks.studyPage(companyId, studyName, "protocolAnalysisTool")}>
        {t("protocolAnalysis.results.back")}
      </BackLink>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t("ctq.results.title")}</h1>
        {canStart ? (
          <DialogTrigger
            dialog={newRequest}
            className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium"
          >
            {t("protocolAnalysis.results.newRequest")}
          </DialogTrigger>
        ) : null}
      </div>
      <ConfirmDialog
        open={canStart && newRequest.open}
        title={t("protocolAnalysis.results.newRequestTitle")}
        message={<p>{t("ctq.results.newRequestText")}</p>}
        confirmLabel={t("protocolAnalysis.results.newRequestConfirm")}
        confirm={{ intent: CTQ_INTENT.newRequest }}
        onCancel={newRequest.hide}
      />
      {problem ? (
        <PageNotice type="danger" role="alert" className="mt-6">
          {t(problem)}
        </PageNotice>
      ) : null}
      {result ? <ResultState result={result} now={props.now} /> : null}
      {result ? (
        <FileDownloads
          files={[
            ["protocolFile", result.protocolFile],
            ["parsedFile", result.parsedProtocolFile],
          ]}
          companyId={companyId}
          studyName={studyName}
        />
      ) : null}
      {result && finished ? <CtqLists {...props} result={result} toolbar={toolbar} /> : null}
    </div>
  );
}

/** Still running (the warning, followed live), or the root error (error and details). */
function ResultState({ result, now }: { result: CtqResult; now: string }) {
  const { t } = useTranslation();
  if (result.state === "New" || result.state === "InProgress")
    return <LiveStatus state={result.state} stage={result.stage} requestedAt={result.requestedAt} now={now} />;
  const error =
    result.error ??
    (result.result.isSuccess ? null : { error: result.result.error ?? "", errorDetails: result.result.errorDetails });
  if (!error) return null;
  return (
    <PageNotice type="danger" role="alert" as="div" className="mt-6" data-testid="root-error">
      <p className="font-semibold">{t("protocolAnalysis.results.rootErrorTitle")}</p>
      {error.error ? <p className="mt-1">{error.error}</p> : null}
      {error.errorDetails ? <p className="mt-1 text-sm">{error.errorDetails}</p> : null}
    </PageNotice>
  );
}
