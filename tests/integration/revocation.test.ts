import type { AuthenticationMemo } from "@server/auth/principal";
import { authSessions } from "@server/auth/schema";
import { revokeUserSessions } from "@server/auth/sessions";
import { companies } from "@server/companies/schema";
import { currentDbQueries, runWithRequestId } from "@server/observability/logger";
import { permissionGrants } from "@server/permissions/schema";
import { DEMO } from "@server/seed/demo";
import { users } from "@server/users/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

const C = DEMO.company.id;
const PASSWORD = "Rbqm-Demo-2026";

/**
 * Caching the caller per web request and reference data per epoch (docs/decisions/0021-fast-pages.md) must not delay
 * any revocation: each takes effect on the very next request, and a changed grant or company on the next call.
 */
describe.each(dbKinds())("revocation and cache freshness on %s", (kind) => {
  let api: TestApi;
  const db = () => api.database.db;

  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => {
    await api.close();
  });

  async function signIn(email: string) {
    const form = new FormData();
    form.set("Email", email);
    form.set("Password", PASSWORD);
    const response = await api.service.fetch(
      new Request("http://localhost/api/auth/login", { method: "POST", body: form }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string };
  }

  /** One call as the web app makes it: with or without the authentications of its current request. */
  const companyGet = (token: string, memo?: AuthenticationMemo) =>
    api.service.fetch(
      new Request(`http://localhost/api/companies/${C}/get`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }),
      memo ? { authentications: memo } : undefined,
    );

  it("a logout ends the access token's next request", async () => {
    const tokens = await signIn(DEMO.users.manager.email);
    expect((await companyGet(tokens.access_token)).status).toBe(200);
    const revoke = await api.call("POST", "/api/oauth/revoke", { json: { token: tokens.refresh_token } });
    expect(revoke.status).toBe(200);
    expect((await companyGet(tokens.access_token)).status).toBe(401);
  });

  /** A call that, once the reference data is cached, reads nothing but the caller's row; and its round trips. */
  const callerOnly = (token: string) =>
    runWithRequestId("caller-only", async () => {
      const response = await companyGet(token);
      return { status: response.status, queries: currentDbQueries() };
    });

  it("the caller's row read again only when nothing else has run since (ADR 0068): every change is seen at once", async () => {
    const tokens = await signIn(DEMO.users.manager.email);
    await callerOnly(tokens.access_token); // the company is now in the reference cache
    const again = await callerOnly(tokens.access_token);
    expect(again.status).toBe(200);
    // On the embedded database the row read by the call before is used again: nothing has run since.
    expect(again.queries).toBe(kind === "pglite" ? 0 : 1);
    // Any statement in between, a read included, and the row is read again.
    await db().select({ id: users.id }).from(users).limit(1);
    expect((await callerOnly(tokens.access_token)).queries).toBe(1);
    expect((await callerOnly(tokens.access_token)).queries).toBe(kind === "pglite" ? 0 : 1);
    // A change to the caller, the row kept or not, is seen by the next call: blocked, then the session ended.
    await db().update(users).set({ isBlocked: true }).where(eq(users.id, DEMO.users.manager.id));
    try {
      expect((await callerOnly(tokens.access_token)).status).toBe(401);
    } finally {
      await db().update(users).set({ isBlocked: false }).where(eq(users.id, DEMO.users.manager.id));
    }
    expect((await callerOnly(tokens.access_token)).status).toBe(200);
    expect((await callerOnly(tokens.access_token)).queries).toBe(kind === "pglite" ? 0 : 1);
    await db().transaction(async (tx) => {
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(eq(authSessions.userId, DEMO.users.manager.id));
    });
    expect((await callerOnly(tokens.access_token)).status).toBe(401);
  });

  it("a blocked user's next request is refused", async () => {
    const tokens = await signIn(DEMO.users.monitor.email);
    expect((await companyGet(tokens.access_token)).status).toBe(200);
    await db().update(users).set({ isBlocked: true }).where(eq(users.id, DEMO.users.monitor.id));
    try {
      expect((await companyGet(tokens.access_token)).status).toBe(401);
    } finally {
      await db().update(users).set({ isBlocked: false }).where(eq(users.id, DEMO.users.monitor.id));
    }
  });

  it("a password reset ends every session at the next request", async () => {
    const tokens = await signIn(DEMO.users.admin.email);
    expect((await companyGet(tokens.access_token)).status).toBe(200);
    await revokeUserSessions(db(), DEMO.users.admin.id, "password reset");
    expect((await companyGet(tokens.access_token)).status).toBe(401);
  });

  it("reusing a rotated refresh token ends the grant, and its access tokens, at once", async () => {
    const tokens = await signIn(DEMO.users.manager.email);
    const refresh = (token: string) => {
      const form = new FormData();
      form.set("grant_type", "refresh_token");
      form.set("refresh_token", token);
      return api.service.fetch(new Request("http://localhost/api/oauth/token", { method: "POST", body: form }));
    };
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as { access_token: string };
    expect((await companyGet(rotated.access_token)).status).toBe(200);
    // Past the concurrency leeway, the spent token comes back: the whole grant ends.
    await db()
      .update(authSessions)
      .set({ lastUsedAt: sql`now()` });
    await db().execute(
      sql`update refresh_tokens set rotated_at = now() - interval '1 hour' where rotated_at is not null`,
    );
    expect((await refresh(tokens.refresh_token)).status).not.toBe(200);
    expect((await companyGet(rotated.access_token)).status).toBe(401);
  });

  it("a removed grant is denied on the next call, an added one allowed, though grants are cached", async () => {
    const token = await api.token(DEMO.users.noAccess.id);
    const address = `api/companies/${C}/get`;
    const check = async () => {
      const response = await api.call("POST", "/api/auth/permissions/check", {
        token,
        json: { permissions: [{ url: address }] },
      });
      return ((await response.json()) as { permissionCheckResults: { result: string }[] }).permissionCheckResults[0]!
        .result;
    };
    expect(await check()).toBe("Deny");
    expect(await check()).toBe("Deny"); // now from the cache
    await db().insert(permissionGrants).values({
      id: "6560de00000000000000f001",
      principalType: "user",
      principalId: DEMO.users.noAccess.id,
      scope: "company",
      companyId: C,
      studyId: null,
      pattern: "api/companies/{companyId}/get",
    });
    expect(await check()).toBe("Allow");
    expect((await api.call("POST", `/api/companies/${C}/get`, { token })).status).toBe(200);
    await db().delete(permissionGrants).where(eq(permissionGrants.id, "6560de00000000000000f001"));
    expect(await check()).toBe("Deny");
    expect((await api.call("POST", `/api/companies/${C}/get`, { token })).status).toBe(403);
  });

  it("a changed company is seen on the next call, though companies are cached", async () => {
    const token = await api.token(DEMO.users.admin.id);
    const name = async () => ((await (await companyGet(token)).json()) as { displayName: string }).displayName;
    const before = await name();
    expect(await name()).toBe(before);
    await db().update(companies).set({ displayName: "Renamed Pharma" }).where(eq(companies.id, C));
    try {
      expect(await name()).toBe("Renamed Pharma");
    } finally {
      await db().update(companies).set({ displayName: before }).where(eq(companies.id, C));
    }
    expect(await name()).toBe(before);
  });

  it("within one web request the caller is authenticated once, and a new request authenticates again", async () => {
    const tokens = await signIn(DEMO.users.manager.email);
    const memo: AuthenticationMemo = new Map();
    expect((await companyGet(tokens.access_token, memo)).status).toBe(200);
    expect(memo.size).toBe(1);
    expect((await companyGet(tokens.access_token, memo)).status).toBe(200);
    expect(memo.size).toBe(1);
    await api.call("POST", "/api/oauth/revoke", { json: { token: tokens.refresh_token } });
    // The next web request brings a new memo: the revocation shows at once.
    expect((await companyGet(tokens.access_token, new Map())).status).toBe(401);
  });
});
