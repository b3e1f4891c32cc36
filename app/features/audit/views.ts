/**
 * What the audit pages show, made by the loaders (ADR 0026): JSON texts as YAML, so the browser needs no YAML library
 * (the pages stay within the first-visit JavaScript budget of ADR 0021). Types only here; the conversion is in
 * app/features/audit/yaml.server.ts. A page's data carries what it shows and nothing else (ADR 0041): no raw entry
 * beside its texts, a list row's data changes as a bounded summary, the whole entry one link away, and an entry's page
 * one page of its data changes, the others one link away (ADR 0061).
 */
import type { ActorDescription } from "~/lib/actor";

/** A JSON text as YAML; `cut`: only its first lines (a list row's summary; the entry page shows it whole). */
export type YamlText =
  { kind: "empty" } | { kind: "malformed"; error: string } | { kind: "yaml"; text: string; cut?: boolean };

/** One change: each side as YAML, null when there is no record on that side (created, deleted). */
export interface ChangePair {
  before: YamlText | null;
  after: YamlText | null;
}

/**
 * The data changes: the list, or why it cannot be read. In a list row, `more` counts the changes not shown (the
 * entry page shows a page of them, and no `more`: its `changesPage` says which).
 */
export type ChangesView = { kind: "malformed"; error: string } | { kind: "list"; changes: ChangePair[]; more?: number };

/** The timestamp as 000 §9 shows it ('MMM DD, YYYY HH:mm:ss UTC') and its instant, or null when there is none. */
export type TimestampView = { text: string; iso: string } | null;

/** The requester as the shared actor display describes it (000 §3.8), made on the server; null when there is none. */
export type RequesterView = ActorDescription | null;

/** An entry's table cells: timestamp, action, context, requester, rationale (null where the entry has none). */
export interface AuditRowView {
  timestampView: TimestampView;
  /** The entry point's display text. */
  action: string | null;
  /** The context of change: its type and the id shown (the display id, else the id). */
  context: { type: string | null; id: string } | null;
  requesterView: RequesterView;
  rationale: string | null;
}

/** A row of an audit list: its cells and a summary of its data changes (ADR 0041). */
export interface AuditListRow extends AuditRowView {
  id: string;
  changesView: ChangesView;
}

/**
 * Which of an entry's data changes its page shows (ADR 0061): `shown` of `total` from the `from`-th (0-based), and the
 * links to the pages before and after (null at either end).
 */
export interface ChangesPage {
  from: number;
  shown: number;
  total: number;
  previousHref: string | null;
  nextHref: string | null;
}

/**
 * The entry page: its cells, one page of its data changes (all of them when they fit, `changesPage` null then), and
 * the request and response bodies.
 */
export interface AuditEntryView extends AuditRowView {
  id: string;
  changesView: ChangesView;
  changesPage: ChangesPage | null;
  requestView: YamlText;
  responseView: YamlText;
}

/** The entry page shows an entry's data changes this many at a time (`?changes=N`: the N-th page; ADR 0061). */
export const AUDIT_ENTRY_CHANGES_PAGE = 20;
/** The id of the entry page's data changes: the page links scroll back to them. */
export const AUDIT_DATA_CHANGES_ID = "audit-data-changes";

/** A list row shows at most this many of an entry's data changes (ADR 0041). */
export const AUDIT_ROW_CHANGES = 2;
/** …and of each side's YAML at most this many lines and characters. */
export const AUDIT_ROW_SIDE_LINES = 6;
export const AUDIT_ROW_SIDE_CHARS = 300;

/** The export form's intent (app/features/audit/export-form.ts): here, so the page's script needs no schema library. */
export const AUDIT_EXPORT_INTENT = "exportAudit";
