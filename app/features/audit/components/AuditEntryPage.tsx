import { BackLink } from "~/components/widgets/BackLink";
import { Collapsible } from "~/components/widgets/Collapsible";
import type { AuditEntryView, YamlText } from "~/features/audit/views";
import { useTranslation } from "~/lib/i18n-react";
import { AuditHead, AuditRowCells, CELLS_ROW_CLASS, DataChanges, Yaml } from "./AuditViews";

/**
 * One audit entry (001 §2 "Audit entry page"): "Audit Entry {id}", the table row, the rationale, the data changes and
 * the request and response details (collapsible, as YAML); "No audit entry found" when there is none here, and the
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
          <Collapsible title={t("audit.entry.dataChanges")} defaultOpen className="bg-white">
            <DataChanges view={entry.changesView} />
          </Collapsible>
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
