/**
 * What the audit pages show, made by the loaders (ADR 0026): JSON texts as YAML, so the browser needs no YAML library
 * (the pages stay within the first-visit JavaScript budget of ADR 0021). Types only here; the conversion is in
 * app/features/audit/page.server.ts.
 */
import type { AuditEntry, AuditListEntry } from "@server/contracts/audit";
import type { ActorDescription } from "~/lib/actor";

export type YamlText = { kind: "empty" } | { kind: "malformed"; error: string } | { kind: "yaml"; text: string };

/** The data changes: the list, each side as YAML (null: no record on that side), or why it cannot be read. */
export type ChangesView =
  | { kind: "malformed"; error: string }
  | { kind: "list"; changes: { before: YamlText | null; after: YamlText | null }[] };

/** The timestamp as 000 §9 shows it ('MMM DD, YYYY HH:mm:ss UTC') and its instant, or null when there is none. */
export type TimestampView = { text: string; iso: string } | null;

/** The requester as the shared actor display describes it (000 §3.8), made on the server; null when there is none. */
export type RequesterView = ActorDescription | null;

export type AuditListRow = AuditListEntry & {
  changesView: ChangesView;
  timestampView: TimestampView;
  requesterView: RequesterView;
};

export type AuditEntryView = AuditEntry & {
  changesView: ChangesView;
  timestampView: TimestampView;
  requesterView: RequesterView;
  requestView: YamlText;
  responseView: YamlText;
};

/** The export form's intent (app/features/audit/export-form.ts): here, so the page's script needs no schema library. */
export const AUDIT_EXPORT_INTENT = "exportAudit";
