import { useNavigation } from "@remix-run/react";
import { useState, type FormEvent, type MouseEvent } from "react";
import { Dialog } from "~/components/dialogs/Dialog";
import { DialogTrigger, isPlainClick, useUrlDialog } from "~/components/dialogs/url-state";
import { Button, buttonClass } from "~/components/forms/Button";
import { useHydrated } from "~/components/forms/hydrated";
import { Menu } from "~/components/shell/Menu";
import { LoadMoreButton } from "~/components/widgets/LoadMoreButton";
import type { AuditExportError } from "~/features/audit/export-form";
import type { AuditListData } from "~/features/audit/page.server";
import { AUDIT_EXPORT_INTENT } from "~/features/audit/views";
import { useTranslation } from "~/lib/i18n-react";
import { AuditHead, AuditRowCells, CELLS_ROW_CLASS, RowChanges, ViewEntryLink } from "./AuditViews";

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
 * collapsed; Load more (a link to one page more, the earlier entries below) disabled after a short page;
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
  const navigation = useNavigation();
  const { entries, last } = data;
  const columns = 5 + (showContext ? 1 : 0);

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
              // The page's buttons' look, beside Download as CSV: label and chevron on one line (issue 24, defect 12).
              triggerClassName={buttonClass("secondary", "whitespace-nowrap")}
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
          <table className="min-w-full">
            <AuditHead showContext={showContext} actions />
            {entries.map((entry, index) => (
              <tbody
                key={entry.id}
                id={`audit-row-${index}`}
                className="border-b border-slate-200 last:border-b-0"
                data-testid="audit-entry"
              >
                <tr className={CELLS_ROW_CLASS}>
                  <AuditRowCells
                    entry={entry}
                    showContext={showContext}
                    actions={<ViewEntryLink href={entryHref(entry.id)} id={entry.id} />}
                  />
                </tr>
                <tr>
                  <td colSpan={columns + 1} className="px-3 pb-2">
                    <RowChanges entry={entry} href={entryHref(entry.id)} />
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}

      {entries.length > 0 ? (
        <div className="mt-4 flex justify-center">
          <LoadMoreButton disabled={last} loading={navigation.state === "loading"} href={data.nextHref} />
        </div>
      ) : null}
    </div>
  );
}

const labelClass = "mb-1 block text-sm font-medium";
const inputClass = "block w-full rounded-md border border-slate-400 px-3 py-2 aria-[invalid=true]:border-red-600";

/**
 * Download as CSV: the export dialog (001 §2, §5) as URL state. Its form is a document post for the file, with or
 * without scripts; the server checks it with the schema (app/features/audit/export-form.ts) and, when From is after To,
 * answers this page with the dialog open and the message. In the browser only From after To is checked, by comparing
 * the two days' text, so the page's script stays within the first-visit budget (ADR 0021, 0026).
 */
function ExportDialog({ action, state }: { action: string; state: AuditListPageProps["exportState"] }) {
  const { t } = useTranslation();
  const dialog = useUrlDialog("export");
  const id = "audit-export";
  // With scripts, From after To is said as it is typed and Download waits for it (001 §5; issue 24, defect 11): two
  // strings compared, no schema, so the page's script stays within its budget.
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const reversed = typed ? typed.from !== "" && typed.to !== "" && typed.from > typed.to : state.error === "range";
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    setTyped({ from: value("from"), to: value("to") });
  };
  const cancel = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    dialog.hide();
  };
  const fromError = `${id}-from-error`;
  return (
    <>
      <DialogTrigger dialog={dialog} className={buttonClass("primary")}>
        {t("audit.downloadCsv")}
      </DialogTrigger>
      <Dialog open={dialog.open} title={t("audit.export.title")} description={t("audit.export.range")}>
        {/* A document post: the answer is the file itself (or, when it fails, this page again with the reason). */}
        <form method="post" action={action} noValidate className="space-y-4" onInput={onInput} onChange={onInput}>
          <input type="hidden" name="intent" value={AUDIT_EXPORT_INTENT} />
          {state.error === "failed" ? (
            <p role="alert" className="text-sm text-red-700">
              {t("audit.export.failed")}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-from`} className={labelClass}>
                {t("audit.export.from")}
              </label>
              <input
                id={`${id}-from`}
                type="date"
                name="from"
                defaultValue={state.from}
                className={inputClass}
                aria-invalid={reversed || undefined}
                aria-describedby={reversed ? fromError : undefined}
                data-autofocus
              />
              {reversed ? (
                <p id={fromError} className="mt-1 text-sm text-red-700">
                  {t("audit.export.fromAfterTo")}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={`${id}-to`} className={labelClass}>
                {t("audit.export.to")}
              </label>
              <input id={`${id}-to`} type="date" name="to" defaultValue={state.to} className={inputClass} />
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <a href={dialog.closeHref} onClick={cancel} className={buttonClass("secondary")}>
              {t("audit.export.cancel")}
            </a>
            <Button disabled={hydrated && reversed}>{t("audit.export.download")}</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
