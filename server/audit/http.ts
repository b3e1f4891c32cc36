import {
  auditExportRequestSchema,
  auditListRequestSchema,
  type AuditChainReport,
  type AuditEntry,
  type AuditListEntry,
} from "../contracts/audit";
import { ErrorCode } from "../contracts/common";
import { NO_STORE } from "../contracts/headers";
import { ApiError, forbidden, notFound } from "../http/problem";
import { defineRoute, type RouteContext } from "../http/route";
import { grantAllows, parseAddress } from "../permissions/engine";
import { getStudy } from "../studies/service";
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
 * its path (000 §6); the scope (a study, or the company level of a company) bounds every query, so an entry of
 * another study or company is "not found".
 */

type Ctx = Pick<RouteContext<unknown, unknown>, "db" | "params" | "cached">;

/** The study's scope; a study that does not exist is not found. */
async function studyScope({ db, params, cached }: Ctx): Promise<AuditScopeFilter> {
  const companyId = params.companyId!;
  const studyName = params.studyName!;
  const study = await cached(`study:${companyId}:${studyName}`, () => getStudy(db, companyId, studyName));
  if (!study) throw notFound("The study does not exist.");
  return { companyId, studyId: study.internalStudyId };
}

const companyScope = ({ params }: Ctx): AuditScopeFilter => ({ companyId: params.companyId!, studyId: null });

/** No audit entry in the range: the page says "Failed to export audit entries" (001 §7). */
export const NO_ENTRIES_TO_EXPORT = "There are no audit entries in this range.";

function entryRoute(path: string, scopeOf: (ctx: Ctx) => Promise<AuditScopeFilter> | AuditScopeFilter) {
  return defineRoute({
    method: "POST",
    path,
    access: "permission",
    handler: async (ctx): Promise<AuditEntry> => {
      const entry = await getAuditEntry(ctx.db, await scopeOf(ctx), ctx.params.entryId!);
      if (!entry) throw notFound("No audit entry found");
      return entry;
    },
  });
}

function listRoute(path: string, scopeOf: (ctx: Ctx) => Promise<AuditScopeFilter> | AuditScopeFilter) {
  return defineRoute({
    method: "POST",
    path,
    access: "permission",
    body: auditListRequestSchema,
    handler: async (ctx): Promise<AuditListEntry[]> => {
      const scope = await scopeOf(ctx);
      try {
        return await listAuditEntries(ctx.db, scope, ctx.body.before);
      } catch (error) {
        // The spec's client reads a failure as an empty list (001 §7); the failure is on the record here.
        ctx.log.error({ err: error }, "audit list failed");
        return [];
      }
    },
  });
}

function exportRoute(
  path: string,
  scopeOf: (ctx: Ctx) => Promise<AuditScopeFilter> | AuditScopeFilter,
  nameOf: (params: Record<string, string>) => string,
) {
  return defineRoute({
    method: "POST",
    path,
    access: "permission",
    body: auditExportRequestSchema,
    maxBodyBytes: 4 * 1024,
    handler: async (ctx) => {
      const stream = await openAuditExport(ctx.db, await scopeOf(ctx), ctx.body, {
        onError: (error) => ctx.log.error({ err: error }, "audit export failed while streaming"),
      });
      if (!stream) throw new ApiError(404, ErrorCode.NotFound, NO_ENTRIES_TO_EXPORT);
      return new Response(stream, {
        status: 200,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": attachmentDisposition(exportFileName(nameOf(ctx.params))),
          ...NO_STORE,
        },
      });
    },
  });
}

/** The chain check is the system's, not a company's: only a system-wide grant allows it (ADR 0026). */
export const VERIFY_PATH = "/system/auditLogs/verify";

export const auditRoutes = [
  listRoute("/companies/:companyId/studies/:studyName/auditLogs/get", studyScope),
  exportRoute("/companies/:companyId/studies/:studyName/auditLogs/export", studyScope, (p) => p.studyName!),
  entryRoute("/companies/:companyId/studies/:studyName/auditLogs/:entryId/get", studyScope),
  // Beyond the spec: the company-level trail (changes made at company level), the same shapes again.
  listRoute("/companies/:companyId/auditLogs/get", companyScope),
  exportRoute("/companies/:companyId/auditLogs/export", companyScope, (p) => `company-${p.companyId!}`),
  entryRoute("/companies/:companyId/auditLogs/:entryId/get", companyScope),
  defineRoute({
    method: "POST",
    path: VERIFY_PATH,
    // About the whole system, not a tenant: decided here by a system-scoped grant, never by a company's "api/**".
    access: "authenticated",
    handler: async ({ db, principal, request }): Promise<AuditChainReport> => {
      const address = new URL(request.url).pathname.replace(/^\//, "");
      const parsed = parseAddress(address, { companyId: principal.homeCompanyId, userId: principal.userId });
      const grants = await principal.grants();
      if (!parsed || !grants.some((grant) => grant.scope === "system" && grantAllows(grant, parsed))) {
        throw forbidden("Only a system administrator may verify the audit trail.");
      }
      return verifyAuditChain(db);
    },
  }),
];
