import { useFetcher, useLocation } from "@remix-run/react";
import type { AuditListEntry } from "@server/contracts/audit";
import { useEffect, useState, type MouseEvent } from "react";
import { Dialog } from "~/components/dialogs/Dialog";
import { DialogTrigger, isPlainClick, useUrlDialog } from "~/components/dialogs/url-state";
import { buttonClass } from "~/components/forms/Button";
import { DateField } from "~/components/forms/fields";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useKitForm } from "~/components/forms/useKitForm";
import { Menu } from "~/components/shell/Menu";
import { LoadMoreButton } from "~/components/widgets/LoadMoreButton";
import type { AuditListData } from "~/lib/audit.server";
import { AUDIT_EXPORT_INTENT, auditExportSchema, type AuditExportError } from "~/lib/forms/audit-export";
import { useTranslation } from "~/lib/i18n-react";
import { AuditHead, AuditRowCells, RowChanges, ViewEntryLink } from "./AuditViews";

export interface AuditListPageProps {
  title: string;
  data: AuditListData;
  showContext: boolean;
  /** The entry page of an entry. */
  entryHref: (id: string) => string;
  /** Where the export form posts (a resource route answering the CSV); null when the user may not export. */
  exportAction: string | null;
  exportState: { error: AuditExportError | null; from: string; to: string };
  /** The classic application's audit page (More Actions), or null where there is none. */
  classic: { href: string | null; unavailable: boolean } | null;
}

/**
 * An audit list page (001 §2 "Study audit list", §4 "Audit list"): the table, newest first, each row's data changes
 * collapsed; Load more (a link to one page more without scripts, in place with them) disabled after a short page;
 * Download as CSV (the export dialog) and More Actions.
 */
export function AuditListPage({
  title,
  data,
  showContext,
  entryHref,
  exportAction,
  exportState,
  classic,
}: AuditListPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<AuditListData>();
  const [more, setMore] = useState<{ entries: AuditListEntry[]; last: boolean } | null>(null);
  useEffect(() => setMore(null), [data]);
  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state !== "idle" || !page) return;
    setMore((current) => ({ entries: [...(current?.entries ?? []), ...page.entries], last: page.last }));
  }, [fetcher.data, fetcher.state]);

  const entries = more ? [...data.entries, ...more.entries] : data.entries;
  const last = more ? more.last : data.last;
  const columns = 5 + (showContext ? 1 : 0);
  const cursor = entries.at(-1)?.timestamp ?? null;
  const nextParams = new URLSearchParams(location.search);
  nextParams.delete("dialog");
  nextParams.delete("exportError");
  nextParams.set("pages", String(Math.max(1, data.pages) + 1));
  const nextHref = `${location.pathname}?${nextParams.toString()}#audit-row-${entries.length}`;
  const loadMore = () => {
    if (!cursor) return;
    const params = new URLSearchParams({ before: cursor });
    fetcher.load(`${location.pathname}?index&${params.toString()}`);
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <div className="flex items-center gap-2">
          {exportAction ? <ExportDialog action={exportAction} state={exportState} /> : null}
          {classic ? (
            <Menu
              id="audit-more-actions"
              trigger={t("audit.moreActions")}
              align="end"
              triggerClassName="border border-slate-300 bg-white"
              entries={[
                {
                  key: "classic",
                  label: t("audit.classicAudit"),
                  href: classic.href,
                  unavailable: classic.unavailable ? "classic" : undefined,
                },
              ]}
            />
          ) : null}
        </div>
      </div>

      {entries.length === 0 ? (
        <p className="mt-6 rounded border border-slate-200 bg-white p-4 text-slate-700">{t("audit.noEntries")}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full" data-testid="audit-table">
            <AuditHead showContext={showContext} actions />
            {entries.map((entry, index) => (
              <tbody
                key={entry.id}
                id={`audit-row-${index}`}
                className="border-b border-slate-200 last:border-b-0"
                data-testid="audit-entry"
              >
                <tr>
                  <AuditRowCells
                    entry={entry}
                    showContext={showContext}
                    actions={<ViewEntryLink href={entryHref(entry.id)} id={entry.id} />}
                  />
                </tr>
                <tr>
                  <td colSpan={columns + 1} className="px-3 pb-2">
                    <RowChanges entry={entry} />
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}

      {entries.length > 0 ? (
        <div className="mt-4 flex justify-center">
          <LoadMoreButton disabled={last} loading={fetcher.state !== "idle"} href={nextHref} onClick={loadMore} />
        </div>
      ) : null}
    </div>
  );
}

/** Download as CSV: the export dialog (001 §2, §5) as URL state; its form posts for the file, with or without scripts. */
function ExportDialog({ action, state }: { action: string; state: AuditListPageProps["exportState"] }) {
  const { t } = useTranslation();
  const dialog = useUrlDialog("export");
  const kit = useKitForm(auditExportSchema, {
    id: "audit-export",
    intent: AUDIT_EXPORT_INTENT,
    defaultValue: { from: state.from, to: state.to },
  });
  const { fields } = kit;
  const cancel = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    dialog.hide();
  };
  return (
    <>
      <DialogTrigger dialog={dialog} className={buttonClass("primary")}>
        {t("audit.downloadCsv")}
      </DialogTrigger>
      <Dialog open={dialog.open} title={t("audit.export.title")} description={t("audit.export.range")}>
        {/* A document post: the answer is the file itself (or, when it fails, this page again with the reason). */}
        <KitForm kit={kit} action={action} reloadDocument className="space-y-4">
          {state.error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {state.error === "range" ? t("audit.export.fromAfterTo") : t("audit.export.failed")}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField field={fields.from} label={t("audit.export.from")} data-autofocus />
            <DateField field={fields.to} label={t("audit.export.to")} />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <a href={dialog.closeHref} onClick={cancel} className={buttonClass("secondary")}>
              {t("audit.export.cancel")}
            </a>
            <SubmitButton kit={kit} className="">
              {t("audit.export.download")}
            </SubmitButton>
          </div>
        </KitForm>
      </Dialog>
    </>
  );
}
