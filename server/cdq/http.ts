import { cdqCalls } from "../contracts/calls/cdq";
import { companyCalls } from "../contracts/calls/companies";
import { permissionAddress } from "../contracts/calls/define";
import type { CdqImportProblem, CdqImportResult } from "../contracts/cdq";
import { ErrorCode } from "../contracts/common";
import { ApiError, notFound } from "../http/problem";
import { defineRoute } from "../http/route";
import { importItems, MAX_IMPORT_BYTES, readImportFile, type ParsedFile } from "./import-rows";
import { getIssue, importIssues, listIssues } from "./service";

const ISSUE_NOT_FOUND = "Compliance & Data Quality Issue not found";

/** Every problem of an import, by row and field: the import wrote nothing. */
export function importRefused(problems: readonly CdqImportProblem[]): ApiError {
  const rows = new Set(problems.map((p) => p.row)).size;
  return new ApiError(
    400,
    ErrorCode.ValidationFailed,
    `${problems.length} problem(s) in ${rows} row(s); nothing was imported.`,
    {
      issues: problems.map((p) => ({
        path: p.field ? `${p.row}.${p.field}` : String(p.row),
        row: p.row,
        field: p.field,
        message: p.message,
      })),
    },
  );
}

/** The rows of an import call: a file part "file" (CSV or JSON, checked by content), or a JSON body of issues. */
async function importRows(body: unknown): Promise<Record<string, unknown>[]> {
  const file = (body as { file?: unknown } | null)?.file;
  const parsed = file instanceof File ? readImportFile(new Uint8Array(await file.arrayBuffer())) : importBodyRows(body);
  if (!parsed.ok) throw importRefused(parsed.problems);
  return parsed.rows;
}

function importBodyRows(body: unknown): ParsedFile {
  const items = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items))
    return {
      ok: false,
      problems: [{ row: 0, field: "items", message: "Send a file part, or a JSON body with items." }],
    };
  // The body is parsed already: its items are checked as they are (a round trip through JSON.stringify overflowed
  // the stack on a deeply nested body).
  return importItems(items);
}

export const cdqRoutes = [
  /** 001 §7: one page of the study's issues, {page, pageSize} → {items, paging}. */
  defineRoute({
    call: cdqCalls.list,
    access: "permission",
    scope: "study",
    handler: async ({ db, scope, body }) => listIssues(db, scope.study.internalStudyId, body),
  }),

  /** 001 §7: one issue; an issue of another study (or company) is not found. */
  defineRoute({
    call: cdqCalls.get,
    access: "permission",
    scope: "study",
    handler: async ({ db, scope, params, body, principal }) => {
      // The designee choices, asked for and allowed: read with the issue, in one statement.
      const address = permissionAddress(companyCalls.users, { companyId: scope.companyId });
      const withDesignees = body.designees === true && (await principal.can(address)) ? scope.companyId : null;
      const issue = await getIssue(db, scope.study.internalStudyId, params.issueId, withDesignees);
      if (!issue) throw notFound(ISSUE_NOT_FOUND);
      return issue;
    },
  }),

  /**
   * Beyond the spec: an operator's import (CSV or JSON), all or nothing, matched by displayId, audited as one entry
   * with a change per created or updated issue (docs/decisions/0027-cdq-issues.md).
   */
  defineRoute({
    call: cdqCalls.import,
    access: "permission",
    scope: "study",
    maxBodyBytes: MAX_IMPORT_BYTES + 64 * 1024,
    audit: { displayText: "Import Compliance & Data Quality issues" },
    handler: async (ctx): Promise<CdqImportResult> => {
      const target = { companyId: ctx.scope.companyId, studyId: ctx.scope.study.internalStudyId };
      const rows = await importRows(ctx.body);
      const outcome = await importIssues(ctx.db, target, rows);
      if (!outcome.ok) throw importRefused(outcome.problems);
      for (const change of outcome.changes) ctx.audit.change(change.before, change.after);
      return { isSuccess: true, created: outcome.created, updated: outcome.updated, unchanged: outcome.unchanged };
    },
  }),
];
