import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLocation, useParams } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Dialog } from "~/components/dialogs/Dialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { Button, buttonClass } from "~/components/forms/Button";
import { useHydrated } from "~/components/forms/hydrated";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";
import {
  analysisAddresses,
  requireAnalysisPage,
  submitProtocol,
  type SubmitOutcome,
} from "~/lib/protocol-analysis.server";
import { pageMeta } from "~/lib/settings";

/** 000 §9: the upload's chunk size; the progress bar moves by it. */
const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** …/riskAssessment/identification: the AI risk assessment's upload form (001 §2 "Risk assessment form"). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  await requireAnalysisPage(request, context, companyId, [analysisAddresses(companyId, studyName).start]);
  const t = await getFixedT(request);
  return { pageName: t("protocolAnalysis.identification.title") };
}

/** Without scripts: the plain multipart post, passed on to the API as it arrives. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return submitProtocol(request, context, companyIdParam(params), studyNameParam(params));
}

const LIMITATIONS = ["noOcr", "scanned", "fonts", "graphics", "layout", "symbols"] as const;

export default function RiskAssessmentForm() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const posted = useActionData<typeof action>();
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(posted ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const limitations = useUrlDialog("pdfLimitations");
  useEffect(() => setOutcome(posted ?? null), [posted]);

  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const landing = appLinks.studyPage(companyId, studyName, "protocolAnalysisTool");
  const error = outcome && !outcome.ok ? t(outcome.message, outcome.values) : null;
  const success = outcome?.ok === true;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With scripts: the same post, with a progress bar and a cancel button (001 §2, 000 §9).
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setOutcome({ ok: false, message: "protocolAnalysis.identification.required" });
      fileInput.current?.focus();
      return;
    }
    const body = new FormData();
    body.set("File", file, file.name);
    const request = new XMLHttpRequest();
    xhr.current = request;
    setCancelled(false);
    setOutcome(null);
    setProgress(0);
    request.upload.onprogress = (e) => {
      if (!e.lengthComputable || e.total === 0) return;
      const chunks = Math.floor(e.loaded / UPLOAD_CHUNK_BYTES) * UPLOAD_CHUNK_BYTES;
      setProgress(Math.min(100, Math.round(((e.loaded >= e.total ? e.total : chunks) / e.total) * 100)));
    };
    request.onload = () => {
      xhr.current = null;
      setProgress(null);
      try {
        setOutcome(JSON.parse(request.responseText) as SubmitOutcome);
      } catch {
        setOutcome({ ok: false, message: "protocolAnalysis.identification.failed" });
      }
    };
    request.onerror = () => {
      xhr.current = null;
      setProgress(null);
      setOutcome({ ok: false, message: "protocolAnalysis.identification.failed" });
    };
    request.onabort = () => {
      xhr.current = null;
      setProgress(null);
      setCancelled(true);
    };
    request.open("POST", `${location.pathname.replace(/\/identification$/, "/upload")}`);
    request.setRequestHeader("accept", "application/json");
    request.send(body);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <Link to={landing} className="inline-block py-1 text-brand-700 underline underline-offset-2">
        {t("protocolAnalysis.identification.back")}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{t("protocolAnalysis.identification.title")}</h1>

      {success ? (
        <div
          role="status"
          data-testid="request-sent"
          className="fixed right-4 top-20 z-40 w-[400px] max-w-[calc(100vw-2rem)] rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900 shadow-lg"
        >
          <p className="font-semibold">{t("protocolAnalysis.identification.successTitle")}</p>
          <p className="mt-1">{t("protocolAnalysis.identification.success")}</p>
          {hydrated ? (
            <Button variant="secondary" className="mt-3" onClick={() => setOutcome(null)}>
              {t("protocolAnalysis.identification.dismiss")}
            </Button>
          ) : (
            <a href={location.pathname} className={buttonClass("secondary", "mt-3")}>
              {t("protocolAnalysis.identification.dismiss")}
            </a>
          )}
        </div>
      ) : null}

      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={hydrated ? onSubmit : undefined}
        className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-6"
        aria-describedby={error ? "protocol-error" : undefined}
      >
        <div>
          <label htmlFor="protocol-file" className="block font-medium text-slate-900">
            {t("protocolAnalysis.identification.fileLabel")} <span aria-hidden="true">*</span>
          </label>
          <p id="protocol-hint" className="text-sm text-slate-600">
            {t("protocolAnalysis.identification.fileHint")}
          </p>
          <input
            ref={fileInput}
            id="protocol-file"
            name="File"
            type="file"
            required
            accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-describedby={error ? "protocol-hint protocol-error" : "protocol-hint"}
            aria-invalid={error ? true : undefined}
            className="mt-2 block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={() => setOutcome(null)}
          />
          {error ? (
            <p id="protocol-error" role="alert" className="mt-2 text-sm text-red-700" data-testid="upload-error">
              {error}
            </p>
          ) : null}
        </div>
        <DialogTrigger dialog={limitations} className="inline-block py-1 text-brand-700 underline underline-offset-2">
          {t("protocolAnalysis.identification.limitationsButton")}
        </DialogTrigger>
        {progress !== null ? (
          <div className="flex items-center gap-3" data-testid="upload-progress">
            <progress
              max={100}
              value={progress}
              aria-label={t("protocolAnalysis.identification.progressLabel")}
              className="h-2 w-64"
            />
            <span role="status">{t("protocolAnalysis.identification.uploading", { percent: progress })}</span>
            <Button variant="secondary" type="button" onClick={() => xhr.current?.abort()}>
              {t("protocolAnalysis.identification.cancel")}
            </Button>
          </div>
        ) : null}
        {cancelled ? (
          <p role="status" className="text-sm text-slate-700">
            {t("protocolAnalysis.identification.cancelled")}
          </p>
        ) : null}
        <div>
          <Button type="submit" name="intent" value="createRiskAssessment" disabled={progress !== null}>
            {t("protocolAnalysis.identification.submit")}
          </Button>
        </div>
      </form>

      <Dialog
        open={limitations.open}
        title={t("protocolAnalysis.identification.limitationsTitle")}
        dismissible
        onDismiss={limitations.hide}
        data-testid="pdf-limitations"
        footer={
          <a
            href={limitations.closeHref}
            className={buttonClass("primary")}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              limitations.hide();
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
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
