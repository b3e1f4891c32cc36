import { users } from "@server/db/schema";
import { DEMO } from "@server/seed/demo";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

const C = DEMO.company.id;
const S = DEMO.studies;

describe.each(dbKinds())("product API on %s", (kind) => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await startTestApi(kind);
    for (const [name, user] of Object.entries(DEMO.users)) tokens[name] = await api.token(user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (path: string, token: string | null, json?: unknown) => api.call("POST", path, { token, json });

  describe("authentication", () => {
    it("answers a call without a token with 401 and the result wrapper", async () => {
      const response = await post(`/api/companies/${C}/get`, null);
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.json()).toMatchObject({
        title: "NotAuthenticated",
        status: 401,
        detail: "Sign-in is required.",
      });
    });

    it.each([
      ["not a bearer token", "Basic abc"],
      ["a malformed token", "Bearer not.a.jwt"],
      ["a token signed by someone else", "Bearer eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJzdWIiOiJ4In0.c2ln"],
    ])("refuses %s with 401", async (_name, header) => {
      const response = await api.call("POST", `/api/companies/${C}/get`, { headers: { authorization: header } });
      expect(response.status).toBe(401);
    });

    it("refuses an expired token", async () => {
      const expired = await api.service.deps.tokens.issueAccessToken({ userId: DEMO.users.admin.id, ttlSeconds: -10 });
      const response = await post(`/api/companies/${C}/get`, expired);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ detail: "The access token is invalid or has expired." });
    });

    it("refuses a valid token of a blocked user", async () => {
      const response = await post(`/api/companies/${C}/get`, tokens.blocked!);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ detail: "The account is blocked." });
    });

    it("refuses a valid token once the user is deleted", async () => {
      await api.database.db.update(users).set({ isDeleted: true }).where(eq(users.id, DEMO.users.noAccess.id));
      try {
        const response = await post("/api/auth/permissions/check", tokens.noAccess!, { permissions: [] });
        expect(response.status).toBe(401);
      } finally {
        await api.database.db.update(users).set({ isDeleted: false }).where(eq(users.id, DEMO.users.noAccess.id));
      }
    });
  });

  describe("permissions on every call", () => {
    it("answers 403 with the result wrapper when the engine denies", async () => {
      const response = await post(`/api/companies/${C}/get`, tokens.noAccess!);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ title: "Forbidden", status: 403 });
    });

    it("denies another company's calls even to its administrator", async () => {
      const response = await post(`/api/companies/${DEMO.ssoCompany.id}/get`, tokens.admin!);
      expect(response.status).toBe(403);
    });

    it("lets the study manager into the studies granted, and not into the retired one", async () => {
      expect((await post(`/api/companies/${C}/studies/${S.active.name}/get`, tokens.manager!)).status).toBe(200);
      expect((await post(`/api/companies/${C}/studies/${S.second.name}/get`, tokens.manager!)).status).toBe(200);
      expect((await post(`/api/companies/${C}/studies/${S.retired.name}/get`, tokens.manager!)).status).toBe(403);
    });

    it("checks permissions before existence, so a denied caller learns nothing", async () => {
      expect((await post(`/api/companies/${C}/studies/NOPE/get`, tokens.noAccess!)).status).toBe(403);
      expect((await post(`/api/companies/${C}/studies/NOPE/get`, tokens.admin!)).status).toBe(404);
    });

    it("answers the batched permission check in the order asked", async () => {
      const urls = [
        `api/companies/${C}/studies/${S.active.name}/get`,
        `api/companies/${C}/studies/${S.retired.name}/get`,
        `api/companies/${C}/studies/get`,
        `/api/companies/${DEMO.ssoCompany.id}/get`,
        "api/../../etc/passwd",
      ];
      const response = await post("/api/auth/permissions/check", tokens.manager!, {
        permissions: urls.map((url) => ({ url })),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        permissionCheckResults: [
          { request: { url: urls[0] }, result: "Allow" },
          { request: { url: urls[1] }, result: "Deny" },
          { request: { url: urls[2] }, result: "Allow" },
          { request: { url: urls[3] }, result: "Deny" },
          { request: { url: urls[4] }, result: "Deny" },
        ],
      });
    });

    it("gives group grants to the group's members (the monitor reads through 'Monitors')", async () => {
      const response = await post("/api/auth/permissions/check", tokens.monitor!, {
        permissions: [
          { url: `api/companies/${C}/studies/${S.active.name}/auditLogs/get` },
          { url: `api/companies/${C}/studies/${S.active.name}/criticalData/save` },
        ],
      });
      const body = (await response.json()) as { permissionCheckResults: { result: string }[] };
      expect(body.permissionCheckResults.map((r) => r.result)).toEqual(["Allow", "Deny"]);
    });

    it("needs sign-in for the permission check, and validates its body", async () => {
      expect((await post("/api/auth/permissions/check", null, { permissions: [] })).status).toBe(401);
      const invalid = await post("/api/auth/permissions/check", tokens.admin!, { permissions: [{ address: "x" }] });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({
        title: "ValidationFailed",
        additionalData: { issues: [{ path: "permissions.0.url" }] },
      });
      const tooMany = await post("/api/auth/permissions/check", tokens.admin!, {
        permissions: Array.from({ length: 501 }, (_, i) => ({ url: `api/x/${i}` })),
      });
      expect(tooMany.status).toBe(400);
    });
  });

  describe("calls", () => {
    it("GET /api/v2/settings answers every settings field, signed out", async () => {
      const response = await api.call("GET", "/api/v2/settings");
      expect(response.status).toBe(200);
      const settings = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(settings).sort()).toEqual(
        [
          "apiUrl",
          "systemDisplayVersion",
          "productName",
          "productNameHtmlTitle",
          "kriWikiUrl",
          "rbqmUrl",
          "legalName",
          "contactUsUrl",
          "helpUrl",
          "rbqmSupportEmail",
          "privacyPolicyUrl",
          "licenseAgreementLink",
          "currentUtcYear",
          "startYear",
          "sourceCommitVersion",
          "environmentLogo",
          "userId",
          "userNameOrEmail",
          "profileImage",
          "companyId",
          "studyDesignerUrl",
          "legacyBaseUrl",
          // Beyond 000 §3.1 (issue 24): Protocol Analysis STEP 1's tool, for every signed-in role.
          "complexityToolUrl",
          "isProtocolAnalysisToolAEnabled",
          "showAuditContextField",
        ].sort(),
      );
      expect(settings).toMatchObject({
        apiUrl: "/",
        userId: null,
        companyId: null,
        currentUtcYear: new Date().getUTCFullYear(),
      });
    });

    it("GET /api/v2/settings fills the user's fields when signed in", async () => {
      const response = await api.call("GET", "/api/v2/settings", { token: tokens.admin });
      expect(await response.json()).toMatchObject({
        userId: DEMO.users.admin.id,
        userNameOrEmail: DEMO.users.admin.displayName,
        companyId: C,
        isProtocolAnalysisToolAEnabled: true,
        profileImage: `api/users/${DEMO.users.admin.id}/profilePicture/get`,
      });
      const monitor = await api.call("GET", "/api/v2/settings", { token: tokens.monitor });
      expect(await monitor.json()).toMatchObject({ userId: DEMO.users.monitor.id, profileImage: null });
    });

    it("POST /api/companies/{companyId}/get answers the company", async () => {
      const response = await post(`/api/companies/${C}/get`, tokens.admin!);
      expect(await response.json()).toEqual({
        id: C,
        displayName: "Demo Pharma",
        isProtocolAnalysisToolAEnabled: true,
        usesSingleSignOn: false,
        isCpcdRationaleRequired: false,
      });
    });

    it("POST /api/companies/{companyId}/users/get lists the company's users", async () => {
      const response = await post(`/api/companies/${C}/users/get`, tokens.admin!);
      const body = (await response.json()) as { items: { id: string; displayName: string; isBlocked: boolean }[] };
      expect(body.items).toHaveLength(6);
      expect(body.items.map((u) => u.displayName)).toEqual([...body.items.map((u) => u.displayName)].sort());
      expect(body.items.find((u) => u.id === DEMO.users.blocked.id)).toMatchObject({ isBlocked: true });
      expect(body.items.some((u) => u.id === DEMO.users.sso.id)).toBe(false);
    });

    it("POST /api/companies/{companyId}/studies/get pages with defaults page 1 and size 200", async () => {
      const all = await post(`/api/companies/${C}/studies/get`, tokens.admin!);
      const body = (await all.json()) as { items: { displayId: string; isRetired: boolean }[]; paging: unknown };
      expect(body.paging).toEqual({ page: 1, pageSize: 200, totalCount: 3 });
      expect(body.items.map((s) => s.displayId)).toEqual(["DEMO-001", "DEMO-002", "LEG-2019"]);
      expect(body.items[2]).toMatchObject({
        isRetired: true,
        studyName: S.retired.name,
        internalStudyId: S.retired.id,
      });

      const second = await post(`/api/companies/${C}/studies/get`, tokens.admin!, { paging: { page: 2, pageSize: 2 } });
      expect(await second.json()).toMatchObject({
        items: [{ displayId: "LEG-2019" }],
        paging: { page: 2, pageSize: 2, totalCount: 3 },
      });

      const beyond = await post(`/api/companies/${C}/studies/get`, tokens.admin!, { paging: { page: 9, pageSize: 2 } });
      expect(await beyond.json()).toMatchObject({ items: [], paging: { page: 9, totalCount: 3 } });
    });

    it.each([[{ paging: { page: 0 } }], [{ paging: { pageSize: 5000 } }], [{ paging: { page: "two" } }]])(
      "refuses bad paging %j with 400",
      async (body) => {
        const response = await post(`/api/companies/${C}/studies/get`, tokens.admin!, body);
        expect(response.status).toBe(400);
      },
    );

    it("POST /api/companies/{companyId}/studies/{studyName}/get answers the study basic info", async () => {
      const response = await post(`/api/companies/${C}/studies/${S.retired.name}/get`, tokens.admin!);
      expect(await response.json()).toEqual({
        studyName: S.retired.name,
        internalStudyId: S.retired.id,
        displayId: S.retired.displayId,
        displayName: S.retired.displayName,
        isRetired: true,
      });
      const missing = await post(`/api/companies/${C}/studies/NOPE/get`, tokens.admin!);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ title: "NotFound", detail: "The study does not exist." });
    });

    it("GET /api/v1/documents/companyLogo answers the product logo signed out, with an ETag", async () => {
      const response = await api.call("GET", "/api/v1/documents/companyLogo");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("content-security-policy")).toContain("sandbox");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.text()).toContain("<svg");
      const etag = response.headers.get("etag")!;
      const again = await api.call("GET", "/api/v1/documents/companyLogo", { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    });
  });

  describe("bad input", () => {
    it("answers an unknown call with 404 in the result wrapper", async () => {
      const response = await post("/api/nothing/here", tokens.admin!);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ title: "NotFound" });
    });

    it("refuses a body that is not JSON", async () => {
      const response = await api.call("POST", "/api/auth/permissions/check", {
        token: tokens.admin,
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ title: "ValidationFailed", detail: "The body is not valid JSON." });
    });

    it("refuses an unsupported content type", async () => {
      const response = await api.call("POST", "/api/auth/permissions/check", {
        token: tokens.admin,
        headers: { "content-type": "application/xml" },
        body: "<x/>",
      });
      expect(response.status).toBe(415);
    });

    it("refuses a body over the size limit", async () => {
      const response = await api.call("POST", "/api/auth/permissions/check", {
        token: tokens.admin,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ permissions: [{ url: "x".repeat(1024 * 1024) }] }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ title: "PayloadTooLarge" });
    });

    it("refuses a path whose segments smuggle a slash", async () => {
      const response = await post(`/api/companies/${C}%2Fstudies%2F${S.active.name}/get`, tokens.admin!);
      expect([403, 404]).toContain(response.status);
    });
  });

  describe("health", () => {
    it("answers /healthz and /readyz", async () => {
      const live = await api.call("GET", "/healthz");
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: "ok" });
      const ready = await api.call("GET", "/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready", database: kind });
    });
  });
});
