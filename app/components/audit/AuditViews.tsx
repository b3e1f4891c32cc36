import { Link } from "@remix-run/react";
import type { AuditListEntry } from "@server/contracts/audit";
import type { ReactNode } from "react";
import { RequesterDisplay } from "~/components/widgets/ActorDisplay";
import { Collapsible } from "~/components/widgets/Collapsible";
import { Timestamp } from "~/components/widgets/Timestamp";
import { jsonToYaml } from "~/components/widgets/YamlView";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The audit trail's pieces (001 §2 "Study audit list", "Audit entry page"; ADR 0026): the table's cells with the
 * missing-field messages, the data changes as YAML (Old Value / New Value, Created, Deleted), and a JSON text as
 * YAML with its own "malformed" wording.
 */

const missing = (text: string) => <span className="italic text-slate-600">{text}</span>;

const cellClass = "px-3 py-2 align-top text-sm text-slate-800";
const headClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";

/** The table's column heads; `actions` adds the last column (the list's link to the entry page). */
export function AuditHead({ showContext, actions }: { showContext: boolean; actions: boolean }) {
  const { t } = useTranslation();
  return (
    <thead className="border-b border-slate-200 bg-slate-50">
      <tr>
        <th scope="col" className={headClass}>
          {t("audit.columns.timestamp")}
        </th>
        <th scope="col" className={headClass}>
          {t("audit.columns.action")}
        </th>
        {showContext ? (
          <th scope="col" className={headClass}>
            {t("audit.columns.context")}
          </th>
        ) : null}
        <th scope="col" className={headClass}>
          {t("audit.columns.requester")}
        </th>
        <th scope="col" className={headClass}>
          {t("audit.columns.rationale")}
        </th>
        {actions ? (
          <th scope="col" className={headClass}>
            {t("audit.columns.actions")}
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/** An entry's row: timestamp, action, context (when shown), requester, rationale, then `actions`. */
export function AuditRowCells({
  entry,
  showContext,
  actions,
}: {
  entry: Partial<AuditListEntry>;
  showContext: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const context = entry.contextOfChange;
  const contextType = context?.type ? t(`audit.contextTypes.${context.type}`) : "";
  return (
    <>
      <td className={`${cellClass} whitespace-nowrap`}>
        {entry.timestamp ? <Timestamp value={entry.timestamp} /> : missing(t("audit.entry.noTimestamp"))}
      </td>
      <td className={cellClass}>
        {entry.entryPoint?.displayText ? entry.entryPoint.displayText : missing(t("audit.entry.noAction"))}
      </td>
      {showContext ? (
        <td className={cellClass}>
          {context ? t("audit.contextText", { type: contextType, id: context.extraInfo?.displayId ?? context.id }) : ""}
        </td>
      ) : null}
      <td className={cellClass}>
        {entry.requester ? <RequesterDisplay actor={entry.requester} /> : missing(t("audit.entry.missingRequester"))}
      </td>
      <td className={`${cellClass} whitespace-pre-wrap`}>{entry.rationale ?? ""}</td>
      {actions !== undefined ? <td className={cellClass}>{actions}</td> : null}
    </>
  );
}

/** The link from a list row to its entry page. */
export function ViewEntryLink({ href, id }: { href: string; id: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={href}
      aria-label={t("audit.viewLabel", { id })}
      className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {t("audit.view")}
    </Link>
  );
}

/** JSON text as YAML, or "{malformed}: {error}" (the entry page says "Malformed details:" for the bodies). */
function Yaml({ json, malformedKey }: { json: string | null | undefined; malformedKey: string }) {
  const { t } = useTranslation();
  const result = jsonToYaml(json);
  if (result.kind === "empty") return <p className="text-sm italic text-slate-600">{t("audit.entry.noDetails")}</p>;
  if (result.kind === "malformed") {
    return (
      <p className="text-sm text-red-700" suppressHydrationWarning>
        {t(malformedKey, { error: result.error })}
      </p>
    );
  }
  return (
    <pre className="overflow-x-auto whitespace-pre rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900">
      {result.text}
    </pre>
  );
}

/** Request and response bodies as YAML (001 §2), each with "Malformed details: …" when it is not JSON. */
export function RequestResponse({ request, response }: { request: string | null; response: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-label={t("audit.entry.request")}>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.request")}</h3>
        <Yaml json={request} malformedKey="audit.entry.malformedDetails" />
      </section>
      <section aria-label={t("audit.entry.response")}>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.response")}</h3>
        <Yaml json={response} malformedKey="audit.entry.malformedDetails" />
      </section>
    </div>
  );
}

/**
 * The data changes (001 §2, §3): each pair as Old Value / New Value, a created record as Created, a deleted one as
 * Deleted; "No data changes were made" when there are none; "Malformed data: …" for what cannot be read.
 */
export function DataChanges({ changes, headings = true }: { changes: unknown; headings?: boolean }) {
  const { t } = useTranslation();
  // On the entry page the labels are headings under "Data changes"; inside a list row (under the page's h1) plain text.
  const Heading = headings ? "h3" : "p";
  if (!Array.isArray(changes)) {
    return <p className="text-sm text-red-700">{t("audit.entry.malformedData", { error: "not a list" })}</p>;
  }
  if (changes.length === 0) return <p className="text-sm text-slate-700">{t("audit.entry.noChanges")}</p>;
  return (
    <ol className="space-y-3">
      {changes.map((change: unknown, index) => {
        const pair = (change ?? {}) as { before?: unknown; after?: unknown };
        const before = typeof pair.before === "string" ? pair.before : null;
        const after = typeof pair.after === "string" ? pair.after : null;
        const value = (json: string | null) => <Yaml json={json} malformedKey="audit.entry.malformedData" />;
        let body: ReactNode;
        if (before === null && after === null) {
          body = (
            <p className="text-sm text-red-700">{t("audit.entry.malformedData", { error: "no before or after" })}</p>
          );
        } else if (before === null) {
          body = (
            <div>
              <Heading className="mb-1 text-sm font-semibold text-green-800">{t("audit.entry.created")}</Heading>
              {value(after)}
            </div>
          );
        } else if (after === null) {
          body = (
            <div>
              <Heading className="mb-1 text-sm font-semibold text-red-800">{t("audit.entry.deleted")}</Heading>
              {value(before)}
            </div>
          );
        } else {
          body = (
            <div className="grid gap-3 md:grid-cols-2">
              <div>
                <Heading className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.oldValue")}</Heading>
                {value(before)}
              </div>
              <div>
                <Heading className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.newValue")}</Heading>
                {value(after)}
              </div>
            </div>
          );
        }
        return <li key={index}>{body}</li>;
      })}
    </ol>
  );
}

/** A list row's data changes, collapsed by default (001 §4): a <details>, so it works without scripts. */
export function RowChanges({ entry }: { entry: AuditListEntry }) {
  const { t } = useTranslation();
  return (
    <Collapsible
      title={
        <>
          {t("audit.showChanges")}
          <span className="sr-only"> {t("audit.showChangesLabel", { id: entry.id })}</span>
        </>
      }
      className="border-0 bg-white"
      summaryClassName="text-sm"
    >
      <DataChanges changes={entry.dataChanges} headings={false} />
    </Collapsible>
  );
}
