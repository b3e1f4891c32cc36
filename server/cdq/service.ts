import { parse as parseCsv } from "csv-parse/sync";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ChangePair } from "../audit/changes";
import {
  CDQ_REVIEW_STATUSES,
  CDQ_STATES,
  type CdqActor,
  type CdqEntity,
  type CdqImportProblem,
  type CdqIssue,
  type CdqIssueList,
  type CdqReviewStatus,
  type CdqState,
} from "../contracts/cdq";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { listCompanyUsers } from "../users/service";
import { cdqIssueCounts, cdqIssues } from "./schema";

type Row = typeof cdqIssues.$inferSelect;

const DAY_MS = 86_400_000;

/** The start of a UTC day. */
const startOfUtcDay = (instant: Date) => new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);

/**
 * Overdue (001 §3): the issue is still Active and its due day has passed (a due date is a day: an issue due today is
 * not overdue until tomorrow, UTC). Derived at every read, so it is never stale.
 */
export function isOverdue(state: string, dueDate: Date | null, now: Date): boolean {
  return state === "Active" && dueDate !== null && dueDate.getTime() < startOfUtcDay(now).getTime();
}

export function toIssue(row: Row, now: Date): CdqIssue {
  return {
    id: row.id,
    ...withIsoDates(fieldsOf(row)),
    isOverdue: isOverdue(row.state, row.dueDate, now),
    dateOfLastUpdate: row.dateOfLastUpdate.toISOString(),
  };
}

/**
 * One page of a study's issues, newest detection first (then by id, so the order is total). The page is found
 * through the (study, dateOfDetection, id) index from whichever end of the list is nearer: the first and the last
 * pages both skip at most one page of index entries, and a page in the middle half the list at most, in an index-only
 * scan. The whole rows are read only for the page's ids. A page past the end is empty.
 */
export async function listIssues(
  db: Db,
  studyId: string,
  paging: { page: number; pageSize: number },
  now: Date = new Date(),
): Promise<CdqIssueList> {
  const { page, pageSize } = paging;
  // The total is kept by the database's triggers (migration 0007): one row, not a count over the study's issues.
  const [counted] = await db
    .select({ total: cdqIssueCounts.issueCount })
    .from(cdqIssueCounts)
    .where(eq(cdqIssueCounts.studyId, studyId));
  const totalCount = Number(counted?.total ?? 0);
  const result = (items: CdqIssue[]): CdqIssueList => ({ items, paging: { page, pageSize, totalCount } });
  const offset = (page - 1) * pageSize;
  if (offset >= totalCount) return result([]);

  const afterPage = totalCount - offset - pageSize;
  const fromStart = offset <= afterPage;
  const ids = db
    .select({ id: cdqIssues.id })
    .from(cdqIssues)
    .where(eq(cdqIssues.studyId, studyId))
    .orderBy(
      ...(fromStart
        ? [desc(cdqIssues.dateOfDetection), desc(cdqIssues.id)]
        : [asc(cdqIssues.dateOfDetection), asc(cdqIssues.id)]),
    )
    .limit(fromStart ? pageSize : Math.min(pageSize, totalCount - offset))
    .offset(fromStart ? offset : Math.max(0, afterPage));
  const rows = await db
    .select()
    .from(cdqIssues)
    .where(and(eq(cdqIssues.studyId, studyId), inArray(cdqIssues.id, ids)))
    .orderBy(desc(cdqIssues.dateOfDetection), desc(cdqIssues.id));
  return result(rows.map((row) => toIssue(row, now)));
}

/** One issue of a study; null when there is none with that id in this study. */
export async function getIssue(
  db: Db,
  studyId: string,
  issueId: string,
  now: Date = new Date(),
): Promise<CdqIssue | null> {
  const [row] = await db
    .select()
    .from(cdqIssues)
    .where(and(eq(cdqIssues.studyId, studyId), eq(cdqIssues.id, issueId)))
    .limit(1);
  return row ? toIssue(row, now) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Import (an operator's way in: the CLI and the import call; docs/decisions/0027-cdq-issues.md)
// ---------------------------------------------------------------------------------------------------------------

/** At most this many issues in one import. */
export const MAX_IMPORT_ROWS = 5_000;
/** The largest import file or body. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The columns of an import file (CSV header, or JSON object keys), in the order of the list (001 §2). */
export const IMPORT_COLUMNS = [
  "displayId",
  "type",
  "countryId",
  "country",
  "siteId",
  "site",
  "subjectId",
  "subject",
  "title",
  "category",
  "subCategory",
  "context",
  "reasoning",
  "source",
  "severity",
  "patientSafetyScore",
  "dateOfOccurrence",
  "dateOfDetection",
  "designee",
  "state",
  "reviewStatus",
  "dueDate",
] as const;
/** Fields of an issue as the API answers it that an import takes but ignores (so an exported list can go back in). */
const IGNORED_KEYS = new Set(["id", "isOverdue", "dateOfLastUpdate"]);

/** The fields of one issue, as an import writes them. */
export interface IssueFields {
  displayId: string;
  type: string;
  country: CdqEntity | null;
  site: CdqEntity | null;
  subject: CdqEntity | null;
  title: string;
  category: string | null;
  subCategory: string | null;
  context: { display: string }[];
  reasoning: string | null;
  source: string | null;
  severity: string | null;
  patientSafetyScore: number | null;
  dateOfOccurrence: Date | null;
  dateOfDetection: Date;
  designee: CdqActor | null;
  state: CdqState;
  reviewStatus: CdqReviewStatus | null;
  dueDate: Date | null;
}

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

  const byEmail = new Map(users.map((user) => [user.email.toLowerCase(), user]));
  const byId = new Map(users.map((user) => [user.id, user]));
  const seen = new Map<string, number>();

  rows.forEach((raw, index) => {
    const row = index + 1;
    const problem = (field: string, message: string) => problems.push({ row, field, message });
    for (const key of Object.keys(raw)) {
      if (!(IMPORT_COLUMNS as readonly string[]).includes(key) && !IGNORED_KEYS.has(key))
        problem(key, `Unknown field "${key}".`);
    }
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

    const displayId = text("displayId", 64, true);
    if (displayId !== null) {
      if (!DISPLAY_ID.test(displayId)) problem("displayId", "Must be 1 to 64 characters, without slashes.");
      const earlier = seen.get(displayId);
      if (earlier !== undefined) problem("displayId", `The same displayId as row ${earlier}.`);
      else seen.set(displayId, row);
    }

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
      // In a CSV cell, one context item per line.
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

    let patientSafetyScore: number | null = null;
    const score = text("patientSafetyScore", 10);
    if (score !== null) {
      if (!/^\d+$/.test(score) || Number(score) > 100)
        problem("patientSafetyScore", "Must be a whole number from 0 to 100.");
      else patientSafetyScore = Number(score);
    }

    let designee: CdqActor | null = null;
    const rawDesignee = raw.designee;
    const designeeKey =
      rawDesignee !== null && typeof rawDesignee === "object"
        ? ((rawDesignee as { email?: unknown; id?: unknown }).email ?? (rawDesignee as { id?: unknown }).id)
        : rawDesignee;
    if (designeeKey !== undefined && designeeKey !== null && String(designeeKey).trim() !== "") {
      const key = String(designeeKey).trim();
      const user = byEmail.get(key.toLowerCase()) ?? byId.get(key);
      if (!user) problem("designee", `No user of this company has the e-mail address or id "${key.slice(0, 200)}".`);
      else designee = { type: "user", id: user.id, displayName: user.displayName, email: user.email };
    }

    const fields: IssueFields = {
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
    issues.push(fields);
  });
  return { issues, problems };
}

/** The company's users a designee may name (blocked and deleted ones too: an issue may name a past designee). */
export async function designeeCandidates(db: Db, companyId: string): Promise<DesigneeCandidate[]> {
  return (await listCompanyUsers(db, companyId)).items;
}

/**
 * The fields an audit entry shows of an issue: its stored fields without bookkeeping. The audit trail strips a
 * top-level "context" as internal (001 §3), so the issue's context list is shown as "issueContext".
 */
function auditView(row: Omit<Row, "createdAt" | "updatedAt" | "companyId" | "studyId">): Record<string, unknown> {
  const { dateOfLastUpdate: _last, context, ...rest } = row;
  void _last;
  return { ...rest, issueContext: context };
}

/** An issue's fields with its dates as ISO 8601 text, as the API answers them. */
const withIsoDates = (fields: IssueFields) => ({
  ...fields,
  dateOfOccurrence: fields.dateOfOccurrence?.toISOString() ?? null,
  dateOfDetection: fields.dateOfDetection.toISOString(),
  dueDate: fields.dueDate?.toISOString() ?? null,
});

const comparable = (fields: IssueFields) => JSON.stringify(withIsoDates(fields));

function fieldsOf(row: Row): IssueFields {
  return {
    displayId: row.displayId,
    type: row.type,
    country: row.country ?? null,
    site: row.site ?? null,
    subject: row.subject ?? null,
    title: row.title,
    category: row.category,
    subCategory: row.subCategory,
    context: row.context ?? [],
    reasoning: row.reasoning,
    source: row.source,
    severity: row.severity,
    patientSafetyScore: row.patientSafetyScore,
    dateOfOccurrence: row.dateOfOccurrence,
    dateOfDetection: row.dateOfDetection,
    designee: row.designee ?? null,
    state: row.state,
    reviewStatus: row.reviewStatus ?? null,
    dueDate: row.dueDate,
  };
}

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  /** One before/after pair per created or changed issue, for the audit entry. */
  changes: ChangePair[];
}

/**
 * Writes validated issues into a study, inside the caller's transaction: an issue whose displayId the study already
 * has is updated (its dateOfLastUpdate moves only when something changed), any other is created.
 */
export async function writeIssues(
  db: Db,
  target: { companyId: string; studyId: string },
  issues: readonly IssueFields[],
  now: Date = new Date(),
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0, changes: [] };
  const existing = new Map<string, Row>();
  const displayIds = issues.map((issue) => issue.displayId);
  for (let i = 0; i < displayIds.length; i += 1000) {
    const rows = await db
      .select()
      .from(cdqIssues)
      .where(and(eq(cdqIssues.studyId, target.studyId), inArray(cdqIssues.displayId, displayIds.slice(i, i + 1000))));
    for (const row of rows) existing.set(row.displayId, row);
  }
  const inserts: (typeof cdqIssues.$inferInsert)[] = [];
  for (const issue of issues) {
    const before = existing.get(issue.displayId);
    if (!before) {
      const row = { id: newId(now), ...target, ...issue, dateOfLastUpdate: now };
      inserts.push(row);
      outcome.created += 1;
      outcome.changes.push({ before: null, after: auditView(row as Row) });
      continue;
    }
    if (comparable(fieldsOf(before)) === comparable(issue)) {
      outcome.unchanged += 1;
      continue;
    }
    const [after] = await db
      .update(cdqIssues)
      .set({ ...issue, dateOfLastUpdate: now, updatedAt: now })
      .where(eq(cdqIssues.id, before.id))
      .returning();
    outcome.updated += 1;
    outcome.changes.push({ before: auditView(before), after: auditView(after!) });
  }
  for (let i = 0; i < inserts.length; i += 500) await db.insert(cdqIssues).values(inserts.slice(i, i + 500));
  return outcome;
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

/**
 * Validates every row and, only when all are valid, writes them in the caller's transaction (the import call's, or
 * the CLI's): all or nothing.
 */
export async function importIssues(
  db: Db,
  target: { companyId: string; studyId: string },
  rows: readonly Record<string, unknown>[],
  now: Date = new Date(),
): Promise<({ ok: true } & ImportOutcome) | { ok: false; problems: CdqImportProblem[] }> {
  const { issues, problems } = validateImportRows(rows, await designeeCandidates(db, target.companyId));
  if (problems.length) return { ok: false, problems };
  return { ok: true, ...(await writeIssues(db, target, issues, now)) };
}
