/**
 * The import of CDQ issues (an operator's way in: the CLI and the import call; docs/decisions/0027-cdq-issues.md):
 * reading a file (CSV or JSON) and checking every row into issue fields. Writing them is the service's.
 */
import { parse as parseCsv } from "csv-parse/sync";
import {
  CDQ_REVIEW_STATUSES,
  CDQ_STATES,
  type CdqActor,
  type CdqEntity,
  type CdqImportProblem,
  type CdqIssue,
} from "../contracts/cdq";
import { CDQ_IMPORT_COLUMNS } from "../contracts/cdq-options";

/** At most this many issues in one import. */
export const MAX_IMPORT_ROWS = 5_000;
/** The largest import file or body. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The columns of an import file (CSV header, or JSON object keys), derived from the list's in the contract. */
export const IMPORT_COLUMNS = CDQ_IMPORT_COLUMNS;
/** Fields of an issue as the API answers it that an import takes but ignores (so an exported list can go back in). */
const IGNORED_KEYS = new Set(["id", "isOverdue", "dateOfLastUpdate"]);

/** The fields of one issue, as an import writes them. */
export type IssueFields = Omit<
  CdqIssue,
  "id" | "dateOfOccurrence" | "dateOfDetection" | "dueDate" | "isOverdue" | "dateOfLastUpdate"
> & {
  dateOfOccurrence: Date | null;
  dateOfDetection: Date;
  dueDate: Date | null;
};

export type ParsedFile = { ok: true; rows: Record<string, unknown>[] } | { ok: false; problems: CdqImportProblem[] };

/**
 * Reads an import file: JSON (an array of issues, or {items: [...]}) when it starts with "[" or "{", else CSV with a
 * header row (comma-separated, RFC 4180 quoting, through csv-parse). A file that cannot be read is one problem on row 0.
 */
export function parseImportFile(text: string): ParsedFile {
  const content = text.replace(/^\uFEFF/, "");
  const first = content.trimStart()[0];
  if (first === "[" || first === "{") {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch (error) {
      return fileProblem(`The file is not valid JSON: ${(error as Error).message}`);
    }
    const items = Array.isArray(json) ? json : (json as { items?: unknown }).items;
    if (!Array.isArray(items)) return fileProblem("A JSON file holds an array of issues, or an object with items.");
    return importItems(items);
  }
  let records: Record<string, string>[];
  try {
    records = parseCsv(content, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
    }) as Record<string, string>[];
  } catch (error) {
    return fileProblem(`The file is not valid CSV: ${(error as Error).message}`);
  }
  return { ok: true, rows: records };
}

/** Issues given as JSON values (a file's, or a call's body): each must be an object. */
export function importItems(items: readonly unknown[]): ParsedFile {
  const problems: CdqImportProblem[] = [];
  items.forEach((item, index) => {
    if (item === null || typeof item !== "object" || Array.isArray(item))
      problems.push({ row: index + 1, field: "", message: "An issue is a JSON object." });
  });
  if (problems.length) return { ok: false, problems };
  return { ok: true, rows: items as Record<string, unknown>[] };
}

const fileProblem = (message: string): ParsedFile => ({ ok: false, problems: [{ row: 0, field: "", message }] });

const LIMITS = { short: 200, title: 500, long: 5_000, contextItems: 50 } as const;
// eslint-disable-next-line no-control-regex -- control characters are exactly what an id must not hold
const DISPLAY_ID = /^[^\u0000-\u001f\u007f/\\]{1,64}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A company user a designee may name: by e-mail address or by id. */
export interface DesigneeCandidate {
  id: string;
  displayName: string;
  email: string;
}

/** What reads one row: its fields, each checked, every problem named by the row and the field. */
function rowReader(raw: Record<string, unknown>, problem: (field: string, message: string) => void) {
  const text = (field: string, max: number, required = false): string | null => {
    const value = raw[field];
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      if (required) problem(field, "This field is required.");
      return null;
    }
    if (typeof value !== "string" && typeof value !== "number") {
      problem(field, "Must be text.");
      return null;
    }
    const trimmed = String(value).trim();
    if (trimmed.length > max) problem(field, `The maximum length allowed is ${max}.`);
    return trimmed;
  };
  const date = (field: string, required = false): Date | null => {
    const value = text(field, 40, required);
    if (value === null) return null;
    const valid = DATE_ONLY.test(value) || DATE_TIME.test(value);
    const parsed = valid ? new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value) : null;
    if (
      !parsed ||
      Number.isNaN(parsed.getTime()) ||
      (DATE_ONLY.test(value) && !parsed.toISOString().startsWith(value))
    ) {
      problem(field, "Must be a date: YYYY-MM-DD, or an ISO 8601 date and time with its offset.");
      return null;
    }
    return parsed;
  };
  const entity = (idField: string, nameField: string): CdqEntity | null => {
    const nested = raw[nameField];
    if (nested !== null && typeof nested === "object" && !Array.isArray(nested)) {
      const { id, displayName } = nested as { id?: unknown; displayName?: unknown };
      const ok = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.length <= LIMITS.short);
      if (!ok(id) || !ok(displayName)) {
        problem(nameField, "An entity has a text id and displayName.");
        return null;
      }
      const e = { id: (id as string | null) ?? null, displayName: (displayName as string | null) ?? null };
      return e.id || e.displayName ? e : null;
    }
    const id = text(idField, LIMITS.short);
    const displayName = text(nameField, LIMITS.short);
    return id || displayName ? { id, displayName } : null;
  };
  const oneOf = <T extends string>(field: string, allowed: readonly T[], fallback: T | null): T | null => {
    const value = text(field, LIMITS.short);
    if (value === null) return fallback;
    const match = allowed.find((option) => option.toLowerCase() === value.toLowerCase());
    if (!match) problem(field, `Must be one of ${allowed.join(", ")}.`);
    return match ?? fallback;
  };
  return { raw, problem, text, date, entity, oneOf };
}
type RowReader = ReturnType<typeof rowReader>;

/** The context items: a JSON list (of texts or {display}), or in a CSV cell one item per line. */
function contextOf({ raw, problem, text }: RowReader): { display: string }[] {
  let context: { display: string }[] = [];
  const rawContext = raw.context;
  if (Array.isArray(rawContext)) {
    for (const item of rawContext) {
      const display = typeof item === "string" ? item : (item as { display?: unknown } | null)?.display;
      if (typeof display !== "string" || display.trim() === "" || display.length > LIMITS.long) {
        problem("context", "Each context item is a non-empty text (or {display}).");
        break;
      }
      context.push({ display: display.trim() });
    }
  } else {
    const value = text("context", LIMITS.long * 4);
    context =
      value === null
        ? []
        : value
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean)
            .map((display) => ({ display }));
  }
  if (context.length > LIMITS.contextItems) problem("context", `At most ${LIMITS.contextItems} context items.`);
  return context;
}

function patientSafetyScoreOf({ problem, text }: RowReader): number | null {
  const score = text("patientSafetyScore", 10);
  if (score === null) return null;
  if (!/^\d+$/.test(score) || Number(score) > 100) {
    problem("patientSafetyScore", "Must be a whole number from 0 to 100.");
    return null;
  }
  return Number(score);
}

/** The designee: a company user named by e-mail address or id (a text, or an object with either). */
function designeeOf({ raw, problem }: RowReader, users: UserIndex): CdqActor | null {
  const rawDesignee = raw.designee;
  const designeeKey =
    rawDesignee !== null && typeof rawDesignee === "object"
      ? ((rawDesignee as { email?: unknown; id?: unknown }).email ?? (rawDesignee as { id?: unknown }).id)
      : rawDesignee;
  if (designeeKey === undefined || designeeKey === null || String(designeeKey).trim() === "") return null;
  const key = String(designeeKey).trim();
  const user = users.byEmail.get(key.toLowerCase()) ?? users.byId.get(key);
  if (!user) {
    problem("designee", `No user of this company has the e-mail address or id "${key.slice(0, 200)}".`);
    return null;
  }
  return { type: "user", id: user.id, displayName: user.displayName, email: user.email };
}

interface UserIndex {
  byEmail: Map<string, DesigneeCandidate>;
  byId: Map<string, DesigneeCandidate>;
}

/** One row's issue fields; `seen` holds the display ids of the rows before it. */
function issueFieldsOf(reader: RowReader, row: number, seen: Map<string, number>, users: UserIndex): IssueFields {
  const { raw, problem, text, date, entity, oneOf } = reader;
  for (const key of Object.keys(raw)) {
    if (!IMPORT_COLUMNS.includes(key) && !IGNORED_KEYS.has(key)) problem(key, `Unknown field "${key}".`);
  }
  const displayId = text("displayId", 64, true);
  if (displayId !== null) {
    if (!DISPLAY_ID.test(displayId)) problem("displayId", "Must be 1 to 64 characters, without slashes.");
    const earlier = seen.get(displayId);
    if (earlier !== undefined) problem("displayId", `The same displayId as row ${earlier}.`);
    else seen.set(displayId, row);
  }
  const context = contextOf(reader);
  const patientSafetyScore = patientSafetyScoreOf(reader);
  const designee = designeeOf(reader, users);
  return {
    displayId: displayId ?? "",
    type: text("type", LIMITS.short, true) ?? "",
    country: entity("countryId", "country"),
    site: entity("siteId", "site"),
    subject: entity("subjectId", "subject"),
    title: text("title", LIMITS.title, true) ?? "",
    category: text("category", LIMITS.short),
    subCategory: text("subCategory", LIMITS.short),
    context,
    reasoning: text("reasoning", LIMITS.long),
    source: text("source", LIMITS.short),
    severity: text("severity", LIMITS.short),
    patientSafetyScore,
    dateOfOccurrence: date("dateOfOccurrence"),
    dateOfDetection: date("dateOfDetection", true) ?? new Date(0),
    designee,
    state: oneOf("state", CDQ_STATES, "Active")!,
    reviewStatus: oneOf("reviewStatus", CDQ_REVIEW_STATUSES, null),
    dueDate: date("dueDate"),
  };
}

/**
 * Checks every row of an import and turns it into issue fields. Every problem is named by row and field; the caller
 * imports nothing unless there are none.
 */
export function validateImportRows(
  rows: readonly Record<string, unknown>[],
  users: readonly DesigneeCandidate[],
): { issues: IssueFields[]; problems: CdqImportProblem[] } {
  const problems: CdqImportProblem[] = [];
  const issues: IssueFields[] = [];
  if (rows.length === 0) problems.push({ row: 0, field: "", message: "The file holds no issues." });
  if (rows.length > MAX_IMPORT_ROWS)
    problems.push({ row: 0, field: "", message: `An import holds at most ${MAX_IMPORT_ROWS} issues.` });
  if (problems.length) return { issues, problems };

  const index: UserIndex = {
    byEmail: new Map(users.map((user) => [user.email.toLowerCase(), user])),
    byId: new Map(users.map((user) => [user.id, user])),
  };
  const seen = new Map<string, number>();
  rows.forEach((raw, i) => {
    const row = i + 1;
    const reader = rowReader(raw, (field, message) => problems.push({ row, field, message }));
    issues.push(issueFieldsOf(reader, row, seen, index));
  });
  return { issues, problems };
}

/** An import file's bytes: UTF-8 text (CSV or JSON), at most {@link MAX_IMPORT_BYTES}; checked by content. */
export function readImportFile(bytes: Uint8Array): ParsedFile {
  const refuse = (message: string): ParsedFile => ({ ok: false, problems: [{ row: 0, field: "file", message }] });
  if (bytes.byteLength > MAX_IMPORT_BYTES) return refuse(`The file is larger than ${MAX_IMPORT_BYTES} bytes.`);
  if (bytes.includes(0)) return refuse("The file is not text (CSV or JSON).");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse("The file is not UTF-8 text.");
  }
  return parseImportFile(text);
}
