import { Hono } from "hono";
import { type z } from "zod";
import type { ChangePair } from "../audit/changes";
import type { AuditActor, AuditLevel, ContextOfChange } from "../audit/schema";
import { appendAuditEntry } from "../audit/service";
import { authenticate, type AuthenticationDeps, type AuthenticationMemo, type Principal } from "../auth/principal";
import { ErrorCode } from "../contracts/common";
import { NO_STORE } from "../contracts/headers";
import { databaseFailureSummary, isDatabaseUnavailable } from "../db/availability";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../deps";
import { currentRequestId, oncePerRequest } from "../observability/logger";
import { getStudy } from "../studies/service";
import { ClientAbortError, readBodyText, readFormData } from "./body";
import {
  ApiError,
  forbidden,
  notAuthenticated,
  problemResponse,
  serviceUnavailable,
  validationFailed,
} from "./problem";
import { selfGrantsOf, type AuditScope, type RouteDefinition } from "./route";

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The answer to an address no route claims. */
export const noSuchCall = () =>
  problemResponse(new ApiError(404, ErrorCode.NotFound, "There is no such API call."), currentRequestId());

/** Builds the /api router: every route authenticated, authorised, validated and, when it changes state, audited. */
export function createApiRouter(deps: ServiceDeps, routes: readonly RouteDefinition[]): Hono {
  const api = new Hono();
  const authentication = {
    db: deps.database.db,
    tokens: deps.tokens,
    cache: deps.cache,
    selfGrants: selfGrantsOf(routes),
  };
  for (const route of routes) {
    api.on(route.method, route.path, async (c) => {
      const request = c.req.raw;
      const requestId = currentRequestId() ?? request.headers.get("x-request-id") ?? undefined;
      try {
        const memo = (c.env as { authentications?: unknown } | undefined)?.authentications;
        return await handle(
          deps,
          authentication,
          route,
          request,
          c.req.param() as Record<string, string>,
          memo instanceof Map ? (memo as AuthenticationMemo) : undefined,
        );
      } catch (error) {
        return unhandledError(deps, error, route.path, requestId);
      }
    });
  }
  return api;
}

/**
 * A failure as the result wrapper says it: a named problem as it is, the database being away as 503
 * ServiceUnavailable (with Retry-After), anything else as a logged 500.
 */
export function unhandledError(
  deps: ServiceDeps,
  error: unknown,
  path?: string,
  requestId = currentRequestId(),
): Response {
  if (error instanceof ApiError) return problemResponse(error, requestId);
  // The request's client went away while it was being read (ECONNRESET from its socket, not from the database).
  if (error instanceof ClientAbortError) {
    deps.logger.info({ path, cause: error.message }, "client ended the request before its body was read");
    return problemResponse(new ApiError(400, ErrorCode.ValidationFailed, "The request body ended early."), requestId);
  }
  if (isDatabaseUnavailable(error)) {
    // Once per request (a page makes several calls that all fail alike), and without the statement's text.
    if (oncePerRequest("database unavailable"))
      deps.logger.warn({ path, cause: databaseFailureSummary(error) }, "database unavailable");
    return problemResponse(serviceUnavailable(), requestId);
  }
  deps.logger.error({ err: error, path }, "unhandled API error");
  return problemResponse(new ApiError(500, ErrorCode.Unknown, "The server could not complete the request."), requestId);
}

async function handle(
  deps: ServiceDeps,
  authentication: AuthenticationDeps,
  route: RouteDefinition,
  request: Request,
  params: Record<string, string>,
  authentications?: AuthenticationMemo,
): Promise<Response> {
  const db = deps.database.db;
  const url = new URL(request.url);

  // 1. Who is calling: one query for the caller, their sign-in grant and the reference epoch, once per web request.
  const auth = await authenticate(request, authentication, authentications);
  let principal: Principal | null = null;
  if (auth.kind === "user") principal = auth.principal;
  // A token that no longer works (expired, revoked, a blocked user) is refused on every call, public ones too, so
  // the client learns at once that its sign-in has ended instead of being served as anonymous (000 §4.2).
  else if (auth.kind === "invalid") throw notAuthenticated(auth.reason);
  else if (route.access !== "public") throw notAuthenticated();

  // 2. May they: the permission address is the call path prefixed with "api" (000 §6). The same principal.can
  // answers the permission check call, so the two always agree; what one may call about oneself is in it too.
  if (route.access === "permission") {
    const address = url.pathname.replace(/^\//, "");
    if (!(await principal!.can(address))) throw forbidden();
  }
  // A call about "me" is about the caller: handlers always see a user id.
  if (params.userId === "me" && principal) params = { ...params, userId: principal.userId };

  // 3. What they sent.
  const raw = route.rawBody ? {} : await readBody(request, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  let body: unknown = raw;
  if (route.body) {
    const parsed = route.body.safeParse(raw);
    if (!parsed.success) throw validationFailed(zodIssues(parsed.error));
    body = parsed.data;
  }

  const log = deps.logger.child({ route: route.path });
  const base = { deps, request, params, query: url.searchParams, body, principal, log };

  // 4. Read-only calls run as they are; reference data comes from the cache of the caller's epoch.
  if (!route.audit) {
    const scope = createAuditScope();
    const cached = <T>(key: string, load: () => Promise<T>) =>
      principal ? deps.cache.get(key, principal.epoch, load) : load();
    return toResponse(await route.handler({ ...base, db, audit: scope, cached, afterCommit: (fn) => fn() }));
  }

  // 5. State-changing calls: the change and its audit entry commit together, or neither does.
  const after: (() => void)[] = [];
  const displayText = route.audit.displayText;
  const result = await db.transaction(async (tx) => {
    const scope = createAuditScope();
    // Inside a change nothing comes from the cache: the transaction may be changing it.
    const output = await route.handler({
      ...base,
      db: tx,
      audit: scope,
      cached: (_key, load) => load(),
      afterCommit: (fn) => after.push(fn),
    });
    const context = scope.context ?? (await contextFromParams(tx, params, principal));
    await appendAuditEntry(tx, {
      entryPoint: { displayText, httpMethod: request.method, apiPath: url.pathname },
      level: context.level,
      companyId: context.companyId,
      studyId: context.studyId,
      contextOfChange: context.contextOfChange,
      requester: principal?.actor ?? scope.requester ?? { type: "system" },
      requestBody: raw,
      responseBody: output instanceof Response ? undefined : output,
      changes: scope.changes,
      rationale: scope.rationale ?? rationaleFrom(raw),
    });
    return output;
  });
  for (const fn of after) {
    try {
      fn();
    } catch (error) {
      deps.logger.error({ err: error }, "after-commit hook failed");
    }
  }
  return toResponse(result);
}

interface ResolvedContext {
  level: AuditLevel;
  companyId: string | null;
  studyId: string | null;
  contextOfChange: ContextOfChange | null;
}

type Scope = AuditScope & { context?: ResolvedContext; rationale?: string | null; requester?: AuditActor };

function createAuditScope(): Scope {
  const changes: ChangePair[] = [];
  const scope: Scope = {
    changes,
    change: (before, after) => {
      changes.push({ before, after });
    },
    setContext: (context) => {
      scope.context = context;
    },
    setRationale: (rationale) => {
      scope.rationale = rationale ?? null;
    },
    setRequester: (actor) => {
      scope.requester = actor;
    },
  };
  return scope;
}

async function contextFromParams(
  db: Db,
  params: Record<string, string>,
  principal: Principal | null,
): Promise<ResolvedContext> {
  const companyId = params.companyId ?? principal?.homeCompanyId ?? null;
  if (companyId && params.studyName) {
    const study = await getStudy(db, companyId, params.studyName);
    if (study) {
      return {
        level: "Study",
        companyId,
        studyId: study.internalStudyId,
        contextOfChange: { id: study.internalStudyId, type: "Study", extraInfo: { displayId: study.displayId } },
      };
    }
  }
  if (companyId)
    return { level: "Company", companyId, studyId: null, contextOfChange: { id: companyId, type: "Company" } };
  return { level: "System", companyId: null, studyId: null, contextOfChange: null };
}

function rationaleFrom(body: unknown): string | null {
  if (body && typeof body === "object" && "rationaleForChange" in body) {
    const value = (body as { rationaleForChange: unknown }).rationaleForChange;
    return typeof value === "string" ? value : null;
  }
  return null;
}

/** JSON, form-data or nothing. Multipart file parts stay File objects for the handler. */
async function readBody(request: Request, maxBytes: number): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  // The media type exactly, not a prefix of it ("application/jsonx" is not JSON), and its charset.
  const [mediaType = "", ...parameters] = (request.headers.get("content-type") ?? "")
    .toLowerCase()
    .split(";")
    .map((part) => part.trim());
  const charset = parameters
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  if (mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded") {
    // Read within the limit first (a Content-Length can lie or be absent), then parse: broken form data is the
    // caller's mistake, answered 400, never a 500.
    const form = await readFormData(request, maxBytes);
    if (form === "tooLarge") throw tooLarge(maxBytes);
    if (form === "unreadable") throw notReadable("The body is not valid form data.");
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) out[key] = value;
    return out;
  }
  const text = await readLimitedText(request, maxBytes);
  if (text.trim() === "") return {};
  const json =
    ["", "application/json", "text/plain"].includes(mediaType) || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
  if (!json || (charset !== undefined && charset !== "utf-8" && charset !== "us-ascii")) {
    throw new ApiError(415, ErrorCode.UnsupportedMediaType, "Send JSON in UTF-8, form data or nothing.");
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw notReadable(`The body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  try {
    return JSON.parse(text);
  } catch {
    throw notReadable("The body is not valid JSON.");
  }
}

/**
 * No call takes JSON nested deeper than this. A deeper body parses, but whatever walks it recursively afterwards
 * (JSON.stringify for the audit trail, validation) can run out of stack: a 500 from one small body.
 */
const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, strings skipped; one pass, no parse. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const text = await readBodyText(request, maxBytes);
  if (text === null) throw tooLarge(maxBytes);
  return text;
}

/** A body that cannot be read as its type says: the detail names what is wrong, as does the one issue. */
const notReadable = (detail: string) => validationFailed([{ path: "", message: detail }], detail);

const tooLarge = (maxBytes: number) =>
  new ApiError(413, ErrorCode.PayloadTooLarge, `The request body is larger than ${maxBytes} bytes.`);

function zodIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

function toResponse(output: unknown): Response {
  return output instanceof Response ? output : noStoreJson(output ?? null);
}

/** A JSON answer that is never stored (every API answer; tokens and sign-in results above all). */
export function noStoreJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE },
  });
}
