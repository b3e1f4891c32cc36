import { Link } from "@remix-run/react";
import { BackLink } from "~/components/widgets/BackLink";
import { Collapsible } from "~/components/widgets/Collapsible";
import { AUDIT_DATA_CHANGES_ID, type AuditEntryView, type ChangesPage, type YamlText } from "~/features/audit/views";
import { useTranslation } from "~/lib/i18n-react";
import { AuditHead, AuditRowCells, CELLS_ROW_CLASS, DataChanges, Yaml } from "./AuditViews";

/**
 * One audit entry (001 §2 "Audit entry page"): "Audit Entry {id}", the table row, the rationale, the data changes (a
 * page of them at a time, with links to the others, when there are many: ADR 0061) and the request and response details (collapsible, as YAML); "No audit entry found" when there is none here, and the
 * missing-field messages for what an entry lacks.
 */
export function AuditEntryPage({
  entryId,
  entry,
  showContext,
  listHref,
}: {
  entryId: string;
  entry: AuditEntryView | null;
  showContext: boolean;
  listHref: string;
}) {
  const { t } = useTranslation();
  const id = entry ? entry.id : entryId;
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to={listHref}>{t("audit.entry.backToList")}</BackLink>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">
        {id ? t("audit.entry.title", { id }) : t("audit.entry.noEntryId")}
      </h1>
      {!entry ? (
        <p className="mt-6 rounded border border-slate-200 bg-white p-4 text-slate-700" role="status">
          {t("audit.entry.notFound")}
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full">
              <AuditHead showContext={showContext} actions={false} />
              <tbody>
                <tr className={CELLS_ROW_CLASS}>
                  <AuditRowCells entry={entry} showContext={showContext} />
                </tr>
              </tbody>
            </table>
          </div>
          <section aria-labelledby="audit-rationale">
            <h2 id="audit-rationale" className="text-lg font-semibold text-slate-900">
              {t("audit.entry.rationale")}
            </h2>
            <p className="mt-1 whitespace-pre-wrap text-slate-800">
              {entry.rationale ? (
                entry.rationale
              ) : (
                <span className="italic text-slate-600">{t("audit.entry.noRationale")}</span>
              )}
            </p>
          </section>
          <div id={AUDIT_DATA_CHANGES_ID}>
            <Collapsible title={t("audit.entry.dataChanges")} defaultOpen className="bg-white">
              {entry.changesPage ? <ChangesPager page={entry.changesPage} /> : null}
              <DataChanges view={entry.changesView} start={(entry.changesPage?.from ?? 0) + 1} />
              {entry.changesPage ? <ChangesPager page={entry.changesPage} bottom /> : null}
            </Collapsible>
          </div>
          <Collapsible title={t("audit.entry.details")} defaultOpen className="bg-white">
            <RequestResponse request={entry.requestView} response={entry.responseView} />
          </Collapsible>
        </div>
      )}
    </div>
  );
}

/** Request and response bodies as YAML (001 §2), each with "Malformed details: …" when it is not JSON. */
export function RequestResponse({ request, response }: { request: YamlText; response: YamlText }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-label={t("audit.entry.request")}>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.request")}</h3>
        <Yaml result={request} malformedKey="audit.entry.malformedDetails" />
      </section>
      <section aria-label={t("audit.entry.response")}>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.response")}</h3>
        <Yaml result={response} malformedKey="audit.entry.malformedDetails" />
      </section>
    </div>
  );
}

/**
 * Which data changes show and the links to the changes before and after (ADR 0061): plain links, so they work
 * without scripts. Above the changes and below them (`bottom`: the second one is named apart for screen readers).
 */
function ChangesPager({ page, bottom = false }: { page: ChangesPage; bottom?: boolean }) {
  const { t } = useTranslation();
  const range = { first: page.from + 1, last: page.from + page.shown, total: page.total };
  const link = "text-brand-700 underline";
  return (
    <nav
      aria-label={t(bottom ? "audit.entry.changesPagesBottom" : "audit.entry.changesPages")}
      className={`flex flex-wrap items-center gap-4 text-sm text-slate-700 ${bottom ? "mt-3" : "mb-3"}`}
    >
      <p>{t("audit.entry.changesShown", range)}</p>
      {page.previousHref ? (
        <Link to={page.previousHref} className={link}>
          {t("audit.entry.previousChanges")}
        </Link>
      ) : null}
      {page.nextHref ? (
        <Link to={page.nextHref} className={link}>
          {t("audit.entry.nextChanges")}
        </Link>
      ) : null}
    </nav>
  );
}
