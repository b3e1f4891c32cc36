/** The audit pages' YAML, made on the server (app/features/audit/views.ts; ADR 0026). */
import type { AuditEntry, AuditListEntry } from "@server/contracts/audit";
import type { AuditEntryView, AuditListRow, ChangesView, TimestampView, YamlText } from "~/features/audit/views";
import { describeActor } from "~/lib/actor";
import { formatTimestamp, toInstant } from "~/lib/format-time";
import { jsonToYaml } from "~/lib/yaml";

const yaml = (json: string | null | undefined): YamlText => jsonToYaml(json);

/** The data changes as the pages show them (001 §2): each side as YAML, or "Malformed data" when unreadable. */
export function changesView(changes: unknown): ChangesView {
  if (!Array.isArray(changes)) return { kind: "malformed", error: "the data changes are not a list" };
  const list: { before: YamlText | null; after: YamlText | null }[] = [];
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

/** The timestamp's text, made here with the shared format (000 §9) so the page's script needs no date library. */
export function timestampView(value: string | null | undefined): TimestampView {
  const instant = toInstant(value);
  return instant ? { text: formatTimestamp(instant), iso: instant.toISOString() } : null;
}

export const listRow = (entry: AuditListEntry): AuditListRow => ({
  ...entry,
  changesView: changesView(entry.dataChanges),
  timestampView: timestampView(entry.timestamp),
  requesterView: entry.requester ? describeActor(entry.requester) : null,
});

export const entryView = (entry: AuditEntry): AuditEntryView => ({
  ...entry,
  changesView: changesView(entry.dataChanges),
  timestampView: timestampView(entry.timestamp),
  requesterView: entry.requester ? describeActor(entry.requester) : null,
  requestView: yaml(entry.request?.body),
  responseView: yaml(entry.response?.body),
});
