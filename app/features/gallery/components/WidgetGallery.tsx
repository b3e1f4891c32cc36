import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "~/components/dialogs/Dialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { Button, buttonClass } from "~/components/forms/Button";
import {
  CheckboxField,
  DateField,
  EmailField,
  FileField,
  PasswordField,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms/fields";
import { FormRefusalNotice, postedFormEvents } from "~/components/forms/FormRefusalNotice";
import { useKitForm } from "~/components/forms/useKitForm";
import { BusyFieldset } from "~/components/Loading";
import { ActorDisplay } from "~/components/widgets/ActorDisplay";
import { Collapsible } from "~/components/widgets/Collapsible";
import { CopyButton } from "~/components/widgets/CopyButton";
import { EntityDisplay } from "~/components/widgets/EntityDisplay";
import { LoadMoreButton } from "~/components/widgets/LoadMoreButton";
import { Paging } from "~/components/widgets/Paging";
import { ReferenceDisplay } from "~/components/widgets/ReferenceDisplay";
import { ResultAlert } from "~/components/widgets/ResultAlert";
import { Timestamp } from "~/components/widgets/Timestamp";
import { YamlView } from "~/components/widgets/YamlView";
import { CriticalProcessList } from "~/features/cpcd/components/CriticalProcessList";
import type { CriticalProcess } from "~/features/cpcd/critical-processes";
import { RISK_CATEGORIES, RISK_CATEGORY_KEYS, SAMPLE_INTENT, sampleSchema } from "~/features/gallery/sample";
import type { ListReply } from "~/lib/forms/list.server";
import { hexIdSentence } from "~/lib/hex-id-sentence";
import { useTranslation } from "~/lib/i18n-react";

const SAMPLE_ID = "5f1b2c3d4e5f60718293a4b5";
export const GALLERY_TOTAL = 230;

export interface WidgetGalleryProps {
  paging: { page: number; pageSize: number };
  moreHref: string;
  /** The sample form's last answer. */
  sample?: SubmissionResult<string[]> | null;
  /** The test store's critical processes, their saved version, and the list's last answer. */
  processes: { rows: readonly CriticalProcess[]; version: number; reply?: ListReply | null };
}

/**
 * The shared widgets and the form, dialog and list kit on the shell's test page (/ng/testHeader), so they are
 * exercised in a real browser.
 */
export function WidgetGallery({ paging, moreHref, sample, processes }: WidgetGalleryProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 space-y-4" data-testid="widget-gallery">
      <h2 className="text-xl font-semibold text-slate-900">{t("testHeader.widgets")}</h2>
      <GallerySection id="g-paging" title={t("testHeader.sample.paging")}>
        <Paging id="t" totalCount={GALLERY_TOTAL} page={paging.page} pageSize={paging.pageSize} />
        <p data-testid="paging-state">{`${paging.page}/${paging.pageSize}`}</p>
        <LoadMoreButton href={moreHref} />
      </GallerySection>
      <DisplayWidgets />
      <Collapsible title={t("testHeader.sample.section")}>
        <p>{t("testHeader.sample.sectionBody")}</p>
      </Collapsible>
      <GallerySection id="g-form" title={t("testHeader.sample.form")}>
        <SampleForm lastResult={sample} />
      </GallerySection>
      <GallerySection id="g-dialogs" title={t("kit.gallery.dialogs")}>
        <SampleDialog />
      </GallerySection>
      <section className={sectionClass} aria-labelledby="g-processes" data-testid="critical-processes">
        {/* A Save starts the list afresh from the saved copy. */}
        <CriticalProcessList
          key={processes.version}
          rows={processes.rows}
          reply={processes.reply}
          headingId="g-processes"
          heading={t("kit.gallery.processes")}
        />
      </section>
    </div>
  );
}

const sectionClass = "space-y-2 rounded-lg border border-slate-200 bg-white p-4";

/** One section of the gallery: a box with its heading, labelling it. */
function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The widgets that only show: timestamps, copy, YAML, alerts, actors and references. */
function DisplayWidgets() {
  const { t } = useTranslation();
  return (
    <>
      <GallerySection id="g-time" title={t("testHeader.sample.timestamps")}>
        <p data-testid="timestamps">
          <Timestamp value="2026-11-21T08:09:10Z" /> · <Timestamp value="2026-11-21T08:09:10Z" format="date" /> ·{" "}
          <Timestamp value="2026-11-21T08:09:10Z" format="time" utcSuffix={false} /> · <Timestamp value={null} />
        </p>
      </GallerySection>
      <GallerySection id="g-copy" title={t("testHeader.sample.copy")}>
        <p>
          <code data-testid="sample-id">{SAMPLE_ID}</code> <CopyButton text={SAMPLE_ID} />
        </p>
        <p data-testid="id-sentence">{hexIdSentence(SAMPLE_ID)}</p>
      </GallerySection>
      <GallerySection id="g-yaml" title={t("testHeader.sample.yaml")}>
        <div data-testid="yaml-valid">
          <YamlView json='{"a":1,"b":[true,null]}' />
        </div>
        <div data-testid="yaml-malformed">
          <YamlView json="{bad" />
        </div>
        <div data-testid="yaml-empty">
          <YamlView json={null} />
        </div>
      </GallerySection>
      <GallerySection id="g-alerts" title={t("testHeader.sample.alerts")}>
        <ResultAlert error={{ code: "Boom", detail: t("testHeader.sample.errorDetail") }} />
      </GallerySection>
      <GallerySection id="g-actors" title={t("testHeader.sample.actors")}>
        <ul className="space-y-1" data-testid="actors">
          <li>
            <ActorDisplay
              actor={{ type: "user", id: "u1", displayName: "Ann Example", email: "ann@example.org", isBlocked: true }}
            />
          </li>
          <li>
            <ActorDisplay actor={{ type: "user", id: "u9" }} />
          </li>
          <li>
            <ActorDisplay actor={{ type: "robot" }} />
          </li>
          <li>
            <EntityDisplay entity={{ id: "SUBJ-1" }} kind="subject" studyName="DEMO001" />
          </li>
          <li>
            <ReferenceDisplay reference={{ id: "T1", type: "Ticket", displayId: "TCK-1", studyName: "DEMO001" }} />
          </li>
        </ul>
      </GallerySection>
    </>
  );
}

/** Every field kind, checked by the server on Check (and in the browser as the user goes). */
function SampleForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const { form, fields, formEvents, submitDisabled, pending } = useKitForm(sampleSchema, {
    id: "sample",
    lastResult,
    intent: SAMPLE_INTENT,
  });
  const categories = RISK_CATEGORIES.map((value) => ({
    value,
    label: t(`kit.riskCategory.${RISK_CATEGORY_KEYS[value]}`),
  }));
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      {...formEvents}
      {...postedFormEvents(form.id)}
    >
      <FormRefusalNotice formId={form.id} />
      {form.status === "success" ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          {t("kit.gallery.valid")}
        </p>
      ) : null}
      <div className="grid gap-x-6 sm:grid-cols-2">
        <TextField field={fields.title} label={t("testHeader.sample.title")} required />
        <EmailField field={fields.email} label={t("testHeader.sample.email")} required />
        <PasswordField field={fields.password} label={t("testHeader.sample.password")} autoComplete="new-password" />
        <SelectField
          field={fields.category}
          label={t("kit.gallery.category")}
          options={categories}
          placeholder={t("kit.choose")}
          required
        />
        <DateField field={fields.due} label={t("kit.gallery.due")} />
        <FileField field={fields.file} label={t("testHeader.sample.file")} />
        <TextareaField field={fields.notes} label={t("testHeader.sample.notes")} trim className="sm:col-span-2" />
        <CheckboxField field={fields.critical} label={t("kit.gallery.critical")} />
      </div>
      <BusyFieldset busy legend={t("kit.gallery.busyLegend")} showLegend className="mb-4">
        <TextField field={fields.busy} label={t("testHeader.sample.busyTitle")} />
      </BusyFieldset>
      <Button name="intent" value={SAMPLE_INTENT} disabled={submitDisabled} pending={pending}>
        {t("kit.gallery.check")}
      </Button>
    </Form>
  );
}

/** A dialog opened from the address (`?dialog=sample`): rendered by the server, modal once scripts run. */
function SampleDialog() {
  const { t } = useTranslation();
  const dialog = useUrlDialog("sample");
  return (
    <>
      <DialogTrigger dialog={dialog} className={buttonClass("secondary")}>
        {t("kit.gallery.openDialog")}
      </DialogTrigger>
      <Dialog
        open={dialog.open}
        title={t("kit.gallery.dialogTitle")}
        description={t("kit.gallery.dialogText")}
        dismissible
        onDismiss={dialog.hide}
        footer={
          <a
            href={dialog.closeHref}
            className={buttonClass("primary")}
            data-autofocus
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              dialog.hide();
            }}
          >
            {t("common.close")}
          </a>
        }
      />
    </>
  );
}
