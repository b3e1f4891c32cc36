import { useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { Button } from "~/components/forms/Button";
import { useHydrated } from "~/components/forms/hydrated";
import { BackLink } from "~/components/widgets/BackLink";
import { PageNotice } from "~/components/widgets/ResultAlert";
import {
  addLines,
  CTQ_FORM_INTENT,
  CTQ_TEXT_MAX,
  CTQ_TEXTS,
  type CtqFormAnswer,
  type CtqTexts,
} from "~/features/ctq/form";
import { useCtqUpload } from "~/features/ctq/upload";
import { ProtocolFileField } from "~/features/protocol-analysis/components/ProtocolFileField";
import { RequestSent } from "~/features/protocol-analysis/components/UploadOutcome";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

export interface CtqFormProps {
  companyId: string;
  studyName: string;
  company: CtqTexts;
  examples: CtqTexts;
  initial: CtqTexts;
  companyCpcdHref: string;
  answer: CtqFormAnswer | undefined;
}

/** CTQ identification (001 §2 "CTQ identification form", §5): the protocol, then the two lists as text. */
export function CtqForm(props: CtqFormProps) {
  const { companyId, studyName, answer } = props;
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const form = useCtqUpload(answer, props.initial, location.pathname.replace(/\/identification$/, "/upload"));
  const repeat = form.outcome && !form.outcome.ok && "repeat" in form.outcome ? form.outcome.repeat : null;
  // A refusal's values (the API's upload limit, in MB) come with the outcome that carried it.
  const refusal = form.outcome && !form.outcome.ok && "values" in form.outcome ? form.outcome.values : undefined;
  const fileError = form.errors.file ? t(form.errors.file, refusal ?? { size: 50 }) : null;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={appLinks.studyPage(companyId, studyName, "protocolAnalysisTool")}>
        {t("protocolAnalysis.identification.back")}
      </BackLink>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{t("ctq.form.title")}</h1>
      {form.outcome?.ok ? (
        <RequestSent
          hydrated={hydrated}
          onDismiss={form.clear}
          href={appLinks.studyPage(companyId, studyName, "ctqf/results", { id: form.outcome.requestId })}
        />
      ) : null}
      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={hydrated ? form.onSubmit : undefined}
        noValidate
        className="mt-6 space-y-6 rounded-lg border border-slate-200 bg-white p-6"
      >
        <fieldset>
          <legend className="font-semibold text-slate-900">{t("ctq.form.stepOne")}</legend>
          <div className="mt-2">
            <ProtocolFileField fileInput={form.fileInput} error={fileError} />
          </div>
        </fieldset>
        <StepTwo {...props} form={form} hydrated={hydrated} />
        <Progress form={form} />
        <Button type="submit" name="intent" value={CTQ_FORM_INTENT.identify} disabled={form.progress !== null}>
          {t("ctq.form.submit")}
        </Button>
      </form>
      <ConfirmDialog
        open={repeat !== null}
        title={t("protocolAnalysis.live.repeatTitle")}
        message={<p>{repeat ? t("protocolAnalysis.live.repeatText", { file: repeat.fileName }) : null}</p>}
        confirmLabel={t("protocolAnalysis.live.repeatConfirm")}
        confirm={
          repeat
            ? { intent: CTQ_FORM_INTENT.confirmRepeat, fields: { fileId: repeat.fileId, ...form.texts } }
            : undefined
        }
        onCancel={form.clear}
      />
    </div>
  );
}

/** Step two: the two lists as text, the Add buttons, the warning and the company CP&CD link. */
function StepTwo({
  form,
  hydrated,
  company,
  examples,
  companyCpcdHref,
}: CtqFormProps & { form: ReturnType<typeof useCtqUpload>; hydrated: boolean }) {
  const { t } = useTranslation();
  const fill = (source: CtqTexts) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    form.setTexts({
      criticalProcesses: addLines(form.texts.criticalProcesses, source.criticalProcesses),
      criticalData: addLines(form.texts.criticalData, source.criticalData),
    });
  };
  return (
    <fieldset>
      <legend className="font-semibold text-slate-900">{t("ctq.form.stepTwo")}</legend>
      {form.errors.form ? (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="cpcd-error">
          {t(form.errors.form)}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          type="submit"
          name="intent"
          value={CTQ_FORM_INTENT.addCompany}
          formNoValidate
          onClick={fill(company)}
        >
          {t("ctq.form.addCompany")}
        </Button>
        <Button
          variant="secondary"
          type="submit"
          name="intent"
          value={CTQ_FORM_INTENT.addExamples}
          formNoValidate
          onClick={fill(examples)}
        >
          {t("ctq.form.addExamples")}
        </Button>
      </div>
      <PageNotice type="warning" role="status" className="mt-3" data-testid="ctq-warning">
        {t("ctq.form.warning")}{" "}
        <a href={companyCpcdHref} className="underline underline-offset-2">
          {t("ctq.form.companyLink")}
        </a>
      </PageNotice>
      {CTQ_TEXTS.map((name) => (
        <ListText key={name} name={name} form={form} />
      ))}
    </fieldset>
  );
}

/** One list as text (001 §3 text format), in a disclosure: keyboard-usable, open by default. */
function ListText({ name, form }: { name: (typeof CTQ_TEXTS)[number]; form: ReturnType<typeof useCtqUpload> }) {
  const { t } = useTranslation();
  return (
    <details open className="mt-4 rounded-md border border-slate-300 p-3" data-testid={`text-${name}`}>
      <summary className="cursor-pointer font-medium text-slate-900">{t(`ctq.form.${name}`)}</summary>
      <label htmlFor={`ctq-${name}`} className="sr-only">
        {t(`ctq.form.${name}`)}
      </label>
      <p id={`ctq-${name}-hint`} className="mt-1 text-sm text-slate-600">
        {t("ctq.form.textHint")}
      </p>
      <textarea
        id={`ctq-${name}`}
        name={name}
        required
        rows={8}
        maxLength={CTQ_TEXT_MAX}
        value={form.texts[name]}
        onChange={(event) => form.setText(name, event.target.value)}
        aria-invalid={form.errors[name] ? true : undefined}
        aria-describedby={form.errors[name] ? `ctq-${name}-hint ctq-${name}-error` : `ctq-${name}-hint`}
        className="mt-2 block w-full rounded-md border border-slate-400 p-2 font-mono text-sm"
      />
      {form.errors[name] ? (
        <p id={`ctq-${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {t(form.errors[name]!)}
        </p>
      ) : null}
    </details>
  );
}

function Progress({ form }: { form: ReturnType<typeof useCtqUpload> }) {
  const { t } = useTranslation();
  return form.progress !== null ? (
    <div className="flex items-center gap-3" data-testid="upload-progress">
      <progress max={100} value={form.progress} aria-label={t("protocolAnalysis.identification.progressLabel")} />
      <span role="status">{t("protocolAnalysis.identification.uploading", { percent: form.progress })}</span>
      <Button variant="secondary" type="button" onClick={form.abort}>
        {t("protocolAnalysis.identification.cancel")}
      </Button>
    </div>
  ) : null;
}
