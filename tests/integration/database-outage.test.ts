import net from "node:net";
import { isDatabaseUnavailable } from "@server/db/availability";
import { openDatabase } from "@server/db/database";
import { createLogger } from "@server/observability/logger";
import { DEMO } from "@server/seed/demo";
import { apiRoutes, createApiService, type ApiService } from "@server/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostgresBin, startCluster, type Cluster } from "../support/postgres-cluster";
import { testConfig } from "../support/service";

/**
 * Issue 9: when PostgreSQL goes away under a running service, API calls answer 503 in the result wrapper (never 500)
 * and the service recovers by itself when the database returns. A throwaway cluster of its own, stopped and started
 * again while the API runs.
 */
const bin = findPostgresBin();

describe.runIf(bin !== null)("the database going away under a running API", () => {
  let cluster: Cluster;
  let service: ApiService;
  let token: string;
  const call = () =>
    service.fetch(
      new Request(`http://localhost/api/companies/${DEMO.company.id}/users/get`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }),
    );

  beforeAll(async () => {
    cluster = await startCluster(bin!);
    const database = await openDatabase({ kind: "postgres", url: cluster.url, poolMax: 4 });
    service = await createApiService({
      config: { ...testConfig(), seedDemoData: true },
      logger: createLogger("silent"),
      database,
      startWorkers: false,
    });
    token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.admin.id });
  });
  afterAll(async () => {
    await service?.close();
    await service?.deps.database.close().catch(() => undefined);
    cluster?.stop();
  });

  it("answers 503 ServiceUnavailable with Retry-After while it is away, and 200 again once it is back", async () => {
    expect((await call()).status).toBe(200);
    cluster.pause();
    const down = await call();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(await down.json()).toMatchObject({
      title: "ServiceUnavailable",
      detail: "The service is briefly unavailable. Please try again in a moment.",
    });
    cluster.resume();
    await expect
      .poll(
        async () => {
          const r = await call();
          return r.status === 200 ? 200 : `${r.status} ${await r.text()}`;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200);
  });
});

describe.runIf(bin !== null)("every call while the database is away", () => {
  let cluster: Cluster;
  let service: ApiService;
  let token: string;
  const call = (path: string, init: { method?: string; token?: string; json?: unknown } = {}) =>
    service.fetch(
      new Request(`http://localhost${path}`, {
        method: init.method ?? "POST",
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      }),
    );
  const address = (path: string) =>
    path
      .replace(":companyId", DEMO.company.id)
      .replace(":studyName", DEMO.studies.active.name)
      .replace(":userId", DEMO.users.admin.id);

  beforeAll(async () => {
    cluster = await startCluster(bin!);
    const database = await openDatabase({ kind: "postgres", url: cluster.url, poolMax: 4 });
    service = await createApiService({
      config: { ...testConfig(), seedDemoData: true },
      logger: createLogger("silent"),
      database,
      startWorkers: false,
    });
    token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.admin.id });
    cluster.pause();
  });
  afterAll(async () => {
    await service?.close();
    await service?.deps.database.close().catch(() => undefined);
    cluster?.stop();
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s with a token: 503 ServiceUnavailable, never 500 nor a sign-in that has ended",
    async (_name, route) => {
      const response = await call(`/api${address(route.path)}`, {
        method: route.method,
        token,
        json: route.method === "POST" ? {} : undefined,
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ title: "ServiceUnavailable" });
    },
  );

  it("the browser's SAML steps send the user to sign in with 'briefly unavailable', not 'single sign-on failed'", async () => {
    const start = await call(`/login-saml?email=${encodeURIComponent("sso@northwind.example")}`, { method: "GET" });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toMatch(/^\/ng\/login\?error=unavailable&email=sso%40northwind\.example/);
    const acs = await service.fetch(
      new Request("http://localhost/saml/acs", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ SAMLResponse: "PHNhbWxwOlJlc3BvbnNlLz4=", RelayState: `_${"a".repeat(40)}` }),
      }),
    );
    expect(acs.status).toBe(302);
    expect(acs.headers.get("location")).toBe("/ng/login?error=unavailable");
  });

  it("sign-in steps that need the database: 503, not a wrong password nor a failed single sign-on", async () => {
    const sessionId = "6560de00000000000000ffff";
    const refresh = await service.deps.tokens.issueRefreshToken({
      userId: DEMO.users.admin.id,
      sessionId,
      jti: "6560de00000000000000fffe",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const answers = {
      login: await call("/api/auth/login", { json: { Email: DEMO.users.admin.email, Password: "Rbqm-Demo-2026" } }),
      reset: await call("/api/auth/sendResetPasswordEmail", { json: { Email: DEMO.users.admin.email } }),
      refresh: await call("/api/oauth/token", { json: { grant_type: "refresh_token", refresh_token: refresh } }),
      samlResume: await call("/api/auth/saml/resume", { json: { token: refresh, binding: "x" } }),
      revoke: await call("/api/oauth/revoke", { json: { token: refresh } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.status]))).toEqual({
      login: 503,
      reset: 503,
      refresh: 503,
      samlResume: 503,
      revoke: 503,
    });
  });
});

describe("a database that does not answer", () => {
  it("a connection that hangs is given up, and counts as the database being away (not a request that waits on)", async () => {
    // Accepts connections and then says nothing, as a host behind a dropped route or an overloaded server may.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const failure = await openDatabase({
        kind: "postgres",
        url: `postgres://x@127.0.0.1:${port}/x`,
        poolMax: 1,
      }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("what counts as the database being unavailable", () => {
  it("connection failures and shutdowns, through drizzle's wrapping; not query mistakes", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("Failed query", {
          cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("a"), { code: "ECONNREFUSED" })]))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("syntax error at or near"))).toBe(false);
    expect(isDatabaseUnavailable("nope")).toBe(false);
  });
});
