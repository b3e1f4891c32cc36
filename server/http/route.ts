import type { z } from "zod";
import type { ChangePair } from "../audit/changes";
import type { AuditActor, AuditLevel, ContextOfChange } from "../audit/schema";
import type { Principal } from "../auth/principal";
import type { ApiCall, PathParams } from "../contracts/calls/define";
import type { CompanyInfo } from "../contracts/companies";
import type { StudyBasicInfo } from "../contracts/studies";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../deps";
import type { Logger } from "../observability/logger";
import type { Grant } from "../permissions/engine";

/**
 * Who may call a route:
 *  - "public": anyone; a valid Bearer token still identifies the caller;
 *  - "authenticated": any signed-in user (calls about the caller themself);
 *  - "permission": a signed-in user whom the permission engine allows "api" + the request path. The default.
 */
export type Access = "public" | "authenticated" | "permission";

type PrincipalFor<A extends Access> = A extends "public" ? Principal | null : Principal;

/** What a state-changing handler tells the audit trail beyond what the request itself shows. */
export interface AuditScope {
  /** One changed record: before null when created, after null when deleted. */
  change(before: unknown, after: unknown): void;
  /** The context of the change, when the path's companyId/studyName do not already give it. */
  setContext(context: {
    level: AuditLevel;
    companyId: string | null;
    studyId: string | null;
    contextOfChange: ContextOfChange | null;
  }): void;
  setRationale(rationale: string | null | undefined): void;
  /**
   * The call changed nothing (a save of the list as it already was): no audit entry is appended for it, so the trail
   * holds changes only (issue 24, defect 10).
   */
  nothingChanged(): void;
  /** Who made the change, for calls made before sign-in (a password reset through an e-mailed link). */
  setRequester(actor: AuditActor): void;
  readonly changes: readonly ChangePair[];
}

/**
 * What a call is about, resolved from its path before its handler runs (server/http/scope.ts):
 *  - "company": the company of the path (`:companyId`), or 404 "The company does not exist.";
 *  - "study": the study of the path (`:studyName`) within the company of the path, or 404 "The study does not exist."
 *    (another company's study is simply not found);
 *  - "homeStudy": the study of the path (`:studyName`) within the caller's home company, for the calls whose paths
 *    name no company (the Protocol Analysis Tool's, 001 §7), or 404 "The study does not exist.".
 */
export type ScopeKind = "company" | "study" | "homeStudy";

export interface CompanyScope {
  companyId: string;
  company: CompanyInfo;
}

export interface StudyScope {
  companyId: string;
  studyName: string;
  study: StudyBasicInfo;
}

export type ScopeOf<K> = K extends "study" | "homeStudy" ? StudyScope : K extends "company" ? CompanyScope : undefined;

export interface RouteContext<Body, P, Params = Record<string, string>, Scope = undefined> {
  deps: ServiceDeps;
  /** The database, or the route's transaction when it changes state. */
  db: Db;
  /**
   * The request, for a handler that reads it (a header, a stream). A web page's call in the same process has none:
   * reading this builds one (docs/decisions/0045), so a handler that needs only its path reads `pathname`.
   */
  request: Request;
  /** The path as called, "/api/…" (percent-encoded): what the permission engine was asked about. */
  pathname: string;
  /** The path's parameters, typed by its template; `:userId` "me" is already the caller's id. */
  params: Params;
  /** What the route's `scope` names, resolved (the study or company of the path); undefined without a scope. */
  scope: Scope;
  query: URLSearchParams;
  body: Body;
  principal: P;
  audit: AuditScope;
  log: Logger;
  /**
   * Reference data (companies, studies, grants) from the process cache of the caller's epoch, loaded on a miss
   * (server/cache/reference.ts). Keys name what they hold: "company:{id}". Never cached inside a change.
   */
  cached<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Runs after the transaction has committed (for example, to wake the mail dispatcher). */
  afterCommit(fn: () => void): void;
}

/** What every route states besides its call: who may make it, and how it is run. */
interface RouteOptions<A extends Access, K extends ScopeKind | undefined> {
  access: A;
  /**
   * With access "permission" on a call about a user (`/users/:userId/…` or `/users/me/…`): the caller may always make
   * it about themself (`me` or their own id), whatever their grants; about anyone else the permission decides. The
   * framework reads `:userId` "me" as the caller, so the handler always sees a user id.
   */
  self?: true;
  /** The call is about the company, or the study, of its path: resolved (or 404) before the handler runs. */
  scope?: K;
  /**
   * A refusal that comes before the scope is resolved (a 403 that must not turn into the scope's 404): it throws the
   * problem. Runs after the body is validated, first thing in the call's transaction.
   */
  precondition?: (principal: PrincipalFor<A>) => void;
  /** Marks a state-changing call: it runs in one transaction and appends an audit entry (001 §3). */
  audit?: { displayText: string };
  maxBodyBytes?: number;
  /** The handler reads the request's body itself, as a stream (uploads); the body is then not parsed here. */
  rawBody?: true;
}

/** A route as the pipeline runs it (server/http/api.ts). */
export interface RouteDefinition extends RouteOptions<Access, ScopeKind | undefined> {
  method: "GET" | "POST";
  /** Path below /api, in Hono syntax: "/companies/:companyId/get". */
  path: string;
  body?: z.ZodType;
  handler: (ctx: RouteContext<unknown, Principal | null, Record<string, string>, unknown>) => Promise<unknown>;
}

type BodyOf<S> = S extends z.ZodType ? z.output<S> : Record<string, unknown>;

/** A route of a call defined in server/contracts/calls: path, parameters, body and answer all come from the call. */
export type CallRoute<
  P extends string,
  S extends z.ZodType | undefined,
  Ans,
  A extends Access,
  K extends ScopeKind | undefined,
> = RouteOptions<A, K> & {
  call: ApiCall<P, S, Ans>;
  handler: (ctx: RouteContext<BodyOf<S>, PrincipalFor<A>, PathParams<P>, ScopeOf<K>>) => Promise<Ans | Response>;
};

/** A route declared by its own method and path (tests of the routing machinery; addresses outside the contracts). */
export type PathRoute<
  P extends string,
  S extends z.ZodType,
  A extends Access,
  K extends ScopeKind | undefined,
> = RouteOptions<A, K> & {
  method: "GET" | "POST";
  path: P;
  body?: S;
  handler: (ctx: RouteContext<z.output<S>, PrincipalFor<A>, PathParams<P>, ScopeOf<K>>) => Promise<unknown>;
};

/**
 * Declares a route. Given a `call` (server/contracts/calls), its method, path and request contract are the call's,
 * its handler's parameters are typed by the call's path and its answer must be the call's answer (or a Response).
 */
export function defineRoute<
  const P extends string,
  S extends z.ZodType | undefined,
  Ans,
  A extends Access,
  K extends ScopeKind | undefined = undefined,
>(definition: CallRoute<P, S, Ans, A, K>): RouteDefinition;
export function defineRoute<
  A extends Access,
  S extends z.ZodType = z.ZodObject<Record<string, never>>,
  const P extends string = string,
  K extends ScopeKind | undefined = undefined,
>(definition: PathRoute<P, S, A, K>): RouteDefinition;
export function defineRoute(definition: { call?: ApiCall; handler: unknown }): RouteDefinition {
  const { call, ...rest } = definition;
  if (!call) return rest as unknown as RouteDefinition;
  return { ...rest, method: call.method, path: call.path, body: call.body } as unknown as RouteDefinition;
}

/**
 * The grants every caller holds about themself: one `self` grant per route declared `self` (its path with each
 * parameter as `*`), so the permission check call and the call itself decide alike (server/permissions/engine.ts).
 * A route declared `self` that is not a permission call about a user is a mistake in the route table: it stops the start.
 */
export function selfGrantsOf(routes: readonly RouteDefinition[]): Grant[] {
  const grants: Grant[] = [];
  for (const route of routes) {
    if (!route.self) continue;
    if (route.access !== "permission" || !/^\/users\/(?::userId|me)\//.test(route.path)) {
      throw new Error(
        `${route.path}: only a permission call about a user (/users/:userId/… or /users/me/…) can allow oneself`,
      );
    }
    grants.push({ scope: "self", pattern: `api${route.path.replace(/:[A-Za-z]+/g, "*")}` });
  }
  return grants;
}
