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
import { NO_STORE } from "./contracts/headers";
import {
  createLogger,
  currentDbQueries,
  currentRequestId,
  stdoutDestination,
  loggablePath,
  requestIdFrom,
  routeConsoleToLogger,
  runWithRequestId,
  type Logger,
} from "./observability/logger";
import { createApiService, type ApiService } from "./service";
import { guardWebRequest, type WebGuardSettings, type WebRefusal } from "./web/guards";
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
  routeConsoleToLogger(logger);
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

// eslint-disable-next-line max-lines-per-function -- 103 lines, not yet split: the backlog of issue 21
export async function createHttpApp(
  config: Config,
  logger: Logger,
  service: ApiService | undefined,
): Promise<Hono<HttpEnv>> {
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
  app.use(
    "/favicon.ico",
    serveStatic({ root: publicDir, onFound: (_p, c) => c.header("cache-control", "public, max-age=86400") }),
  );

  const mode = config.env === "development" ? "development" : "production";
  const buildUrl = pathToFileURL(path.join(projectRoot, "build", "index.js")).href;
  const handler = await loadRemixHandler(buildUrl, mode);
  const sessionSecret = resolveAppSecret(config);
  const guardSettings: WebGuardSettings = {
    publicUrl: config.publicUrl,
    ...config.web,
    // Protocol uploads (issue 15): streamed on to POST /api/files.
    streamedUploads: /^\/ng\/companies\/[^/]+\/studies\/[^/]+\/riskAssessment\/(identification|upload)$/,
  };
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
    // The guards first (server/web/guards.ts): host, origin of a post, size and shape of its body. They cover the
    // web app under /ng/; the API, the SAML endpoints and the health checks answer other clients (IdPs, relying
    // parties, load balancers) and carry their own checks.
    const isWebApp = /^\/ng(\/|\.data$|$)/.test(new URL(c.req.url).pathname);
    const guarded = isWebApp
      ? await guardWebRequest(c.req.raw, guardSettings)
      : ({ ok: true, request: c.req.raw } as const);
    if (!guarded.ok) {
      context.refusal = guarded.refusal;
      logger.info({ refusal: guarded.refusal.kind, path: loggablePath(c.req.url) }, "web request refused");
      const refused = refusedRequest(guarded.request, guarded.refusal);
      if (!refused) return plainRefusal(guarded.refusal);
      let response = await handler(refused, context as unknown as Record<string, unknown>);
      // The form's page could not be shown again as it is (it redirects, or fails): the refusal page says it instead.
      if (response.status !== 200 && !new URL(refused.url).pathname.startsWith("/ng/refused")) {
        response = await handler(refusalPageRequest(refused), context as unknown as Record<string, unknown>);
      }
      return finishWebResponse(c.req.raw, withStatus(response, guarded.refusal.status), context.responseCookies);
    }
    const response = await handler(guarded.request, context as unknown as Record<string, unknown>);
    return finishWebResponse(c.req.raw, response, context.responseCookies);
  });
  return app;
}

interface ApiCallCount {
  apiCalls: number;
  permissionChecks: number;
}

type HttpEnv = { Variables: { apiCalls?: ApiCallCount } };

/**
 * The last step of every web request: the cookies it queued (sign-in state, refreshed tokens, toasts) are written,
 * and pages and their data answers are never stored (after Log Out, Back must not show the previous user's page),
 * nor sniffed or framed. Images and other resources keep the caching their route chose, unless cookies were set;
 * an answer that chose none is not stored.
 */
function finishWebResponse(request: Request, response: Response, cookies: Map<string, string>): Response {
  const target = editable(response);
  const headers = target.headers;
  for (const header of cookies.values()) headers.append("set-cookie", header);
  const type = headers.get("content-type") ?? "";
  const isPage = type.startsWith("text/html") || new URL(request.url).pathname.endsWith(".data");
  // What a route did not say may be kept is never stored either (a resource route's JSON, a redirect).
  if (isPage || cookies.size > 0 || !headers.has("cache-control")) headers.set("cache-control", "private, no-store");
  if (isPage) {
    if (!headers.has("content-security-policy")) headers.set("content-security-policy", "frame-ancestors 'none'");
    if (!headers.has("x-frame-options")) headers.set("x-frame-options", "DENY");
  }
  return target;
}

/** The response itself when its headers can change, else a copy (a fetched Response's are immutable); nosniff on both. */
function editable(response: Response): Response {
  try {
    response.headers.set("x-content-type-options", "nosniff");
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("x-content-type-options", "nosniff");
    return copy;
  }
}

/** A refused request answered by a page: the refusal page, or the same page again for a form that could not be read. */
function refusedRequest(request: Request, refusal: WebRefusal): Request | null {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || refusal.kind === "method") return null;
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  if (refusal.kind === "host" || refusal.kind === "origin") return refusalPageRequest(new Request(url, { headers }));
  // The form's own page, shown again with a toast that says what went wrong (app/root.tsx).
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return new Request(url, { method: "GET", headers });
}

function refusalPageRequest(request: Request): Request {
  return new Request(new URL("/ng/refused", request.url), { method: "GET", headers: request.headers });
}

/** Data requests (scripts running) get a short text; the page they came from shows its own error. */
function plainRefusal(refusal: WebRefusal): Response {
  const text: Record<WebRefusal["kind"], string> = {
    host: "This address is not served here.",
    origin: "Form posts must come from this site.",
    formTooLarge: `The form is larger than ${refusal.kind === "formTooLarge" ? refusal.maxBytes : 0} bytes.`,
    formUnreadable: "The form could not be read.",
    method: "This address answers GET, HEAD and POST only.",
  };
  return new Response(text[refusal.kind], {
    status: refusal.status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      ...NO_STORE,
      "x-content-type-options": "nosniff",
      ...(refusal.kind === "method" ? { allow: "GET, HEAD, POST" } : {}),
    },
  });
}

function withStatus(response: Response, status: number): Response {
  return response.status === status ? response : new Response(response.body, { status, headers: response.headers });
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
