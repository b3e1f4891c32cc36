import { Fragment } from "react";
import { BackLink } from "~/components/widgets/BackLink";
import { PageNotice } from "~/components/widgets/ResultAlert";
import { useCitationText } from "~/features/protocol-analysis/components/citation-text";
import type { EvidenceView } from "~/features/protocol-analysis/evidence.server";
import { useTranslation } from "~/lib/i18n-react";

/**
 * A citation's evidence (issue 24: a risk row; issue 25: a CTQ item): what cites, its citation, and the cited page of
 * the recognised protocol with the quote marked, so that a reviewer checks it against the protocol in one step.
 * Server-rendered; no script needed. The loader (evidence.server.ts loadEvidence) says where it leads back to.
 */
export function EvidencePage(view: EvidenceView) {
  const { t } = useTranslation();
  const citationText = useCitationText();
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={view.back.href}>{t(view.back.label)}</BackLink>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{t("protocolAnalysis.evidence.title")}</h1>
      {view.fields.length > 0 ? (
        <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[max-content_1fr]">
          {view.fields.map((field) => (
            <Fragment key={field.label}>
              <dt className="font-medium">{t(field.label)}</dt>
              <dd>{field.text}</dd>
            </Fragment>
          ))}
          {view.citation ? (
            <>
              <dt className="font-medium">{t("protocolAnalysis.results.citation")}</dt>
              <dd data-testid="evidence-citation">{citationText(view.citation)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {view.problem ? (
        <PageNotice type="danger" role="alert" className="mt-6">
          {t(view.problem)}
        </PageNotice>
      ) : null}
      {view.check && !view.check.found ? (
        <PageNotice type="warning" role="status" className="mt-6" data-testid="quote-not-found">
          {view.check.elsewhere !== null
            ? t("protocolAnalysis.results.quoteElsewhere", { page: view.check.elsewhere })
            : t("protocolAnalysis.results.quoteNotFound")}
        </PageNotice>
      ) : null}
      {view.citation && !view.problem ? <CitedPage view={view} /> : null}
    </div>
  );
}

function CitedPage({ view }: { view: EvidenceView }) {
  const { t } = useTranslation();
  if (!view.page) {
    return (
      <PageNotice type="warning" role="status" className="mt-6">
        {t("protocolAnalysis.evidence.pageMissing")}
      </PageNotice>
    );
  }
  const heading =
    view.page.page === null
      ? t("protocolAnalysis.evidence.document")
      : t("protocolAnalysis.evidence.pageHeading", { page: view.page.page });
  return (
    <section className="mt-6" aria-labelledby="evidence-page-heading">
      <h2 id="evidence-page-heading" className="text-lg font-semibold text-slate-900">
        {heading}
        {view.page.printedPage ? ` ${t("protocolAnalysis.evidence.printed", { printed: view.page.printedPage })}` : ""}
      </h2>
      {/* The recognised text as the analyzer read it: its lines kept; the quote marked (and scrolled to: #quote). */}
      <div
        className="mt-3 whitespace-pre-wrap break-words rounded-md border border-slate-300 bg-white p-4 font-serif text-slate-900"
        data-testid="evidence-text"
      >
        {view.page.segments.map((segment, i) =>
          segment.marked ? (
            <mark key={i} id="quote" className="bg-yellow-200 px-0.5 text-slate-900" data-testid="evidence-quote">
              {segment.text}
            </mark>
          ) : (
            <span key={i}>{segment.text}</span>
          ),
        )}
      </div>
    </section>
  );
}
