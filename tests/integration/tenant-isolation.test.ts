import { addNotifications } from "@server/notifications/service";
import { currentDbQueries, runWithRequestId } from "@server/observability/logger";
import { parseAddress } from "@server/permissions/engine";
import { DEMO } from "@server/seed/demo";
import { apiRoutes } from "@server/service";
import { companyMembers } from "@server/users/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 9: a company administrator's `api/**` grant must reach only users who belong to that company. Every API call
 * about a user (`/users/:userId/…`) is tried, from the route table, for a user of the caller's company and for one of
 * another company; the permission check call must answer as the call itself does.
 */
const userScoped = apiRoutes.filter((route) => route.path.startsWith("/users/:userId/"));
/** Every call about a user, `/users/me/…` included. */
const aboutAUser = apiRoutes.filter((route) => route.path.startsWith("/users/"));

describe("every call names its tenant", () => {
  /**
   * Calls decided in the caller's home company (`/studies/:studyName/…` of 001 §7) must also read their data in that
   * company (principal.homeCompanyId), never in one their parameters name. None yet: list each one here as it comes.
   */
  const HOME_COMPANY_CALLS: string[] = [
    // Issue 15: files belong to the uploader's home company; a file's reader is checked per file (server/files).
    "/files",
    "/files/get/:id",
    "/studies/:studyName/ProtocolAnalysisTool/RiskAssessment/start",
    "/studies/:studyName/ProtocolAnalysisTool/RiskAssessment/:id/getResults",
    "/studies/:studyName/ProtocolAnalysisTool/requests/get",
    // Issue 25: the CTQ identification, and the form's lists of the caller's home company (ADR 0047).
    "/studies/:studyName/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification/start",
    "/studies/:studyName/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification/:id/getResults",
    "/studies/:studyName/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification/companyLists/get",
  ];

  it("a permission call's address names its company or the user it is about, never the caller's home company", () => {
    for (const route of apiRoutes.filter((r) => r.access === "permission")) {
      const parsed = parseAddress(`api${route.path.replace(/:[A-Za-z]+/g, "x")}`, { companyId: null });
      expect(parsed, route.path).not.toBeNull();
      const named = parsed!.companyId !== null || parsed!.subjectUserId !== null;
      expect(named || HOME_COMPANY_CALLS.includes(route.path), route.path).toBe(true);
    }
  });

  it("the calls not decided by a permission are these, each reviewed for tenant isolation (issue 9)", () => {
    // public: sign-in steps, tokens, settings and the logo (the caller's own company); authenticated: about the caller.
    const unchecked = apiRoutes
      .filter((r) => r.access !== "permission")
      .map((r) => `${r.access} ${r.method} ${r.path}`);
    expect(unchecked.sort()).toEqual([
      "authenticated POST /auth/permissions/check",
      // The shell call (ADR 0062): each part decided by the permission of the call it stands for (its own test).
      "authenticated POST /companies/:companyId/shell/get",
      "authenticated POST /oauth/code",
      "authenticated POST /oauth/session",
      // The audit chain check (ADR 0026): about the whole system; the handler demands a system-scoped grant.
      "authenticated POST /system/auditLogs/verify",
      "public GET /oauth/jwks",
      "public GET /oauth/logout",
      "public GET /v1/documents/companyLogo",
      "public GET /v2/settings",
      "public POST /auth/login",
      "public POST /auth/resetPassword",
      "public POST /auth/saml/resume",
      "public POST /auth/sendResetPasswordEmail",
      "public POST /auth/sso/oidc/discover",
      "public POST /auth/sso/oidc/login",
      "public POST /oauth/logout",
      "public POST /oauth/revoke",
      "public POST /oauth/token",
      "public POST /oauth/validateAuthorization",
    ]);
  });
});

describe.each(dbKinds())("calls about a user stay within the company on %s", (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    admin = await api.token(DEMO.users.admin.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const check = async (address: string, token = admin) => {
    const response = await api.call("POST", "/api/auth/permissions/check", {
      token,
      json: { permissions: [{ url: address }] },
    });
    return ((await response.json()) as { permissionCheckResults: { result: string }[] }).permissionCheckResults[0]!
      .result;
  };

  it("knows the calls about a user", () => {
    expect(userScoped.map((route) => route.path).sort()).toEqual([
      "/users/:userId/notifications/get",
      "/users/:userId/profilePicture/get",
    ]);
  });

  it.each(userScoped.map((route) => [route.path, route] as const))(
    "%s: another company's user is refused, one's own company's is not",
    async (path) => {
      const foreign = path.replace(":userId", DEMO.users.sso.id);
      const own = path.replace(":userId", DEMO.users.manager.id);
      const foreignAnswer = await api.call("POST", `/api${foreign}`, { token: admin });
      expect(foreignAnswer.status).toBe(403);
      expect(await check(`api${foreign}`)).toBe("Deny");
      const ownAnswer = await api.call("POST", `/api${own}`, { token: admin });
      expect(ownAnswer.status).not.toBe(403);
      expect(await check(`api${own}`)).toBe("Allow");
    },
  );

  it.each(aboutAUser.map((route) => [route.path] as const))(
    "%s: a user without any grant may make it about themself, by `me` and by their own id, and the check agrees",
    async (path) => {
      const nobody = await api.token(DEMO.users.noAccess.id);
      for (const subject of ["me", DEMO.users.noAccess.id]) {
        const own = path.replace(":userId", subject);
        if (own.includes(":")) continue;
        const answer = await api.call("POST", `/api${own}`, { token: nobody });
        // Refused neither by permission nor by a wrong reading of `me` (the account has no picture: 404 is its answer).
        expect(answer.status, own).not.toBe(403);
        expect(await check(`api${own}`, nobody), own).toBe("Allow");
        // …and nobody else's.
        const other = path.replace(":userId", DEMO.users.manager.id);
        if (own !== other && !path.startsWith("/users/me/")) {
          expect((await api.call("POST", `/api${other}`, { token: nobody })).status, other).toBe(403);
          expect(await check(`api${other}`, nobody), other).toBe("Deny");
        }
      }
    },
  );

  it("`me` is the caller: one's own picture by `me` is the picture by one's own id", async () => {
    const byId = await api.call("POST", `/api/users/${DEMO.users.admin.id}/profilePicture/get`, { token: admin });
    const byMe = await api.call("POST", "/api/users/me/profilePicture/get", { token: admin });
    expect(byId.status).toBe(200);
    expect(byMe.status).toBe(200);
    expect(Buffer.from(await byMe.arrayBuffer())).toEqual(Buffer.from(await byId.arrayBuffer()));
  });

  it("the check call about many users looks their companies up in one query, not one each", async () => {
    const permissions = Array.from({ length: 200 }, (_, i) => ({
      url: `api/users/6560de${String(i).padStart(18, "0")}/notifications/get`,
    }));
    permissions.push({ url: `api/users/${DEMO.users.manager.id}/notifications/get` });
    const { response, queries } = await runWithRequestId("check-many", async () => {
      const response = await api.call("POST", "/api/auth/permissions/check", { token: admin, json: { permissions } });
      return { response, queries: currentDbQueries() };
    });
    const results = ((await response.json()) as { permissionCheckResults: { result: string }[] })
      .permissionCheckResults;
    expect(results.filter((r) => r.result === "Allow")).toHaveLength(1);
    expect(results.at(-1)!.result).toBe("Allow");
    expect(queries).toBeLessThan(10);
  });

  it("a user unknown to the company is refused too (403), never told apart from others", async () => {
    const response = await api.call("POST", "/api/users/6560de0000000000000009ff/profilePicture/get", { token: admin });
    expect(response.status).toBe(403);
  });
});

describe.each(dbKinds())("a user of two companies, seen from one of them, on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
    // Sol (Northwind) also joins Demo Pharma, and has unread notifications in both.
    const db = api.database.db;
    await db.insert(companyMembers).values({ companyId: DEMO.company.id, userId: DEMO.users.sso.id });
    const note = (companyId: string, studyId: string | null) => ({
      userId: DEMO.users.sso.id,
      companyId,
      studyId,
      message: "x",
    });
    await addNotifications(db, [
      note(DEMO.company.id, DEMO.studies.active.id),
      note(DEMO.company.id, null),
      note(DEMO.ssoCompany.id, DEMO.studies.northwind.id),
      note(DEMO.ssoCompany.id, null),
      note(DEMO.ssoCompany.id, null),
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  const count = async (token: string, path: string) => {
    const response = await api.call("POST", path, { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { totalRecords: number }).totalRecords;
  };

  it("a company administrator counts only the notifications of their own company", async () => {
    const admin = await api.token(DEMO.users.admin.id);
    expect(await count(admin, `/api/users/${DEMO.users.sso.id}/notifications/get`)).toBe(2);
  });

  it("the user themself counts them all", async () => {
    const sol = await api.token(DEMO.users.sso.id);
    expect(await count(sol, "/api/users/me/notifications/get")).toBe(5);
    expect(await count(sol, `/api/users/${DEMO.users.sso.id}/notifications/get`)).toBe(5);
  });
});
