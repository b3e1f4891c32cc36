/** The audit pages' YAML and texts, made on the server (app/features/audit/views.ts; ADR 0026, 0041). */
import type { AuditEntry, AuditListEntry } from "@server/contracts/audit";
import { auditJsonToYaml } from "~/features/audit/flat-yaml.server";
import {
  AUDIT_ROW_CHANGES,
  AUDIT_ROW_SIDE_CHARS,
  AUDIT_ROW_SIDE_LINES,
  type AuditEntryView,
  type AuditListRow,
  type AuditRowView,
  type ChangePair,
  type ChangesPage,
  type ChangesView,
  type TimestampView,
  type YamlText,
} from "~/features/audit/views";
import { describeActor } from "~/lib/actor";
import { formatTimestamp, toInstant } from "~/lib/format-time";

const yaml = (json: string | null | undefined): YamlText => auditJsonToYaml(json);

/** The data changes as the pages show them (001 §2): each side as YAML, or "Malformed data" when unreadable. */
export function changesView(changes: unknown): ChangesView {
  if (!Array.isArray(changes)) return { kind: "malformed", error: "the data changes are not a list" };
  const list: ChangePair[] = [];
  for (const change of changes as unknown[]) {
    const pair = (change ?? {}) as { before?: unknown; after?: unknown };
    const side = (value: unknown): YamlText | null | undefined =>
      value === null || value === undefined ? null : typeof value === "string" ? yaml(value) : undefined;
    const before = side(pair.before);
    const after = side(pair.after);
    if (before === undefined || after === undefined || (before === null && after === null)) {
      return { kind: "malformed", error: "a change has neither a before nor an after text" };
    }
    list.push({ before, after });
  }
  return { kind: "list", changes: list };
}

/** A side's YAML cut to its first lines (AUDIT_ROW_SIDE_LINES, AUDIT_ROW_SIDE_CHARS), at a line's end where it can. */
export function cutYaml(result: YamlText | null): YamlText | null {
  if (result?.kind !== "yaml") return result;
  const { text } = result;
  let end = -1;
  for (let line = 0; line < AUDIT_ROW_SIDE_LINES; line++) {
    end = text.indexOf("\n", end + 1);
    if (end < 0) break;
  }
  if (end < 0 && text.length <= AUDIT_ROW_SIDE_CHARS) return result;
  let at = end < 0 ? AUDIT_ROW_SIDE_CHARS : Math.min(end, AUDIT_ROW_SIDE_CHARS);
  const lineEnd = text.lastIndexOf("\n", at);
  if (lineEnd > 0 && at !== end) at = lineEnd;
  return { kind: "yaml", text: `${text.slice(0, at)}\n…`, cut: true };
}

/**
 * A list row's data changes (ADR 0041): the first AUDIT_ROW_CHANGES, each side cut to its first lines, and how many
 * more the entry has (`total`: the API's count when it bounded the list; else the list's own length).
 */
export function changesSummary(changes: unknown, total?: number | null): ChangesView {
  if (!Array.isArray(changes)) return changesView(changes);
  const view = changesView(changes.slice(0, AUDIT_ROW_CHANGES));
  if (view.kind === "malformed") return view;
  const cut = view.changes.map(({ before, after }) => ({ before: cutYaml(before), after: cutYaml(after) }));
  return { kind: "list", changes: cut, more: Math.max(0, (total ?? changes.length) - cut.length) };
}

/** The timestamp's text, made here with the shared format (000 §9) so the page's script needs no date library. */
export function timestampView(value: string | null | undefined): TimestampView {
  const instant = toInstant(value);
  return instant ? { text: formatTimestamp(instant), iso: instant.toISOString() } : null;
}

/** An entry's cells as the tables show them, and nothing else of it. */
function rowView(entry: Partial<AuditListEntry>): AuditRowView {
  const context = entry.contextOfChange;
  return {
    timestampView: timestampView(entry.timestamp),
    action: entry.entryPoint?.displayText || null,
    context: context ? { type: context.type ?? null, id: context.extraInfo?.displayId ?? context.id } : null,
    requesterView: entry.requester ? describeActor(entry.requester) : null,
    rationale: entry.rationale ?? null,
  };
}

export const listRow = (entry: AuditListEntry): AuditListRow => ({
  id: entry.id,
  ...rowView(entry),
  changesView: changesSummary(entry.dataChanges, entry.dataChangesCount),
});

/** The entry page's view; `changesPage`: which page of its data changes it holds (ADR 0061), null for all of them. */
export const entryView = (entry: AuditEntry, changesPage: ChangesPage | null = null): AuditEntryView => ({
  id: entry.id,
  ...rowView(entry),
  changesView: changesView(entry.dataChanges),
  changesPage,
  requestView: yaml(entry.request?.body),
  responseView: yaml(entry.response?.body),
});
