import type { z } from "zod";
import type { ChangePair } from "../audit/changes";
import type { AuditActor, AuditLevel, ContextOfChange } from "../audit/schema";
import type { Principal } from "../auth/principal";
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
  /** Who made the change, for calls made before sign-in (a password reset through an e-mailed link). */
  setRequester(actor: AuditActor): void;
  readonly changes: readonly ChangePair[];
}

export interface RouteContext<Body, P> {
  deps: ServiceDeps;
  /** The database, or the route's transaction when it changes state. */
  db: Db;
  request: Request;
  params: Record<string, string>;
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

export interface RouteDefinition<A extends Access = Access, S extends z.ZodType = z.ZodType> {
  method: "GET" | "POST";
  /** Path below /api, in Hono syntax: "/companies/:companyId/get". */
  path: string;
  access: A;
  /**
   * With access "permission" on a call about a user (`/users/:userId/…` or `/users/me/…`): the caller may always make
   * it about themself (`me` or their own id), whatever their grants; about anyone else the permission decides. The
   * framework reads `:userId` "me" as the caller, so the handler always sees a user id.
   */
  self?: true;
  body?: S;
  /** Marks a state-changing call: it runs in one transaction and appends an audit entry (001 §3). */
  audit?: { displayText: string };
  maxBodyBytes?: number;
  /** The handler reads the request's body itself, as a stream (uploads); the body is then not parsed here. */
  rawBody?: true;
  handler: (ctx: RouteContext<z.output<S>, PrincipalFor<A>>) => Promise<unknown>;
}

/** Declares a route; the generic parameters give the handler a typed body and principal. */
export function defineRoute<A extends Access, S extends z.ZodType = z.ZodObject<Record<string, never>>>(
  definition: RouteDefinition<A, S>,
): RouteDefinition {
  return definition as unknown as RouteDefinition;
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
