import { eq, sql } from "drizzle-orm";
import type { AuditActor } from "../audit/schema";
import type { ReferenceCache } from "../cache/reference";
import { companies } from "../companies/schema";
import { changesOf } from "../db/change-tracker";
import type { Db } from "../db/database";
import { cacheEpochs } from "../db/meta-schema";
import {
  companiesAllowing,
  isAboutCaller,
  isAllowed,
  parseAddress,
  type Grant,
  type PermissionContext,
} from "../permissions/engine";
import { loadGrants, loadMemberships, loadMembershipsOf } from "../permissions/service";
import { users } from "../users/schema";
import { authSessions } from "./schema";
import type { TokenService } from "./tokens";

/** The signed-in caller of one API request. */
export interface Principal {
  userId: string;
  email: string;
  displayName: string;
  homeCompanyId: string;
  sessionId: string | null;
  actor: AuditActor;
  /** The "reference" epoch read with the caller: the version of companies, studies and grants this call sees. */
  epoch: number;
  /** Read with the caller, for the settings call (000 §3.1). */
  hasProfilePicture: boolean;
  /** Moves on with every change to the caller's notifications: the bell's count is cached by it. */
  notificationsVersion: number;
  homeCompanyToolEnabled: boolean;
  grants(): Promise<Grant[]>;
  can(address: string): Promise<boolean>;
  /**
   * For an address about a user: that user's companies from which the caller may call it ("all" through a system
   * grant or about oneself). A call about another user answers only from these companies' data.
   */
  companiesReached(address: string): Promise<"all" | string[]>;
  /**
   * Looks up, in one query, the companies of every user the addresses are about, for the `can` calls that follow
   * (the permission check call asks about up to 500 addresses at once).
   */
  prepare(addresses: readonly string[]): Promise<void>;
}

export type Authentication =
  { kind: "anonymous" } | { kind: "invalid"; reason: string } | { kind: "user"; principal: Principal };

/**
 * Authentications already made during one web request, by Authorization header: the web app hands it to the
 * in-process API with every call of that request, so the token is verified and the caller loaded once per page,
 * not once per call (docs/decisions/0021-fast-pages.md). Over HTTP every call authenticates itself.
 */
export type AuthenticationMemo = Map<string, Promise<Authentication>>;

export interface AuthenticationDeps {
  db: Db;
  tokens: TokenService;
  cache: ReferenceCache;
  /** What every caller may call about themself, whatever their grants: from the route table (server/http/route.ts). */
  selfGrants: readonly Grant[];
}

/**
 * Reads the Bearer token (the Authorization header), verifies it, and loads the user, who must exist and be neither blocked nor deleted, with
 * their sign-in grant, which must still be active (logout, refresh-token reuse and password reset end it at once),
 * and the reference epoch: one database round trip.
 */
export function authenticate(
  header: string | null,
  deps: AuthenticationDeps,
  memo?: AuthenticationMemo,
): Promise<Authentication> {
  if (!header) return Promise.resolve({ kind: "anonymous" });
  if (!memo) return authenticateHeader(header, deps);
  let pending = memo.get(header);
  if (!pending) {
    pending = authenticateHeader(header, deps);
    memo.set(header, pending);
  }
  return pending;
}

/** The caller, their sign-in grant and the reference epoch in one statement, prepared once per database handle. */
const preparedPrincipalQueries = new WeakMap<Db, ReturnType<typeof buildPrincipalQuery>>();

function buildPrincipalQuery(db: Db) {
  const select = selectPrincipal(db);
  // It only reads: the embedded database's tracker does not count it as a change (ADR 0068).
  changesOf(db)?.readOnly.add(select.toSQL().sql);
  return select.prepare("rbqm_principal");
}

function selectPrincipal(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      homeCompanyId: users.homeCompanyId,
      isBlocked: users.isBlocked,
      isDeleted: users.isDeleted,
      hasProfilePicture: sql<boolean>`${users.profilePictureContentType} is not null`,
      notificationsVersion: users.notificationsVersion,
      toolEnabled: companies.isProtocolAnalysisToolEnabled,
      sessionRevokedAt: authSessions.revokedAt,
      sessionExpiresAt: authSessions.expiresAt,
      epoch: sql<
        string | number
      >`(select ${cacheEpochs.value} from ${cacheEpochs} where ${cacheEpochs.name} = 'reference')`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.homeCompanyId))
    .leftJoin(
      authSessions,
      sql`${authSessions.id} = ${sql.placeholder("sessionId")} and ${authSessions.userId} = ${users.id}`,
    )
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1);
}

type PrincipalRow = Awaited<ReturnType<ReturnType<typeof buildPrincipalQuery>["execute"]>>[number];

/** The rows read on the embedded database, by user and session, with the generation they were read at (ADR 0068). */
const principalRows = new WeakMap<Db, Map<string, { generation: number; row: PrincipalRow | undefined }>>();
const PRINCIPAL_ROWS_KEPT = 1000;

/**
 * The caller's row. On the embedded database a row read while nothing else has run since is the row the database
 * holds (server/db/change-tracker.ts): it is used again without a round trip. Everything else about the caller (the
 * token, the session's expiry against the clock, blocked, deleted) is checked on every request as before.
 */
async function principalRow(db: Db, userId: string, sessionId: string | null): Promise<PrincipalRow | undefined> {
  const changes = changesOf(db);
  const query = principalQuery(db);
  if (!changes) return (await query.execute({ userId, sessionId }))[0];
  let rows = principalRows.get(db);
  if (!rows) principalRows.set(db, (rows = new Map()));
  const key = `${userId} ${sessionId ?? ""}`;
  const kept = rows.get(key);
  if (kept && kept.generation === changes.generation) return kept.row;
  const generation = changes.generation;
  const [row] = await query.execute({ userId, sessionId });
  if (rows.size >= PRINCIPAL_ROWS_KEPT) rows.clear();
  rows.set(key, { generation, row: row && Object.freeze(row) });
  return row;
}

function principalQuery(db: Db) {
  let query = preparedPrincipalQueries.get(db);
  if (!query) {
    query = buildPrincipalQuery(db);
    preparedPrincipalQueries.set(db, query);
  }
  return query;
}

async function authenticateHeader(
  header: string,
  { db, tokens, cache, selfGrants }: AuthenticationDeps,
): Promise<Authentication> {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header.trim());
  if (!match) return { kind: "invalid", reason: "The Authorization header is not a Bearer token." };
  const claims = await tokens.verifyAccessToken(match[1]!);
  if (!claims) return { kind: "invalid", reason: "The access token is invalid or has expired." };
  const row = await principalRow(db, claims.userId, claims.sessionId ?? null);
  if (!row || row.isDeleted) return { kind: "invalid", reason: "The account no longer exists." };
  if (row.isBlocked) return { kind: "invalid", reason: "The account is blocked." };
  // A token of a grant that was ended (logout, refresh-token reuse, password reset) stops working at once.
  if (claims.sessionId && (!row.sessionExpiresAt || row.sessionRevokedAt || row.sessionExpiresAt <= new Date())) {
    return { kind: "invalid", reason: "The session has ended." };
  }
  const principal = createPrincipal(db, row, claims.sessionId, {
    cache,
    selfGrants,
    epoch: Number(row.epoch ?? 0),
    hasProfilePicture: row.hasProfilePicture === true,
    homeCompanyToolEnabled: row.toolEnabled === true,
    notificationsVersion: Number(row.notificationsVersion ?? 0),
  });
  return { kind: "user", principal };
}

/** Loads in one query the companies of the users that the addresses are about, when there are two or more. */
async function prepareMemberships(
  db: Db,
  user: { id: string; homeCompanyId: string },
  memberships: Map<string, Promise<string[]>>,
  addresses: Iterable<string>,
): Promise<void> {
  const context: PermissionContext = { companyId: user.homeCompanyId, userId: user.id };
  const subjects = new Set<string>();
  for (const address of addresses) {
    const parsed = parseAddress(address, context);
    if (!parsed || parsed.subjectUserId === null) continue;
    const subjectId = isAboutCaller(parsed, context) ? user.id : parsed.subjectUserId;
    if (!memberships.has(subjectId)) subjects.add(subjectId);
  }
  if (subjects.size < 2) return;
  const loaded = loadMembershipsOf(db, [...subjects]);
  for (const subjectId of subjects) {
    const companies = loaded.then((all) => all.get(subjectId) ?? []);
    companies.catch(() => undefined); // a failed look-up is reported once, below, not once per user
    memberships.set(subjectId, companies);
  }
  await loaded;
}

export function createPrincipal(
  db: Db,
  user: { id: string; email: string; displayName: string; homeCompanyId: string },
  sessionId: string | null,
  extra: {
    cache?: ReferenceCache;
    selfGrants?: readonly Grant[];
    epoch?: number;
    hasProfilePicture?: boolean;
    homeCompanyToolEnabled?: boolean;
    notificationsVersion?: number;
  } = {},
): Principal {
  const epoch = extra.epoch ?? 0;
  const selfGrants = extra.selfGrants ?? [];
  // An address about a user is decided by that user's companies (server/permissions/engine.ts); `me` is the caller.
  // Looked up once per principal (one API call, or one web request), and kept by the reference epoch.
  const memberships = new Map<string, Promise<string[]>>();
  const subjectCompanies = (subject: string) => {
    const subjectId = subject === "me" ? user.id : subject;
    let companies = memberships.get(subjectId);
    if (!companies) {
      const loadSubject = () => loadMemberships(db, subjectId);
      companies = extra.cache ? extra.cache.get(`memberships:${subjectId}`, epoch, loadSubject) : loadSubject();
      memberships.set(subjectId, companies);
    }
    return companies;
  };
  let grants: Promise<Grant[]> | undefined;
  const load = () =>
    (grants ??= extra.cache
      ? extra.cache.get(`grants:${user.id}`, epoch, () => loadGrants(db, user.id))
      : loadGrants(db, user.id));
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    homeCompanyId: user.homeCompanyId,
    sessionId,
    actor: { type: "user", id: user.id, displayName: user.displayName, email: user.email },
    epoch,
    hasProfilePicture: extra.hasProfilePicture ?? false,
    homeCompanyToolEnabled: extra.homeCompanyToolEnabled ?? false,
    notificationsVersion: extra.notificationsVersion ?? 0,
    grants: load,
    async can(address) {
      const context: PermissionContext = { companyId: user.homeCompanyId, userId: user.id };
      const parsed = parseAddress(address, context);
      if (!parsed) return false;
      // What anyone may call about themself needs no look-up.
      if (isAboutCaller(parsed, context) && isAllowed(address, selfGrants, context)) return true;
      if (parsed.subjectUserId !== null) context.subjectUserCompanies = await subjectCompanies(parsed.subjectUserId);
      return isAllowed(address, await load(), context);
    },
    prepare: (addresses) => prepareMemberships(db, user, memberships, addresses),
    async companiesReached(address) {
      const context: PermissionContext = { companyId: user.homeCompanyId, userId: user.id };
      const parsed = parseAddress(address, context);
      if (!parsed || parsed.subjectUserId === null) return [];
      context.subjectUserCompanies = await subjectCompanies(parsed.subjectUserId);
      return companiesAllowing(address, [...selfGrants, ...(await load())], context);
    },
  };
}
