import { useTranslation } from "~/lib/i18n-react";
import { EmailInput, FileInput, PartialLoadingFieldset, PasswordInput, TextArea, TextInput } from "~/components/inputs";
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
import { hexIdSentence } from "~/lib/hex-id-sentence";

const SAMPLE_ID = "5f1b2c3d4e5f60718293a4b5";
export const GALLERY_TOTAL = 230;

/** The shared widgets on the shell's test page (/ng/testHeader), so they are exercised in a real browser. */
export function WidgetGallery({ paging, moreHref }: { paging: { page: number; pageSize: number }; moreHref: string }) {
  const { t } = useTranslation();
  const section = "space-y-2 rounded-lg border border-slate-200 bg-white p-4";
  const heading = "font-semibold text-slate-900";
  return (
    <div className="mt-6 space-y-4" data-testid="widget-gallery">
      <h2 className="text-xl font-semibold text-slate-900">{t("testHeader.widgets")}</h2>
      <section className={section} aria-labelledby="g-paging">
        <h3 id="g-paging" className={heading}>{t("testHeader.sample.paging")}</h3>
        <Paging id="t" totalCount={GALLERY_TOTAL} page={paging.page} pageSize={paging.pageSize} />
        <p data-testid="paging-state">{`${paging.page}/${paging.pageSize}`}</p>
        <LoadMoreButton href={moreHref} />
      </section>
      <section className={section} aria-labelledby="g-time">
        <h3 id="g-time" className={heading}>{t("testHeader.sample.timestamps")}</h3>
        <p data-testid="timestamps">
          <Timestamp value="2026-11-21T08:09:10Z" /> · <Timestamp value="2026-11-21T08:09:10Z" format="date" /> ·{" "}
          <Timestamp value="2026-11-21T08:09:10Z" format="time" utcSuffix={false} /> · <Timestamp value={null} />
        </p>
      </section>
      <section className={section} aria-labelledby="g-copy">
        <h3 id="g-copy" className={heading}>{t("testHeader.sample.copy")}</h3>
        <p>
          <code data-testid="sample-id">{SAMPLE_ID}</code> <CopyButton text={SAMPLE_ID} />
        </p>
        <p data-testid="id-sentence">{hexIdSentence(SAMPLE_ID)}</p>
      </section>
      <section className={section} aria-labelledby="g-yaml">
        <h3 id="g-yaml" className={heading}>{t("testHeader.sample.yaml")}</h3>
        <div data-testid="yaml-valid">
          <YamlView json='{"a":1,"b":[true,null]}' />
        </div>
        <div data-testid="yaml-malformed">
          <YamlView json="{bad" />
        </div>
        <div data-testid="yaml-empty">
          <YamlView json={null} />
        </div>
      </section>
      <section className={section} aria-labelledby="g-alerts">
        <h3 id="g-alerts" className={heading}>{t("testHeader.sample.alerts")}</h3>
        <ResultAlert error={{ code: "Boom", detail: t("testHeader.sample.errorDetail") }} />
      </section>
      <section className={section} aria-labelledby="g-actors">
        <h3 id="g-actors" className={heading}>{t("testHeader.sample.actors")}</h3>
        <ul className="space-y-1" data-testid="actors">
          <li>
            <ActorDisplay actor={{ type: "user", id: "u1", displayName: "Ann Example", email: "ann@example.org", isBlocked: true }} />
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
      </section>
      <Collapsible title={t("testHeader.sample.section")}>
        <p>{t("testHeader.sample.sectionBody")}</p>
      </Collapsible>
      <form method="post" className={section} noValidate>
        <PartialLoadingFieldset busy={false} legend={t("testHeader.sample.form")}>
          <TextInput label={t("testHeader.sample.title")} name="title" required />
          <EmailInput label={t("testHeader.sample.email")} name="email" required />
          <PasswordInput label={t("testHeader.sample.password")} name="password" />
          <TextArea label={t("testHeader.sample.notes")} name="notes" trim />
          <FileInput label={t("testHeader.sample.file")} name="file" />
        </PartialLoadingFieldset>
        <PartialLoadingFieldset busy>
          <TextInput label={t("testHeader.sample.busyTitle")} name="busy" />
        </PartialLoadingFieldset>
      </form>
    </div>
  );
}
