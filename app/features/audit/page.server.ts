/**
 * What the audit pages' loaders and actions share (001 §2, §4, §5; ADR 0026): the list with its "Load more" state in
 * the address, and the export's post, which answers the CSV itself or returns to the list with the reason.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { AUDIT_PAGE_SIZE } from "@server/contracts/audit";
import { auditCalls } from "@server/contracts/calls/audit";
import { permissionAddress } from "@server/contracts/calls/define";
import { NO_STORE } from "@server/contracts/headers";
import { AUDIT_EXPORT_INTENT, auditExportSchema, type AuditExportError } from "~/features/audit/export-form";
import {
  AUDIT_DATA_CHANGES_ID,
  AUDIT_ENTRY_CHANGES_PAGE,
  AUDIT_ROW_CHANGES,
  type AuditListRow,
  type ChangesPage,
} from "~/features/audit/views";
import { entryView, listRow } from "~/features/audit/yaml.server";
import type { ApiClient } from "~/lib/api/client.server";
import { requireUser } from "~/lib/auth.server";
import type { WebContext } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/schema";
import { getFixedT } from "~/lib/i18next.server";
import { companyIdParam } from "~/lib/params";
import { requirePagePermission } from "~/lib/shell.server";

/** Without scripts, "Load more" asks for one page more (`?pages=N`); at most this many pages at once. */
export const MAX_PAGES = 200;

export interface AuditListData {
  entries: AuditListRow[];
  /** The last page has been reached (a page of fewer than 25, 001 §4). */
  last: boolean;
  pages: number;
  /**
   * "Load more": this page with one page more (`?pages=N+1`), scrolled to the first new row. Without scripts a document
   * load, with them a client navigation; the loader walks the pages from the current time either way.
   */
  nextHref: string;
}

/**
 * The list as the address asks for it: `?pages=N` (default 1), the first N pages from the current time, so "Load
 * more" renders the earlier entries below the ones already shown. A failed call reads as an empty list (001 §7), and
 * is logged.
 */
export async function loadAuditList(
  context: WebContext,
  api: ApiClient,
  url: URL,
  companyId: string,
  studyName: string | null,
): Promise<AuditListData> {
  // Each entry's first changes only, and their count: the rows show a summary (ADR 0041).
  const page = async (before: string) => {
    const result = await api.audit.list(companyId, studyName, before, AUDIT_ROW_CHANGES);
    if (result.ok) return { rows: result.data.map(listRow), last: result.data.at(-1)?.timestamp };
    context.logger.warn({ code: result.error.code, status: result.status }, "audit list call failed");
    return { rows: [], last: undefined };
  };
  const pages = Math.min(MAX_PAGES, Math.max(1, Number.parseInt(url.searchParams.get("pages") ?? "1", 10) || 1));
  const entries: AuditListRow[] = [];
  let cursor = new Date().toISOString();
  let last = false;
  for (let n = 0; n < pages; n++) {
    const found = await page(cursor);
    entries.push(...found.rows);
    if (found.rows.length < AUDIT_PAGE_SIZE || !found.last) {
      last = true;
      break;
    }
    // The API's timestamp, to the microsecond (ADR 0026), not the row's text.
    cursor = found.last;
  }
  const next = new URLSearchParams(url.search);
  next.delete("dialog");
  next.delete("exportError");
  next.set("pages", String(pages + 1));
  return { entries, last, pages, nextHref: `${url.pathname}?${next.toString()}#audit-row-${entries.length}` };
}

/** The export dialog's state from the address: `?dialog=export&exportError=…&from=…&to=…`. */
export function exportState(url: URL): { error: AuditExportError | null; from: string; to: string } {
  const error = url.searchParams.get("exportError");
  const day = (name: string) => {
    const value = url.searchParams.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
  };
  return { error: error === "failed" || error === "range" ? error : null, from: day("from"), to: day("to") };
}

/**
 * The export's post (a form post, with or without scripts): the CSV stream as an attachment, or back to the list
 * with the dialog open and why ("Failed to export audit entries", or the From/To rule).
 */
export async function exportAction(
  request: Request,
  context: WebContext,
  listHref: string,
  companyId: string,
  studyName: string | null,
): Promise<Response> {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const submission = parseSubmission(form, { schema: auditExportSchema });
  const raw = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
  };
  const back = (error: AuditExportError) => {
    const params = new URLSearchParams({ dialog: "export", exportError: error });
    if (raw("from")) params.set("from", raw("from"));
    if (raw("to")) params.set("to", raw("to"));
    return redirect(`${listHref}?${params.toString()}`, { headers: NO_STORE });
  };
  if (submission.status !== "success" || form.get("intent") !== AUDIT_EXPORT_INTENT) return back("range");
  const range = { from: submission.value.from || null, to: submission.value.to || null };
  const result = await api.audit.export(companyId, studyName, range);
  if (!result.ok) {
    context.logger.info({ code: result.error.code, status: result.status }, "audit export refused");
    return back(result.status === 400 ? "range" : "failed");
  }
  const upstream = result.data;
  const fallbackName = `audit-entries-${studyName ?? `company-${companyId}`}.csv`;
  return new Response(upstream.body, {
    status: 200,
    headers: {
      "content-type": upstream.headers.get("content-type") ?? "text/csv; charset=utf-8",
      "content-disposition": upstream.headers.get("content-disposition") ?? `attachment; filename="${fallbackName}"`,
      ...NO_STORE,
    },
  });
}

/** The furthest page of changes an address may ask for (the API's `from` stays a small integer). */
const MAX_CHANGES_PAGE = 1_000_000;

/**
 * One entry's page (001 §2 "Audit entry page"), gated by the fetch-audit-entry permission (001 §6): the entry with one
 * page of its data changes (`?changes=N`, AUDIT_ENTRY_CHANGES_PAGE a page; ADR 0061), or null when there is none in
 * this study or company ("No audit entry found"). A page beyond the last goes to the last.
 */
export async function loadAuditEntry(
  request: Request,
  context: WebContext,
  companyId: string,
  studyName: string | null,
  entryId: string,
) {
  const address = studyName
    ? permissionAddress(auditCalls.study.entry, { companyId, studyName, entryId })
    : permissionAddress(auditCalls.company.entry, { companyId, entryId });
  const { api } = await requirePagePermission(request, context, [address]);
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("changes") ?? "1", 10) || 1);
  const from = Math.min(page - 1, MAX_CHANGES_PAGE) * AUDIT_ENTRY_CHANGES_PAGE;
  const [result, t] = await Promise.all([
    api.audit.entry(companyId, studyName, entryId, { from, limit: AUDIT_ENTRY_CHANGES_PAGE }),
    getFixedT(request),
  ]);
  if (!result.ok && result.status !== 404) throw new Error(`Audit entry unavailable: ${result.error.code}`);
  const total = result.ok ? (result.data.dataChangesCount ?? null) : null;
  if (total !== null && from > 0 && from >= total) {
    throw redirect(changesHref(url, Math.ceil(total / AUDIT_ENTRY_CHANGES_PAGE)), { headers: NO_STORE });
  }
  return {
    entryId,
    entry: result.ok ? entryView(result.data, changesPage(url, from, result.data.dataChanges.length, total)) : null,
    pageName: t("audit.entry.title", { id: entryId }),
  };
}

/** The entry page's address for its `page`-th page of data changes (the first: no parameter), at the changes. */
function changesHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  if (page > 1) params.set("changes", String(page));
  else params.delete("changes");
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}#${AUDIT_DATA_CHANGES_ID}`;
}

/** Which changes the page shows and its links, or null when they all fit on one page (or are not a list). */
function changesPage(url: URL, from: number, shown: number, total: number | null): ChangesPage | null {
  if (total === null || total <= AUDIT_ENTRY_CHANGES_PAGE) return null;
  const page = from / AUDIT_ENTRY_CHANGES_PAGE + 1;
  return {
    from,
    shown,
    total,
    previousHref: page > 1 ? changesHref(url, page - 1) : null,
    nextHref: from + shown < total ? changesHref(url, page + 1) : null,
  };
}

/**
 * An audit list page's data (ADR 0026): the page's gate, one page of entries, and whether the caller may export them
 * (Download as CSV shows to those who may call the export). `studyName` null: the company's own trail.
 */
export async function loadAuditListPage(
  { request, context, params }: LoaderFunctionArgs,
  studyName: string | null,
  gate: { addresses: readonly string[]; any?: boolean },
) {
  const companyId = companyIdParam(params);
  const exportAddress =
    studyName === null
      ? permissionAddress(auditCalls.company.export, { companyId })
      : permissionAddress(auditCalls.study.export, { companyId, studyName });
  const { api, batch } = await requirePagePermission(request, context, gate.addresses, { any: gate.any });
  const url = new URL(request.url);
  const [list, allowed, t] = await Promise.all([
    loadAuditList(context, api, url, companyId, studyName),
    batch.check([exportAddress]),
    getFixedT(request),
  ]);
  return {
    ...list,
    companyId,
    canExport: allowed.get(exportAddress) === true,
    exportState: exportState(url),
    pageName: t(studyName === null ? "audit.companyTitle" : "audit.studyTitle"),
  };
}
