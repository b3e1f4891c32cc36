import { Hono } from "hono";
import { type z } from "zod";
import type { ChangePair } from "../audit/changes";
import type { AuditActor, AuditLevel, ContextOfChange } from "../audit/schema";
import type { appendAuditEntry as AppendAuditEntry } from "../audit/service";
import type {
  authenticate as Authenticate,
  AuthenticationDeps,
  AuthenticationMemo,
  Principal,
} from "../auth/principal";
import { ErrorCode } from "../contracts/common";
import { NO_STORE } from "../contracts/headers";
import { databaseFailureSummary, isDatabaseUnavailable } from "../db/availability";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../deps";
import { currentRequestId, oncePerRequest } from "../observability/logger";
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
import { checkScopes, resolveScope, studyOf, type Cached, type ScopeLookups } from "./scope";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * What the pipeline is given by the composition root (server/service.ts), so that it imports no domain: who is
 * calling, where an audit entry is appended, and how a path's company and study are found.
 */
export interface ApiPorts {
  authenticate: typeof Authenticate;
  appendAuditEntry: typeof AppendAuditEntry;
  scopes: ScopeLookups;
}

/** The answer to an address no route claims. */
export const noSuchCall = () =>
  problemResponse(new ApiError(404, ErrorCode.NotFound, "There is no such API call."), currentRequestId());

/**
 * Builds the /api router: every call goes through the same named steps, in this order (docs/architecture.md, "One
 * request, followed"): who is calling → may they → what they sent → what it is about (scope) → run it (a read as it
 * is; a change in one transaction with its audit entry).
 */
export function createApiRouter(deps: ServiceDeps, routes: readonly RouteDefinition[], ports: ApiPorts): Hono {
  checkScopes(routes);
  const api = new Hono();
  const authentication = authenticationOf(deps, routes);
  for (const route of routes) {
    api.on(route.method, route.path, (c) => {
      const request = c.req.raw;
      const url = new URL(request.url);
      const memo = (c.env as { authentications?: unknown } | undefined)?.authentications;
      const call: Call = {
        deps,
        ports,
        route,
        pathname: url.pathname,
        query: url.searchParams,
        params: c.req.param() as Record<string, string>,
        authorization: request.headers.get("authorization"),
        request: () => request,
        readBody: () => readBody(request, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
      };
      const requestId = currentRequestId() ?? request.headers.get("x-request-id") ?? undefined;
      const authentications = memo instanceof Map ? (memo as AuthenticationMemo) : undefined;
      return runCall(call, authentication, authentications, requestId).then(toResponse);
    });
  }
  return api;
}

/** What authenticating a caller needs, for every route of the table. */
export function authenticationOf(deps: ServiceDeps, routes: readonly RouteDefinition[]): AuthenticationDeps {
  return { db: deps.database.db, tokens: deps.tokens, cache: deps.cache, selfGrants: selfGrantsOf(routes) };
}

/**
 * One call through the named steps, whether it came over HTTP (createApiRouter) or from the web app in the same
 * process (server/http/in-process.ts): the answer, or the problem it ended in.
 */
export async function runCall(
  call: Call,
  authentication: AuthenticationDeps,
  memo: AuthenticationMemo | undefined,
  requestId: string | undefined,
): Promise<unknown> {
  try {
    const principal = await whoIsCalling(call, authentication, memo);
    await mayThey(call, principal);
    return await run(call, principal, await whatTheySent(call));
  } catch (error) {
    return unhandledError(call.deps, error, call.route.path, requestId);
  }
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

/** One call on its way through the pipeline. */
export interface Call {
  deps: ServiceDeps;
  ports: ApiPorts;
  route: RouteDefinition;
  /** The path as called, "/api/…" (percent-encoded): the permission address and the audit entry's path. */
  pathname: string;
  query: URLSearchParams;
  params: Record<string, string>;
  authorization: string | null;
  /** The request, for the few handlers that read it; an in-process call builds one only when asked. */
  request: () => Request;
  /** The body as sent (JSON, form data or nothing), read within the route's limit. */
  readBody: () => Promise<unknown>;
}

/** 1. Who is calling: one query for the caller, their sign-in grant and the reference epoch, once per web request. */
async function whoIsCalling(
  call: Call,
  authentication: AuthenticationDeps,
  authentications?: AuthenticationMemo,
): Promise<Principal | null> {
  const auth = await call.ports.authenticate(call.authorization, authentication, authentications);
  if (auth.kind === "user") {
    // A call about "me" is about the caller: handlers always see a user id.
    if (call.params.userId === "me") call.params = { ...call.params, userId: auth.principal.userId };
    return auth.principal;
  }
  // A token that no longer works (expired, revoked, a blocked user) is refused on every call, public ones too, so
  // the client learns at once that its sign-in has ended instead of being served as anonymous (000 §4.2).
  if (auth.kind === "invalid") throw notAuthenticated(auth.reason);
  if (call.route.access !== "public") throw notAuthenticated();
  return null;
}

/**
 * 2. May they: the permission address is the call path prefixed with "api" (000 §6). The same principal.can answers
 * the permission check call, so the two always agree; what one may call about oneself is in it too.
 */
async function mayThey(call: Call, principal: Principal | null): Promise<void> {
  if (call.route.access !== "permission") return;
  const address = call.pathname.replace(/^\//, "");
  if (!principal || !(await principal.can(address))) throw forbidden();
}

/** 3. What they sent: the raw body (kept for the audit entry) and the body as the call's request contract reads it. */
async function whatTheySent(call: Call): Promise<{ raw: unknown; body: unknown }> {
  const { route } = call;
  const raw = route.rawBody ? {} : await call.readBody();
  if (!route.body) return { raw, body: raw };
  const parsed = route.body.safeParse(raw);
  if (!parsed.success) throw validationFailed(zodIssues(parsed.error));
  return { raw, body: parsed.data };
}

/**
 * 4 and 5. What the call is about (its scope, server/http/scope.ts), then the handler: a read-only call as it is, with
 * reference data from the cache of the caller's epoch; a state-changing call in one transaction with its audit entry.
 */
async function run(call: Call, principal: Principal | null, sent: { raw: unknown; body: unknown }): Promise<unknown> {
  const { deps, route, params } = call;
  // The route's logger is made when a handler logs, not for every call (most never do).
  let log: ServiceDeps["logger"] | undefined;
  const handle = async (db: Db, cached: Cached, audit: Scope, afterCommit: (fn: () => void) => void) => {
    route.precondition?.(principal);
    return route.handler({
      deps,
      db,
      get request() {
        return call.request();
      },
      pathname: call.pathname,
      params,
      scope: await resolveScope(route, params, call.ports.scopes, db, cached, principal),
      query: call.query,
      body: sent.body,
      principal,
      audit,
      get log() {
        return (log ??= deps.logger.child({ route: route.path }));
      },
      cached,
      afterCommit,
    });
  };

  if (!route.audit) {
    const cached: Cached = (key, load) => (principal ? deps.cache.get(key, principal.epoch, load) : load());
    return await handle(deps.database.db, cached, createAuditScope(), (fn) => fn());
  }

  // The change and its audit entry commit together, or neither does.
  const after: (() => void)[] = [];
  const displayText = route.audit.displayText;
  const result = await deps.database.db.transaction(async (tx) => {
    const scope = createAuditScope();
    // Inside a change nothing comes from the cache: the transaction may be changing it.
    const direct: Cached = (_key, load) => load();
    const output = await handle(tx, direct, scope, (fn) => after.push(fn));
    if (scope.unchanged) return output;
    const context = scope.context ?? (await contextFromParams(call, tx, principal));
    await call.ports.appendAuditEntry(tx, {
      entryPoint: { displayText, httpMethod: route.method, apiPath: call.pathname },
      level: context.level,
      companyId: context.companyId,
      studyId: context.studyId,
      contextOfChange: context.contextOfChange,
      requester: principal?.actor ?? scope.requester ?? { type: "system" },
      requestBody: sent.raw,
      responseBody: output instanceof Response ? undefined : output,
      changes: scope.changes,
      rationale: scope.rationale ?? rationaleFrom(sent.raw),
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
  return result;
}

interface ResolvedContext {
  level: AuditLevel;
  companyId: string | null;
  studyId: string | null;
  contextOfChange: ContextOfChange | null;
}

type Scope = AuditScope & {
  context?: ResolvedContext;
  rationale?: string | null;
  requester?: AuditActor;
  unchanged?: boolean;
};

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
    nothingChanged: () => {
      scope.unchanged = true;
    },
  };
  return scope;
}

/** The audit context a change's path gives: its study, else its company (or the caller's), else the system. */
async function contextFromParams(call: Call, db: Db, principal: Principal | null): Promise<ResolvedContext> {
  const { params } = call;
  const companyId = params.companyId ?? principal?.homeCompanyId ?? null;
  if (companyId && params.studyName) {
    const study = await studyOf(call.ports.scopes, db, (_key, load) => load(), companyId, params.studyName);
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
  return parseJsonText(text);
}

/** A JSON body's text (within its limit), parsed: no deeper than MAX_JSON_DEPTH, or a 400. */
export function parseJsonText(text: string): unknown {
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

export const tooLarge = (maxBytes: number) =>
  new ApiError(413, ErrorCode.PayloadTooLarge, `The request body is larger than ${maxBytes} bytes.`);

function zodIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

export function toResponse(output: unknown): Response {
  return output instanceof Response ? output : noStoreJson(output ?? null);
}

/** A JSON answer that is never stored (every API answer; tokens and sign-in results above all). */
export function noStoreJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE },
  });
}
