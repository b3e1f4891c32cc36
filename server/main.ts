/**
 * The process entry: `node build/server.js` (npm start). It composes the product API (server/) and the web app
 * (the Remix build of app/) into one Node service, or runs one of them alone (ROLE=api, ROLE=web with API_URL).
 * See docs/decisions/0002-one-node-service.md.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createHttpTransport, type ApiTransport } from "../app/lib/api/transport.server";
import type { WebContext } from "../app/lib/context.server";
import { ConfigError, loadConfig, type Config } from "./config/config";
import { resolveAppSecret } from "./config/secret";
import { createLogger, currentDbQueries, currentRequestId, stdoutDestination, loggablePath, requestIdFrom, runWithRequestId, type Logger } from "./observability/logger";
import { createApiService, type ApiService } from "./service";
import { pooledRandomBytes } from "./web/random";
import { loadRemixHandler } from "./web/remix-handler";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main(): Promise<void> {
  loadEnvFile();
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, stdoutDestination());
  let service: ApiService | undefined;
  try {
    service = config.role === "web" ? undefined : await createApiService({ config, logger });
    const app = await createHttpApp(config, logger, service);
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info(
        { role: config.role, port: info.port, db: config.database.kind, url: `${config.publicUrl}/ng/` },
        `listening on ${config.publicUrl}/ng/`,
      );
    });
    installShutdown(server, service, logger);
  } catch (error) {
    logger.debug({ err: error }, "startup failed");
    process.stderr.write(`Startup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await service?.close().catch(() => undefined);
    process.exit(1);
  }
}

/** Variables from ./.env (or ENV_FILE; "none" turns it off) fill in what the environment does not set. */
function loadEnvFile(): void {
  const file = process.env.ENV_FILE ?? ".env";
  if (file === "none" || file === "") return;
  const resolved = path.resolve(file);
  if (fs.existsSync(resolved)) process.loadEnvFile(resolved);
  else if (process.env.ENV_FILE) {
    process.stderr.write(`Configuration error: ENV_FILE ${resolved} does not exist\n`);
    process.exit(1);
  }
}

export async function createHttpApp(config: Config, logger: Logger, service: ApiService | undefined): Promise<Hono<HttpEnv>> {
  // Per request: the API calls the web app made while answering it (logged with the request, so a page's cost shows).
  const app = new Hono<HttpEnv>();

  // One request id per request: on every log line (API included) and in the X-Request-Id answer header.
  app.use("*", async (c, next) => {
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    const started = performance.now();
    await runWithRequestId(requestId, async () => {
      await next();
      c.res.headers.set("x-request-id", requestId);
      const entry = {
        method: c.req.method,
        path: loggablePath(c.req.url),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...c.get("apiCalls"),
        dbQueries: currentDbQueries(),
      };
      const quiet = entry.path === "/healthz" || entry.path === "/readyz" || entry.path.startsWith("/ng/build/");
      if (quiet) logger.debug(entry, "request");
      else logger.info(entry, "request");
    });
  });

  if (config.role === "api") {
    app.all("*", (c) => service!.fetch(c.req.raw));
    return app;
  }

  const transport: ApiTransport = service
    ? (request, hints) => service.fetch(request, hints as Parameters<ApiService["fetch"]>[1])
    : createHttpTransport(config.apiUrl!);
  const publicDir = path.join(projectRoot, "public");
  app.use("*", compress());
  app.use(
    "/ng/build/*",
    serveStatic({
      root: publicDir,
      onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("/favicon.ico", serveStatic({ root: publicDir, onFound: (_p, c) => c.header("cache-control", "public, max-age=86400") }));

  const mode = config.env === "development" ? "development" : "production";
  const buildUrl = pathToFileURL(path.join(projectRoot, "build", "index.js")).href;
  const handler = await loadRemixHandler(buildUrl, mode);
  const sessionSecret = resolveAppSecret(config);
  const ownOrigin = new URL(config.publicUrl).origin;
  // Defence in depth against cross-site form posts (the cookies are SameSite=Lax as well): a browser's POST to a
  // page must come from our own origin. The SAML ACS, posted by identity providers, lives outside /ng/.
  app.post("/ng/*", async (c, next) => {
    const origin = c.req.header("origin");
    if (origin && origin !== ownOrigin) return c.text("Cross-origin form posts are not accepted.", 403);
    await next();
  });
  app.all("*", async (c) => {
    const calls: ApiCallCount = { apiCalls: 0, permissionChecks: 0 };
    c.set("apiCalls", calls);
    const context: WebContext = {
      apiTransport: (request, hints) => {
        calls.apiCalls += 1;
        if (new URL(request.url).pathname === "/api/auth/permissions/check") calls.permissionChecks += 1;
        return transport(request, hints);
      },
      requestId: currentRequestId() ?? requestIdFrom(undefined),
      cspNonce: pooledRandomBytes(16).toString("base64"),
      logger,
      web: { publicUrl: config.publicUrl, isProduction: mode === "production", sessionSecret },
      responseCookies: new Map(),
      pendingValues: new Map(),
      memo: new Map(),
      apiAuthentications: new Map(),
    };
    const response = await handler(c.req.raw, context as unknown as Record<string, unknown>);
    return withQueuedCookies(response, context.responseCookies);
  });
  return app;
}

interface ApiCallCount {
  apiCalls: number;
  permissionChecks: number;
}

type HttpEnv = { Variables: { apiCalls?: ApiCallCount } };

/** Adds the cookies a request queued (sign-in state, refreshed tokens) to its response, whatever route answered. */
function withQueuedCookies(response: Response, cookies: Map<string, string>): Response {
  if (cookies.size === 0) return response;
  let target = response;
  try {
    for (const header of cookies.values()) target.headers.append("set-cookie", header);
  } catch {
    // Immutable headers (a fetched Response): copy it.
    target = new Response(response.body, response);
    for (const header of cookies.values()) target.headers.append("set-cookie", header);
  }
  // Answers that set session cookies must not be stored by shared caches.
  target.headers.set("cache-control", "private, no-store");
  return target;
}

function installShutdown(server: ServerType, service: ApiService | undefined, logger: Logger): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "forced exit");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down: finishing open requests");
    const force = setTimeout(() => {
      logger.warn("open requests did not finish within 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(() => {
      void (service?.close() ?? Promise.resolve())
        .catch((error: unknown) => logger.error({ err: error }, "error while closing"))
        .finally(() => {
          logger.info("stopped");
          process.exit(0);
        });
    });
    if ("closeIdleConnections" in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
}

void main();
