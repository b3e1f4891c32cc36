import { isDatabaseUnavailable } from "@server/db/availability";
import { openDatabase } from "@server/db/database";
import { createLogger } from "@server/observability/logger";
import { DEMO } from "@server/seed/demo";
import { createApiService, type ApiService } from "@server/service";
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
