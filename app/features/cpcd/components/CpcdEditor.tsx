import { Link, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { buttonClass } from "~/components/forms/Button";
import { postedLast } from "~/components/forms/FormRefusalNotice";
import { lazyPart } from "~/components/lazy-part";
import * as eagerImportDialogs from "~/features/cpcd/components/CpcdImportDialogs.server";
import { CriticalList } from "~/features/cpcd/components/CriticalProcessList";
import type { CriticalDatum } from "~/features/cpcd/critical-data";
import type { CriticalProcess } from "~/features/cpcd/critical-processes";
import type { CpcdActionData, CpcdPageData } from "~/features/cpcd/page.server";
import { IMPORT_DIALOG, type CpcdTab } from "~/features/cpcd/tabs";
import { formRefusalOf } from "~/lib/forms/refusal";
import { useTranslation } from "~/lib/i18n-react";

export interface CpcdEditorProps {
  level: "study" | "company";
  data: CpcdPageData;
  actionData?: CpcdActionData | null;
  /** For a study: Ask AI and the way into the Protocol Analysis Tool (001 §2; issue 24), drawn by that feature. */
  aiEntry?: ReactNode;
}

const rowsOf = (tab: CpcdTab, value: readonly Record<string, unknown>[]) =>
  tab === "cp"
    ? value.map((item): CriticalProcess => ({ title: String(item.title ?? ""), details: String(item.details ?? "") }))
    : value.map((item): CriticalDatum => ({
        isCritical: item.isCritical === true,
        label: String(item.label ?? ""),
        description: String(item.description ?? ""),
      }));

/**
 * The CP&CD editor (001 §2 "Study Critical Processes and Data page", §4, §6; issue 12), for a study or, with company
 * wording, for the company: the two tabs, each an editable list (the kit's) or, without the save permission, a
 * read-only one; the CSV export; for a study, Ask AI and the import with its overwrite question.
 */
export function CpcdEditor({ level, data, actionData, aiEntry }: CpcdEditorProps) {
  const { t } = useTranslation();
  const { tab, list } = data;
  const tabs: { value: CpcdTab; label: string }[] = [
    { value: "cp", label: t("cpcd.processesTab") },
    { value: "cd", label: t("cpcd.dataTab") },
  ];
  const current = tabs.find((entry) => entry.value === tab)!;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">
            {t(level === "study" ? "cpcd.studyTitle" : "cpcd.companyTitle")}
          </h1>
          <p className="mt-1 text-slate-600">{t(level === "study" ? "cpcd.studySubtitle" : "cpcd.companySubtitle")}</p>
        </div>
        {aiEntry ?? null}
      </div>
      <CpcdTabs tabs={tabs} tab={tab} />
      <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="cpcd-list-heading">
        {list === null ? (
          <>
            <h2 id="cpcd-list-heading" className="sr-only">
              {current.label}
            </h2>
            <p className="text-slate-700" data-testid="cpcd-no-permission">
              {t("cpcd.noPermission")}
            </p>
          </>
        ) : (
          <CpcdList level={level} data={data} list={list} actionData={actionData} label={current.label} />
        )}
      </section>
    </div>
  );
}

const tabHref = (pathname: string, value: CpcdTab) => `${pathname}?cpOrCd=${value}`;

/** The two tabs, Critical Processes and Critical Data: links, the current one marked. */
function CpcdTabs({ tabs, tab }: { tabs: { value: CpcdTab; label: string }[]; tab: CpcdTab }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav aria-label={t("cpcd.tabs")} className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-2">
        {tabs.map((entry) => (
          <li key={entry.value}>
            <Link
              to={tabHref(location.pathname, entry.value)}
              aria-current={entry.value === tab ? "page" : undefined}
              data-testid={`cpcd-tab-${entry.value}`}
              className={`inline-block border-b-2 px-4 py-2 font-medium ${
                entry.value === tab
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The current tab's list (editable or read-only), with the export and the import, and the reload after a conflict. */
function CpcdList({
  level,
  data,
  list,
  actionData,
  label,
}: Pick<CpcdEditorProps, "level" | "data" | "actionData"> & {
  list: NonNullable<CpcdPageData["list"]>;
  label: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { tab } = data;
  const baseVersion = actionData?.baseVersion ?? list?.version ?? 0;
  return (
    <>
      {!data.canSave ? (
        <p className="mb-4 text-sm text-slate-600" data-testid="cpcd-read-only">
          {t("cpcd.readOnly")}
        </p>
      ) : null}
      <CriticalList
        key={`${tab}-${baseVersion}`}
        kind={tab === "cp" ? "processes" : "data"}
        id={`cpcd-${tab}`}
        rows={rowsOf(tab, list.value as unknown as Record<string, unknown>[]) as never}
        reply={actionData?.list}
        headingId="cpcd-list-heading"
        heading={label}
        headingHidden
        headingLevel={2}
        readOnly={!data.canSave}
        hidden={{ version: String(baseVersion) }}
        rationale={{
          label: t("cpcd.rationale"),
          description: t("cpcd.rationaleHint"),
          required: list.isRationaleRequired === true,
        }}
        texts={{
          title: t("cpcd.title"),
          details: t("cpcd.details"),
          isCritical: tab === "cd" && level === "study" ? t("cpcd.isCritical") : undefined,
          yes: t("cpcd.yes"),
          no: t("cpcd.no"),
          empty: t(level === "study" ? "cpcd.studyEmpty" : "cpcd.companyEmpty"),
          addTitle: t(tab === "cp" ? "cpcd.addProcess" : "cpcd.addDatum"),
        }}
        actions={
          <>
            <a
              href={`${location.pathname}/export?cpOrCd=${tab}`}
              download
              className={buttonClass("secondary")}
              data-testid="cpcd-export"
            >
              {t("cpcd.export")}
            </a>
            {data.canImport ? <ImportControls tab={tab} actionData={actionData} refusal={data.formRefused} /> : null}
          </>
        }
      />
      {actionData?.list?.result.error?.[""]?.includes("cpcd.conflict") ? (
        <p className="mt-4">
          <Link to={tabHref(location.pathname, tab)} className="text-brand-700 underline" data-testid="cpcd-reload">
            {t("cpcd.reload")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/**
 * Import (issue 12): a file or pasted text and the required rationale, then, when the list already holds some of
 * the items, "Duplicate value found" with the duplicates listed, and Continue (overwrite) or Cancel (001 §4). The
 * dialogs' code (./CpcdImportDialogs) loads when one first opens (ADR 0051); the server renders them in place.
 */
function ImportControls({
  tab,
  actionData,
  refusal,
}: {
  tab: CpcdTab;
  actionData?: CpcdActionData | null;
  refusal: CpcdPageData["formRefused"];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const dialog = useUrlDialog(IMPORT_DIALOG);
  const pageHref = `${location.pathname}?cpOrCd=${tab}`;
  const importReply = actionData?.importReply ?? null;
  const overwrite = actionData?.overwrite ?? null;
  // An answer of the action opens its dialog; closing it forgets that answer.
  const [closed, setClosed] = useState<unknown>(null);
  useEffect(() => setClosed(null), [actionData]);
  const formId = `cpcd-import-${tab}`;
  const overwriteOpen = overwrite !== null && closed !== overwrite;
  // An import the service could not take (too large; issue 24, defect 8) comes back to this page with the refusal:
  // with scripts as the action's answer to this form, without as the page's data (a form that could carry files).
  const answered = useMemo(() => formRefusalOf(actionData), [actionData]);
  const refused = refusal?.files ? refusal : answered && postedLast(formId) ? answered : null;
  // While the overwrite question shows, the import dialog waits behind it; once it is answered, Import opens again.
  const importOpen =
    !overwriteOpen &&
    (dialog.open || (importReply !== null && closed !== importReply) || (refused !== null && closed !== refused));
  return (
    <>
      <DialogTrigger dialog={dialog} className={buttonClass("secondary")} data-testid="cpcd-import">
        {t("cpcd.import")}
      </DialogTrigger>
      <LazyImportDialogs
        when={importOpen || overwriteOpen}
        tab={tab}
        formId={formId}
        importOpen={importOpen}
        importReply={importReply}
        refused={refused}
        overwrite={overwrite}
        overwriteOpen={overwriteOpen}
        pageHref={pageHref}
        onCancelImport={() => {
          setClosed(importReply ?? refused);
          dialog.hide();
        }}
        onCancelOverwrite={() => {
          setClosed(overwrite);
          dialog.hide();
        }}
      />
    </>
  );
}

const LazyImportDialogs = lazyPart(
  "cpcd-import",
  () => eagerImportDialogs.ImportDialogs,
  () => import("./CpcdImportDialogs").then((m) => m.ImportDialogs),
);
