import { useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { Button, buttonClass } from "~/components/forms/Button";
import type { SubmitOutcome } from "~/features/protocol-analysis/upload";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

type Repeat = Extract<SubmitOutcome, { repeat: object }>["repeat"];

const resultsHref = (companyId: string, studyName: string, id: string) =>
  appLinks.studyPage(companyId, studyName, "riskAssessment/results", { id });

/**
 * The request is on its way; the result comes by e-mail (001 §2), and, beyond the spec, the alert links to the
 * request's page, which follows it live (issue 24).
 */
export function RequestSent({ hydrated, onDismiss, href }: { hydrated: boolean; onDismiss: () => void; href: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div
      role="status"
      data-testid="request-sent"
      className="fixed right-4 top-20 z-40 w-[400px] max-w-[calc(100vw-2rem)] rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900 shadow-lg"
    >
      <p className="font-semibold">{t("protocolAnalysis.identification.successTitle")}</p>
      <p className="mt-1">{t("protocolAnalysis.identification.success")}</p>
      <p className="mt-2">
        <a href={href} className="font-medium text-green-900 underline underline-offset-2" data-testid="follow-request">
          {t("protocolAnalysis.live.followRequest")}
        </a>
      </p>
      {hydrated ? (
        <Button variant="secondary" className="mt-3" onClick={onDismiss}>
          {t("protocolAnalysis.identification.dismiss")}
        </Button>
      ) : (
        <a href={location.pathname} className={buttonClass("secondary", "mt-3")}>
          {t("protocolAnalysis.identification.dismiss")}
        </a>
      )}
    </div>
  );
}

/**
 * The same file was submitted for this study a moment ago (issue 24): ask before analysing it again. Rendered by the
 * server from the post's answer (no scripts) or after the upload with progress (scripts); Yes posts the file already
 * uploaded, Cancel goes back to the form.
 */
export function RepeatDialog({
  repeat,
  companyId,
  studyName,
  onCancel,
}: {
  repeat: Repeat | null;
  companyId: string;
  studyName: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={repeat !== null}
      title={t("protocolAnalysis.live.repeatTitle")}
      message={
        repeat ? (
          <p>
            {t("protocolAnalysis.live.repeatText", { file: repeat.fileName })}{" "}
            <a
              href={resultsHref(companyId, studyName, repeat.requestId)}
              className="text-brand-700 underline underline-offset-2"
            >
              {t("protocolAnalysis.live.repeatEarlier")}
            </a>
          </p>
        ) : null
      }
      confirmLabel={t("protocolAnalysis.live.repeatConfirm")}
      confirm={repeat ? { intent: "confirmRepeat", fields: { fileId: repeat.fileId } } : undefined}
      onCancel={onCancel}
    />
  );
}

/** What the post answered, beyond a refusal on the field: the request sent, or the question about a repeat. */
export function UploadAnswer({
  outcome,
  hydrated,
  companyId,
  studyName,
  onClear,
}: {
  outcome: SubmitOutcome | null;
  hydrated: boolean;
  companyId: string;
  studyName: string;
  onClear: () => void;
}) {
  const repeat = outcome && !outcome.ok && "repeat" in outcome ? outcome.repeat : null;
  return (
    <>
      {outcome?.ok === true ? (
        <RequestSent
          hydrated={hydrated}
          onDismiss={onClear}
          href={resultsHref(companyId, studyName, outcome.requestId)}
        />
      ) : null}
      <RepeatDialog repeat={repeat} companyId={companyId} studyName={studyName} onCancel={onClear} />
    </>
  );
}
