import type { Db } from "@server/db/database";
import type { RouteDefinition } from "@server/http/route";
import { checkScopes, resolveScope, type ScopeLookups } from "@server/http/scope";
import { describe, expect, it } from "vitest";

/** The pipeline's scope middleware (server/http/scope.ts, ADR 0033), with look-ups that answer from a table. */
const studies: Record<string, string[]> = { acme: ["DEMO001"], northwind: ["NW1"] };
const lookups: ScopeLookups = {
  company: async (_db, companyId) => (companyId in studies ? ({ id: companyId } as never) : null),
  study: async (_db, companyId, studyName) =>
    studies[companyId]?.includes(studyName)
      ? ({ internalStudyId: `${companyId}/${studyName}`, displayId: studyName } as never)
      : null,
};
const db = {} as Db;
const direct = <T>(_key: string, load: () => Promise<T>) => load();
const route = (path: string, scope: RouteDefinition["scope"], access: RouteDefinition["access"] = "permission") =>
  ({ method: "POST", path, scope, access, handler: async () => null }) as RouteDefinition;

describe("the homeStudy scope: the study of the path in the caller's home company", () => {
  const pat = route("/studies/:studyName/ProtocolAnalysisTool/requests/get", "homeStudy");

  it("resolves the study of the caller's home company", async () => {
    const scope = await resolveScope(pat, { studyName: "DEMO001" }, lookups, db, direct, { homeCompanyId: "acme" });
    expect(scope).toEqual({
      companyId: "acme",
      studyName: "DEMO001",
      study: { internalStudyId: "acme/DEMO001", displayId: "DEMO001" },
    });
  });

  it("answers 404 for a study of another company, or none", async () => {
    for (const studyName of ["NW1", "NOPE"]) {
      await expect(
        resolveScope(pat, { studyName }, lookups, db, direct, { homeCompanyId: "acme" }),
      ).rejects.toMatchObject({ status: 404, detail: "The study does not exist." });
    }
  });

  it("stops the start for a route that cannot be resolved: no :studyName, or public access", () => {
    expect(() => checkScopes([pat])).not.toThrow();
    expect(() => checkScopes([route("/studies/ProtocolAnalysisTool/get", "homeStudy")])).toThrow(/needs :studyName/);
    expect(() => checkScopes([route("/studies/:studyName/x", "homeStudy", "public")])).toThrow(/signed-in caller/);
  });
});
