import { auditCalls } from "../contracts/calls/audit";
import { ErrorCode } from "../contracts/common";
import { NO_STORE } from "../contracts/headers";
import { ApiError, forbidden, notFound } from "../http/problem";
import { defineRoute, type CompanyScope, type StudyScope } from "../http/route";
import { grantAllows, parseAddress } from "../permissions/engine";
import {
  attachmentDisposition,
  exportFileName,
  getAuditEntry,
  listAuditEntries,
  openAuditExport,
  type AuditScopeFilter,
} from "./read";
import { verifyAuditChain } from "./service";

/**
 * The audit trail's calls (001 §7; ADR 0026). Read-only: none of them is itself audited. The permission of each is
 * its path (000 §6); the scope (a study, or the company level of a company, resolved by the route's `scope`) bounds
 * every query, so an entry of another study or company is "not found".
 */

/** The trail a call reads: the study's, or the company level of the company. */
const filterOf = (scope: CompanyScope | StudyScope): AuditScopeFilter => ({
  companyId: scope.companyId,
  studyId: "study" in scope ? scope.study.internalStudyId : null,
});

/** The export's file is named after the study, or "company-<id>". */
const exportNameOf = (scope: CompanyScope | StudyScope): string =>
  "studyName" in scope ? scope.studyName : `company-${scope.companyId}`;

/** No audit entry in the range: the page says "Failed to export audit entries" (001 §7). */
export const NO_ENTRIES_TO_EXPORT = "There are no audit entries in this range.";

function trailRoutes(level: "company" | "study") {
  const calls = auditCalls[level];
  return [
    defineRoute({
      call: calls.list,
      access: "permission",
      scope: level,
      handler: async (ctx) => {
        try {
          return await listAuditEntries(ctx.db, filterOf(ctx.scope), ctx.body.before, {
            changesLimit: ctx.body.changesLimit,
          });
        } catch (error) {
          // The spec's client reads a failure as an empty list (001 §7); the failure is on the record here.
          ctx.log.error({ err: error }, "audit list failed");
          return [];
        }
      },
    }),
    defineRoute({
      call: calls.export,
      access: "permission",
      scope: level,
      maxBodyBytes: 4 * 1024,
      handler: async (ctx) => {
        const stream = await openAuditExport(ctx.db, filterOf(ctx.scope), ctx.body, {
          onError: (error) => ctx.log.error({ err: error }, "audit export failed while streaming"),
        });
        if (!stream) throw new ApiError(404, ErrorCode.NotFound, NO_ENTRIES_TO_EXPORT);
        return new Response(stream, {
          status: 200,
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": attachmentDisposition(exportFileName(exportNameOf(ctx.scope))),
            ...NO_STORE,
          },
        });
      },
    }),
    defineRoute({
      call: calls.entry,
      access: "permission",
      scope: level,
      maxBodyBytes: 1024,
      handler: async (ctx) => {
        const entry = await getAuditEntry(ctx.db, filterOf(ctx.scope), ctx.params.entryId, ctx.body.changes);
        if (!entry) throw notFound("No audit entry found");
        return entry;
      },
    }),
  ];
}

/** The chain check is the system's, not a company's: only a system-wide grant allows it (ADR 0026). */
export const VERIFY_PATH = auditCalls.verify.path;

export const auditRoutes = [
  ...trailRoutes("study"),
  // Beyond the spec: the company-level trail (changes made at company level), the same shapes again.
  ...trailRoutes("company"),
  defineRoute({
    call: auditCalls.verify,
    // About the whole system, not a tenant: decided here by a system-scoped grant, never by a company's "api/**".
    access: "authenticated",
    handler: async ({ db, principal, pathname }) => {
      const address = pathname.replace(/^\//, "");
      const parsed = parseAddress(address, { companyId: principal.homeCompanyId, userId: principal.userId });
      const grants = await principal.grants();
      if (!parsed || !grants.some((grant) => grant.scope === "system" && grantAllows(grant, parsed))) {
        throw forbidden("Only a system administrator may verify the audit trail.");
      }
      return verifyAuditChain(db);
    },
  }),
];
