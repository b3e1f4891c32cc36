/**
 * The process entry: `node build/server.js` (npm start). It composes the product API (server/) and the web app
 * (the Remix build of app/) into one Node service, or runs one of them alone (ROLE=api, ROLE=web with API_URL).
 * See docs/decisions/0002-one-node-service.md.
 */
import fs from "node:fs";
import type { Server as HttpServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { createHttpTransport, type ApiInvoke, type ApiTransport } from "../app/lib/api/transport.server";
import type { WebContext } from "../app/lib/context.server";
import { ConfigError, loadConfig, type Config } from "./config/config";
import { resolveAppSecret } from "./config/secret";
import { startupFailureLine } from "./config/startup-errors";
import { NO_STORE } from "./contracts/headers";
import { lingering } from "./net/early-answers";
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
    // The workers (analysis jobs, mail delivery) start once the port is ours: an instance that cannot serve takes no
    // job (issue 22).
    service = config.role === "web" ? undefined : await createApiService({ config, logger, startWorkers: false });
    const app = await createHttpApp(config, logger, service);
    const server = await listen(app, config, logger);
    installShutdown(server, service, logger);
    await service?.startWorkers();
  } catch (error) {
    logger.debug({ err: error }, "startup failed");
    process.stderr.write(`${startupFailureLine(error, config)}\n`);
    await service?.close().catch(() => undefined);
    process.exit(1);
  }
}

/** How long an idle keep-alive connection stays open (beyond the 60 s idle limit of common proxies and clients). */
const KEEP_ALIVE_MS = 65_000;

/** Serves the app; resolves once it listens. A port in use (or not ours to take) is one line that names it. */
function listen(app: Hono<HttpEnv>, config: Config, logger: Logger): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, ...lingering }, (info) => {
      logger.info(
        { role: config.role, port: info.port, db: config.database.kind, url: `${config.publicUrl}/ng/` },
        `listening on ${config.publicUrl}/ng/`,
      );
      resolve(server);
    });
    // An idle keep-alive connection is closed by the server only well after a client or proxy would reuse it (their
    // usual idle limit is 60 s): with Node's 5 s, a request sent on a connection the server was closing at that moment
    // ended in ECONNRESET, and a browser does not resend a POST (seen in the e2e runs).
    const http1 = server as HttpServer;
    http1.keepAliveTimeout = KEEP_ALIVE_MS;
    http1.headersTimeout = KEEP_ALIVE_MS + 1_000;
    server.once("error", (error: NodeJS.ErrnoException) => {
      const where = config.host ? `HOST ${config.host} PORT ${config.port}` : `PORT ${config.port}`;
      if (error.code === "EADDRINUSE") {
        reject(new Error(`${where} is already in use by another process: stop it, or set PORT to a free port.`));
      } else if (error.code === "EACCES" || error.code === "EADDRNOTAVAIL") {
        reject(
          new Error(`cannot listen on ${where} (${error.code}): set PORT (and HOST) to an address this host has.`),
        );
      } else reject(error);
    });
  });
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

export async function createHttpApp(
  config: Config,
  logger: Logger,
  service: ApiService | undefined,
): Promise<Hono<HttpEnv>> {
  // Per request: the API calls the web app made while answering it (logged with the request, so a page's cost shows).
  const app = new Hono<HttpEnv>();

  // One request id per request: on every log line (API included) and in the X-Request-Id answer header.
  app.use("*", requestLog(logger));

  if (config.role === "api") {
    app.all("*", (c) => service!.fetch(c.req.raw));
    return app;
  }

  const transport: ApiTransport = service
    ? (request, hints) => service.fetch(request, hints as Parameters<ApiService["fetch"]>[1])
    : createHttpTransport(config.apiUrl!);
  // In the same process the web app calls the API's pipeline without HTTP objects (docs/decisions/0045).
  const invoke: ApiInvoke | undefined = service
    ? (call, hints) => service.invoke(call, hints as Parameters<ApiService["invoke"]>[1])
    : undefined;
  serveStaticFiles(app);

  const mode = config.env === "development" ? "development" : "production";
  const buildUrl = pathToFileURL(path.join(projectRoot, "build", "index.js")).href;
  const handler = await loadRemixHandler(buildUrl, mode);
  const sessionSecret = resolveAppSecret(config);
  const guardSettings: WebGuardSettings = {
    publicUrl: config.publicUrl,
    ...config.web,
    // Protocol uploads (issue 15): streamed on to POST /api/files; CTQ identification's (issue 25, ADR 0049) are read
    // by its action up to the upload limit, with the two lists beside the file.
    streamedUploads: /^\/ng\/companies\/[^/]+\/studies\/[^/]+\/(riskAssessment|ctqf)\/(identification|upload)$/,
  };
  app.all("*", async (c) => {
    const calls: ApiCallCount = { apiCalls: 0, permissionChecks: 0 };
    c.set("apiCalls", calls);
    const web = { publicUrl: config.publicUrl, isProduction: mode === "production", sessionSecret };
    const context = webContext({ transport, invoke }, calls, logger, web);
    // The guards first (server/web/guards.ts): host, origin of a post, size and shape of its body. They cover the
    // web app under /ng/; the API, the SAML endpoints and the health checks answer other clients (IdPs, relying
    // parties, load balancers) and carry their own checks.
    const isWebApp = /^\/ng(\/|\.data$|$)/.test(new URL(c.req.url).pathname);
    const guarded = isWebApp
      ? await guardWebRequest(c.req.raw, guardSettings)
      : ({ ok: true, request: c.req.raw } as const);
    if (!guarded.ok) return answerRefused(c.req.raw, guarded, { handler, context, logger });
    const response = await handler(guarded.request, context as unknown as Record<string, unknown>);
    return finishWebResponse(c.req.raw, response, context.responseCookies);
  });
  return app;
}

/** The access log: one line per request, with its id, status, time, and the API calls and queries it cost. */
function requestLog(logger: Logger): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
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
  };
}

/** Compression, the web app's built assets (kept for a year: their names change with them) and the favicon. */
function serveStaticFiles(app: Hono<HttpEnv>): void {
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
}

/** A web request's context (app/lib/context.server.ts): its API transport counts the calls it makes. */
function webContext(
  api: { transport: ApiTransport; invoke?: ApiInvoke },
  calls: ApiCallCount,
  logger: Logger,
  web: WebContext["web"],
): WebContext {
  const count = (pathname: string) => {
    calls.apiCalls += 1;
    if (pathname === "/api/auth/permissions/check") calls.permissionChecks += 1;
  };
  const { transport, invoke } = api;
  return {
    apiTransport: (request, hints) => {
      count(new URL(request.url).pathname);
      return transport(request, hints);
    },
    apiInvoke:
      invoke &&
      ((call, hints) => {
        count(call.pathname);
        return invoke(call, hints);
      }),
    requestId: currentRequestId() ?? requestIdFrom(undefined),
    cspNonce: pooledRandomBytes(16).toString("base64"),
    logger,
    web,
    responseCookies: new Map(),
    pendingValues: new Map(),
    memo: new Map(),
    apiAuthentications: new Map(),
  };
}

/** The answer to a request the guards refused: its form's page shown again with the refusal, or the refusal page. */
async function answerRefused(
  raw: Request,
  guarded: Extract<Awaited<ReturnType<typeof guardWebRequest>>, { ok: false }>,
  { handler, context, logger }: { handler: RemixHandler; context: WebContext; logger: Logger },
): Promise<Response> {
  context.refusal = guarded.refusal;
  logger.info({ refusal: guarded.refusal.kind, path: loggablePath(raw.url) }, "web request refused");
  const refused = refusedRequest(guarded.request, guarded.refusal);
  if (!refused) return plainRefusal(guarded.refusal);
  let response = await handler(refused, context as unknown as Record<string, unknown>);
  // The form's page could not be shown again as it is (it redirects, or fails): the refusal page says it instead.
  if (response.status !== 200 && !new URL(refused.url).pathname.startsWith("/ng/refused")) {
    response = await handler(refusalPageRequest(refused), context as unknown as Record<string, unknown>);
  }
  // A script's post (a data request) gets the refused route's action answer, with the refusal's status: data the
  // page reads as its action's answer, keeping its edits, and shows in the form that was posted.
  return finishWebResponse(raw, withStatus(response, guarded.refusal.status), context.responseCookies);
}

type RemixHandler = Awaited<ReturnType<typeof loadRemixHandler>>;

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
  varyOnEncoding(headers, type);
  return target;
}

/** compress() leaves an answer under this many bytes as it is (its default threshold). */
const COMPRESS_THRESHOLD = 1024;

/**
 * "Vary: Accept-Encoding" on an answer compress() may encode, said on its headers here: compress() would add it with
 * Hono's `c.header`, which on a finished answer copies the whole Response (a body stream and a second Response on
 * every page; issue 26). The same header, the same answers.
 */
function varyOnEncoding(headers: Headers, type: string): void {
  const length = headers.get("content-length");
  if (length !== null && Number(length) < COMPRESS_THRESHOLD) return;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has("content-encoding")) return;
  const vary = headers.get("vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
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
  if (refusal.kind === "method") return null;
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  if (url.pathname.endsWith(".data")) {
    // A form posted by scripts that could not be taken (too large, unreadable; issue 24, defect 8): answered as an
    // action's data (app/routes/ng+/refused.tsx), so the page stays with the user's edits and says why in place.
    const formRefusal = refusal.kind === "formTooLarge" || refusal.kind === "formUnreadable";
    if (request.method !== "POST" || !formRefusal) return null;
    return new Request(new URL("/ng/refused.data", url), { method: "POST", headers });
  }
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

/**
 * SIGTERM or SIGINT: stop taking work at once (no new connection, no new job), let the open requests and the running
 * jobs finish within the drain, then cut what is left: a job still running is handed back to the queue (another
 * instance takes it at once), and an open response (a long download) is aborted, so its client sees an error rather
 * than a body that ends cleanly mid-row. A second signal exits at once; so does the deadline.
 */
const DRAIN_MS = 8_000;
/** After the drain: handing back, stopping the workers, closing the database. */
const CLOSE_MS = 5_000;

function installShutdown(server: ServerType, service: ApiService | undefined, logger: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "forced exit");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down: finishing open requests");
    const force = setTimeout(() => {
      logger.warn(`the shutdown did not end within ${(DRAIN_MS + CLOSE_MS) / 1000} s; exiting`);
      process.exit(1);
    }, DRAIN_MS + CLOSE_MS);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if ("closeIdleConnections" in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
    const drained = Promise.all([closed, service?.drain()]).then(() => true);
    const timedOut = new Promise<false>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref());
    if (!(await Promise.race([drained, timedOut]).catch(() => false))) {
      logger.warn(`open requests or jobs did not finish within ${DRAIN_MS / 1000} s: cut`);
      if ("closeAllConnections" in server) (server as { closeAllConnections(): void }).closeAllConnections();
    }
    try {
      await service?.close();
    } catch (error) {
      logger.error({ err: error }, "error while closing");
    }
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
}

void main();
