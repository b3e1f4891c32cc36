import { and, asc, desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { ChangePair } from "../audit/changes";
import {
  type CdqDesigneeChoice,
  type CdqImportProblem,
  type CdqIssue,
  type CdqIssueList,
  type CdqIssueWithDesignees,
} from "../contracts/cdq";
import { anyOf } from "../db/any-of";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { companyMembers, users } from "../users/schema";
import { listCompanyUsers } from "../users/service";
import { validateImportRows, type DesigneeCandidate, type IssueFields } from "./import-rows";
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
 * Pages that start before this many issues are read from the start in one statement (the index entries skipped cost
 * little); pages further on first read the total, to come from whichever end is nearer.
 */
const ONE_QUERY_OFFSET = 1000;

/** One page from the start, with the study's total in each row: one statement (none when the page is past the end). */
function pageFromStart(db: Db, studyId: string, offset: number, pageSize: number) {
  const ids = db
    .select({ id: cdqIssues.id })
    .from(cdqIssues)
    .where(eq(cdqIssues.studyId, studyId))
    .orderBy(desc(cdqIssues.dateOfDetection), desc(cdqIssues.id))
    .limit(pageSize)
    .offset(offset);
  const total = sql<string | number>`(select ${cdqIssueCounts.issueCount} from ${cdqIssueCounts}
    where ${cdqIssueCounts.studyId} = ${studyId})`;
  return db
    .select({ issue: cdqIssues, total })
    .from(cdqIssues)
    .where(and(eq(cdqIssues.studyId, studyId), pageIds(ids)))
    .orderBy(desc(cdqIssues.dateOfDetection), desc(cdqIssues.id));
}

/**
 * The rows of a page's ids, found by the primary key (`anyOf`, server/db/any-of.ts): `id in (…)` let the planner
 * (PGlite's, with no statistics) scan every issue of the study and run the page's subquery again for each one: 120
 * loops on the demo study, 4-5 ms (ADR 0061).
 */
const pageIds = (ids: SQLWrapper) => anyOf(cdqIssues.id, ids);

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
  const offset = (page - 1) * pageSize;
  // A page near the start (every page a person pages to) in one round trip, its total beside its rows (ADR 0041).
  if (offset < ONE_QUERY_OFFSET) {
    const found = await pageFromStart(db, studyId, offset, pageSize);
    if (found.length > 0) {
      const totalCount = Number(found[0]!.total);
      return { items: found.map((row) => toIssue(row.issue, now)), paging: { page, pageSize, totalCount } };
    }
  }
  // The total is kept by the database's triggers (migration 0007): one row, not a count over the study's issues.
  const [counted] = await db
    .select({ total: cdqIssueCounts.issueCount })
    .from(cdqIssueCounts)
    .where(eq(cdqIssueCounts.studyId, studyId));
  const totalCount = Number(counted?.total ?? 0);
  const result = (items: CdqIssue[]): CdqIssueList => ({ items, paging: { page, pageSize, totalCount } });
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
    .where(and(eq(cdqIssues.studyId, studyId), pageIds(ids)))
    .orderBy(desc(cdqIssues.dateOfDetection), desc(cdqIssues.id));
  return result(rows.map((row) => toIssue(row, now)));
}

/** One issue of a study; null when there is none with that id in this study. */
export async function getIssue(
  db: Db,
  studyId: string,
  issueId: string,
  /** The company whose users come with it as the designee choices (beyond the spec; one statement all the same). */
  designeesOf: string | null = null,
  now: Date = new Date(),
): Promise<CdqIssueWithDesignees | null> {
  const [row] = await db
    .select({ issue: cdqIssues, designees: designeesOf ? designeeChoices(designeesOf) : sql<null>`null` })
    .from(cdqIssues)
    .where(and(eq(cdqIssues.studyId, studyId), eq(cdqIssues.id, issueId)))
    .limit(1);
  if (!row) return null;
  const issue = toIssue(row.issue, now);
  return row.designees ? { ...issue, designees: parsedJson(row.designees) } : issue;
}

/** The company's users as designee choices, ordered as the users call orders them: a JSON array, as a subquery. */
const designeeChoices = (companyId: string) =>
  sql<
    CdqDesigneeChoice[] | string
  >`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'displayName', ${users.displayName}) order by ${users.displayName}, ${users.id}), '[]'::json) from ${companyMembers} join ${users} on ${users.id} = ${companyMembers.userId} where ${companyMembers.companyId} = ${companyId})`;

/** A json value as the driver gives it: parsed already (node-postgres, PGlite), or as text. */
const parsedJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

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
