import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { loadConfig, type Config } from "@server/config/config";
import type { RouteDefinition } from "@server/http/route";
import type { MailTransport } from "@server/mail/transport";
import { createLogger } from "@server/observability/logger";
import { createApiService, type ApiService } from "@server/service";
import { openTestDatabase, type DbKind, type TestDatabase } from "./db";

export const TEST_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/** A validated configuration for tests, with a private DATA_DIR. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-test-"));
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_SECRET, DATA_DIR: dataDir, ...env });
}

export interface TestApi {
  service: ApiService;
  database: TestDatabase;
  config: Config;
  /** An access token for a user. */
  token(userId: string): Promise<string>;
  /** Calls the API in-process, as a browser or the client would. */
  call(
    method: string,
    apiPath: string,
    options?: { token?: string | null; json?: unknown; headers?: Record<string, string>; body?: BodyInit },
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestApi(
  kind: DbKind,
  options: {
    seed?: boolean;
    extraRoutes?: readonly RouteDefinition[];
    mailTransport?: MailTransport;
    env?: Record<string, string>;
    /** Run the background workers (mail dispatch, analysis jobs); off by default. */
    startWorkers?: boolean;
  } = {},
): Promise<TestApi> {
  const database = await openTestDatabase(kind);
  const config = { ...testConfig(options.env), seedDemoData: options.seed ?? true };
  const service = await createApiService({
    config,
    logger: createLogger("silent"),
    database,
    startWorkers: options.startWorkers ?? false,
    extraRoutes: options.extraRoutes,
    mailTransport: options.mailTransport,
  });
  return {
    service,
    database,
    config,
    token: (userId) => service.deps.tokens.issueAccessToken({ userId }),
    call(method, apiPath, { token, json, headers, body } = {}) {
      const h = new Headers(headers);
      if (token) h.set("authorization", `Bearer ${token}`);
      let payload: BodyInit | undefined = body;
      if (json !== undefined) {
        h.set("content-type", "application/json");
        payload = JSON.stringify(json);
      }
      return service.fetch(new Request(`http://localhost${apiPath}`, { method, headers: h, body: payload }));
    },
    async close() {
      await service.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The test API served over HTTP on 127.0.0.1 (a free port), as the web app reaches it with API_URL (ROLE=web). */
export async function serveOverHttp(api: TestApi): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve(
      { fetch: (request) => api.service.fetch(request), port: 0, hostname: "127.0.0.1" },
      () => resolve(started),
    );
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
