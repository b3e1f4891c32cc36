import { useLocation } from "@remix-run/react";
import { Dialog } from "~/components/dialogs/Dialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { Button, buttonClass } from "~/components/forms/Button";
import { useHydrated } from "~/components/forms/hydrated";
import { BackLink } from "~/components/widgets/BackLink";
import { ProtocolFileField } from "~/features/protocol-analysis/components/ProtocolFileField";
import { UploadAnswer } from "~/features/protocol-analysis/components/UploadOutcome";
import { useProtocolUpload, type SubmitOutcome } from "~/features/protocol-analysis/upload";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

const LIMITATIONS = ["noOcr", "scanned", "fonts", "graphics", "layout", "symbols"] as const;

/** The AI risk assessment's upload form (001 §2 "Risk assessment form"): a plain multipart post, or with progress. */
export function IdentificationForm({
  companyId,
  studyName,
  posted,
}: {
  companyId: string;
  studyName: string;
  posted: SubmitOutcome | undefined;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const upload = useProtocolUpload(posted, location.pathname.replace(/\/identification$/, "/upload"));
  const limitations = useUrlDialog("pdfLimitations");
  const { outcome, progress } = upload;
  const error =
    outcome && !outcome.ok && "message" in outcome && outcome.message ? t(outcome.message, outcome.values) : null;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={appLinks.studyPage(companyId, studyName, "protocolAnalysisTool")}>
        {t("protocolAnalysis.identification.back")}
      </BackLink>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{t("protocolAnalysis.identification.title")}</h1>

      <UploadAnswer
        outcome={outcome}
        hydrated={hydrated}
        companyId={companyId}
        studyName={studyName}
        onClear={() => upload.setOutcome(null)}
      />

      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={hydrated ? upload.onSubmit : undefined}
        className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-6"
        aria-describedby={error ? "protocol-error" : undefined}
      >
        <div>
          <ProtocolFileField fileInput={upload.fileInput} error={error} onChange={() => upload.setOutcome(null)} />
        </div>
        <DialogTrigger dialog={limitations} className="inline-block py-1 text-brand-700 underline underline-offset-2">
          {t("protocolAnalysis.identification.limitationsButton")}
        </DialogTrigger>
        <UploadProgress progress={progress} cancelled={upload.cancelled} onCancel={upload.abort} />
        <div>
          <Button type="submit" name="intent" value="createRiskAssessment" disabled={progress !== null}>
            {t("protocolAnalysis.identification.submit")}
          </Button>
        </div>
      </form>

      <LimitationsDialog dialog={limitations} hydrated={hydrated} />
    </div>
  );
}

function UploadProgress({
  progress,
  cancelled,
  onCancel,
}: {
  progress: number | null;
  cancelled: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {progress !== null ? (
        <div className="flex items-center gap-3" data-testid="upload-progress">
          <progress
            max={100}
            value={progress}
            aria-label={t("protocolAnalysis.identification.progressLabel")}
            className="h-2 w-64"
          />
          <span role="status">{t("protocolAnalysis.identification.uploading", { percent: progress })}</span>
          <Button variant="secondary" type="button" onClick={onCancel}>
            {t("protocolAnalysis.identification.cancel")}
          </Button>
        </div>
      ) : null}
      {cancelled ? (
        <p role="status" className="text-sm text-slate-700">
          {t("protocolAnalysis.identification.cancelled")}
        </p>
      ) : null}
    </>
  );
}

/** What a PDF may lose on the way (001 §2): a dialog the server can render from `?dialog=pdfLimitations`. */
function LimitationsDialog({ dialog, hydrated }: { dialog: ReturnType<typeof useUrlDialog>; hydrated: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={dialog.open}
      title={t("protocolAnalysis.identification.limitationsTitle")}
      dismissible
      onDismiss={dialog.hide}
      data-testid="pdf-limitations"
      footer={
        <a
          href={dialog.closeHref}
          className={buttonClass("primary")}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            dialog.hide();
          }}
        >
          {t("protocolAnalysis.identification.close")}
        </a>
      }
    >
      <p>{t("protocolAnalysis.identification.limitationsIntro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {LIMITATIONS.map((key) => (
          <li key={key}>{t(`protocolAnalysis.identification.limitations.${key}`)}</li>
        ))}
      </ul>
    </Dialog>
  );
}
