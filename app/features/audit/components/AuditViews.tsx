import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AuditListRow, AuditRowView, ChangesView, RequesterView, YamlText } from "~/features/audit/views";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The audit trail's pieces (001 §2 "Study audit list", "Audit entry page"; ADR 0026): the table's cells with the
 * missing-field messages, the data changes as YAML (Old Value / New Value, Created, Deleted), and a JSON text as
 * YAML with its own "malformed" wording.
 */

const missing = (text: string) => <span className="italic text-slate-600">{text}</span>;

/** The cells' spacing, set once on their row (a list of many rows repeats no class per cell; ADR 0041). */
export const CELLS_ROW_CLASS = "align-top text-sm [&>td]:px-3 [&>td]:py-2";
const headClass = "px-3 py-2 text-left text-xs font-semibold uppercase text-slate-600";

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

/**
 * An entry's row: timestamp, action, context (when shown), requester, rationale, then `actions`; inside a
 * `<tr className={CELLS_ROW_CLASS}>`.
 */
export function AuditRowCells({
  entry,
  showContext,
  actions,
}: {
  entry: AuditRowView;
  showContext: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const context = entry.context;
  const contextType = context?.type ? t(`audit.contextTypes.${context.type}`) : "";
  return (
    <>
      <td className="whitespace-nowrap">
        {entry.timestampView ? (
          <time dateTime={entry.timestampView.iso}>{entry.timestampView.text}</time>
        ) : (
          missing(t("audit.entry.noTimestamp"))
        )}
      </td>
      <td>{entry.action ? entry.action : missing(t("audit.entry.noAction"))}</td>
      {showContext ? <td>{context ? t("audit.contextText", { type: contextType, id: context.id }) : ""}</td> : null}
      <td>
        {entry.requesterView ? <Requester view={entry.requesterView} /> : missing(t("audit.entry.missingRequester"))}
      </td>
      <td className="whitespace-pre-wrap">{entry.rationale ?? ""}</td>
      {actions !== undefined ? <td>{actions}</td> : null}
    </>
  );
}

/**
 * A requester as the shared actor display shows one (app/components/widgets/ActorDisplay.tsx, 000 §3.8), from the
 * description the loader made: the same texts, without the describing code in the page's script (ADR 0026).
 */
function Requester({ view }: { view: NonNullable<RequesterView> }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1">
      {view.text !== null ? (
        <span>{view.text}</span>
      ) : (
        <span className={view.kind === "system" ? "" : "italic text-slate-600"}>
          {t(`widgets.actor.${view.message ?? "unexpected"}`)}
        </span>
      )}
      {view.secondary ? <span className="text-slate-600">({view.secondary})</span> : null}
      {view.notFoundSuffix ? <span className="italic text-slate-600">{t("widgets.actor.notFoundSuffix")}</span> : null}
      {view.tags.map((tag) => (
        <span key={tag} className="rounded bg-slate-200 px-1.5 text-xs font-medium text-slate-800">
          {t(`widgets.actor.tags.${tag}`)}
        </span>
      ))}
    </span>
  );
}

/** The link from a list row to its entry page. */
export function ViewEntryLink({ href, id }: { href: string; id: string }) {
  const { t } = useTranslation();
  return (
    <Link to={href} aria-label={t("audit.viewLabel", { id })} className="text-brand-700 underline">
      {t("audit.view")}
    </Link>
  );
}

/** YAML made by the loader, or "{malformed}: {error}" (the entry page says "Malformed details:" for the bodies). */
export function Yaml({ result, malformedKey }: { result: YamlText; malformedKey: string }) {
  const { t } = useTranslation();
  // The shared YAML view's words for nothing (000 §8), as every other YAML view says it (issue 24, defect 13).
  if (result.kind === "empty") return <p className="text-sm italic text-slate-600">{t("widgets.yaml.noData")}</p>;
  if (result.kind === "malformed") {
    return <p className="text-sm text-red-700">{t(malformedKey, { error: result.error })}</p>;
  }
  return <pre className="yaml-text">{result.text}</pre>;
}

/**
 * The data changes (001 §2, §3): each pair as Old Value / New Value, a created record as Created, a deleted one as
 * Deleted; "No data changes were made" when there are none; "Malformed data: …" for what cannot be read.
 */
export function DataChanges({
  view,
  headings = true,
  start = 1,
}: {
  view: ChangesView;
  headings?: boolean;
  /** The number of the first change shown (a later page of an entry's changes, ADR 0061). */
  start?: number;
}) {
  const { t } = useTranslation();
  // On the entry page the labels are headings under "Data changes"; inside a list row (under the page's h1) plain text.
  const Heading = headings ? "h3" : "p";
  if (view.kind === "malformed") {
    return <p className="text-sm text-red-700">{t("audit.entry.malformedData", { error: view.error })}</p>;
  }
  if (view.changes.length === 0) return <p className="text-sm text-slate-700">{t("audit.entry.noChanges")}</p>;
  const value = (result: YamlText) => <Yaml result={result} malformedKey="audit.entry.malformedData" />;
  return (
    <ol className="space-y-3" start={start === 1 ? undefined : start}>
      {view.changes.map(({ before, after }, index) => {
        let body: ReactNode;
        if (before === null && after !== null) {
          body = (
            <div>
              <Heading className="mb-1 text-sm font-semibold text-green-800">{t("audit.entry.created")}</Heading>
              {value(after)}
            </div>
          );
        } else if (after === null && before !== null) {
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
                {before ? value(before) : null}
              </div>
              <div>
                <Heading className="mb-1 text-sm font-semibold text-slate-700">{t("audit.entry.newValue")}</Heading>
                {after ? value(after) : null}
              </div>
            </div>
          );
        }
        return <li key={index}>{body}</li>;
      })}
    </ol>
  );
}

/**
 * A list row's data changes, collapsed by default (001 §4): a plain <details>, with or without scripts. It holds a
 * summary (ADR 0041): the first changes, each cut to its first lines; when there is more, how many changes are not
 * shown and a link to the entry page, which shows them all, a page at a time (ADR 0061).
 */
export function RowChanges({ entry, href }: { entry: AuditListRow; href: string }) {
  const { t } = useTranslation();
  const view = entry.changesView;
  const more = view.kind === "list" ? (view.more ?? 0) : 0;
  const cut =
    view.kind === "list" &&
    view.changes.some((c) => (c.before?.kind === "yaml" && c.before.cut) || (c.after?.kind === "yaml" && c.after.cut));
  return (
    <details>
      <summary className="cursor-pointer py-1 text-sm font-medium">
        {t("audit.showChanges")}
        <span className="sr-only"> {t("audit.showChangesLabel", { id: entry.id })}</span>
      </summary>
      <DataChanges view={view} headings={false} />
      {more > 0 || cut ? (
        <p className="mt-2 text-sm text-slate-700">
          {more > 0 ? <span className="mr-2">{t("audit.moreChanges", { number: String(more) })}</span> : null}
          <Link
            to={href}
            className="text-brand-700 underline"
            aria-label={t("audit.allChangesLabel", { id: entry.id })}
          >
            {t("audit.allChanges")}
          </Link>
        </p>
      ) : null}
    </details>
  );
}
