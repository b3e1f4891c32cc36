import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import type { ServiceDeps } from "../deps";
import { findSignInUser } from "../users/service";
import { authSessions, refreshTokens } from "./schema";
import { WEB_CLIENT_ID } from "./tokens";

/** A refresh token lives 8 hours and is renewed by each refresh, within the grant's absolute 24 hours. */
export const REFRESH_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const SESSION_MAX_SECONDS = 24 * 60 * 60;
/** The single sign-on hand-off (/ng/saml/resumeLogin?token=…) is a refresh token that lives 2 minutes. */
export const HANDOFF_TTL_SECONDS = 120;
/**
 * Two requests of one browser may refresh with the same token at once. Within this leeway the second gets the
 * successor again instead of counting as reuse; after it, reuse revokes the whole grant.
 */
export const REFRESH_REUSE_LEEWAY_MS = 10_000;

/** authorization_code: a grant a registered client redeemed a code of /ng/oidc/login for (auth_sessions.client_id names it). */
export type SignInMethod = "password" | "password+code" | "saml" | "oidc" | "authorization_code";

/** What a successful sign-in or refresh answers (000 §7: access_token, refresh_token, id_token). */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: "Bearer";
  expires_in: number;
}

interface SessionUser {
  id: string;
  email: string;
  displayName: string;
}

/**
 * Starts a grant and issues its tokens. With `handoff`, the refresh token lives only HANDOFF_TTL_SECONDS:
 * it is the single-use token a single sign-on callback passes to the web app.
 */
export async function startSession(
  deps: ServiceDeps,
  db: Db,
  input: {
    user: SessionUser;
    method: SignInMethod;
    clientId?: string | null;
    nonce?: string | null;
    handoff?: boolean;
  },
): Promise<{ sessionId: string; tokens: TokenSet }> {
  const now = new Date();
  const sessionId = newId();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_SECONDS * 1000);
  await db.insert(authSessions).values({
    id: sessionId,
    userId: input.user.id,
    method: input.method,
    clientId: input.clientId ?? null,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
  });
  const ttl = input.handoff ? HANDOFF_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS;
  const jti = newId();
  const refreshExpiresAt = new Date(Math.min(now.getTime() + ttl * 1000, expiresAt.getTime()));
  await db.insert(refreshTokens).values({ id: jti, sessionId, createdAt: now, expiresAt: refreshExpiresAt });
  const tokens = await tokenSet(deps, {
    user: input.user,
    sessionId,
    jti,
    refreshExpiresAt,
    audience: input.clientId ?? WEB_CLIENT_ID,
    nonce: input.nonce ?? null,
    authTime: now,
  });
  return { sessionId, tokens };
}

async function tokenSet(
  deps: ServiceDeps,
  input: {
    user: SessionUser;
    sessionId: string;
    jti: string;
    refreshExpiresAt: Date;
    audience: string;
    nonce?: string | null;
    authTime?: Date;
  },
): Promise<TokenSet> {
  const { tokens } = deps;
  const [access, refresh, id] = await Promise.all([
    tokens.issueAccessToken({ userId: input.user.id, sessionId: input.sessionId }),
    tokens.issueRefreshToken({
      userId: input.user.id,
      sessionId: input.sessionId,
      jti: input.jti,
      expiresAt: input.refreshExpiresAt,
    }),
    tokens.issueIdToken({
      userId: input.user.id,
      name: input.user.displayName,
      email: input.user.email,
      sessionId: input.sessionId,
      audience: input.audience,
      nonce: input.nonce,
      authTime: input.authTime,
    }),
  ]);
  return {
    access_token: access,
    refresh_token: refresh,
    id_token: id,
    token_type: "Bearer",
    expires_in: tokens.accessTtlSeconds,
  };
}

export type RefreshOutcome =
  { ok: true; tokens: TokenSet; sessionId: string } | { ok: false; reason: string; revoked?: boolean };

/**
 * The refresh_token grant, with rotation: the presented token is spent and a new one issued. A spent token
 * presented again (after the leeway) revokes the grant, so a stolen token dies with its first rightful use.
 */
export async function refreshSession(deps: ServiceDeps, refreshToken: string): Promise<RefreshOutcome> {
  const claims = await deps.tokens.verifyRefreshToken(refreshToken);
  if (!claims) return { ok: false, reason: "The refresh token is invalid or has expired." };
  const outcome = await deps.database.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, claims.jti)).for("update").limit(1);
    if (!row || row.sessionId !== claims.sessionId) return { ok: false, reason: "The refresh token is unknown." };
    const [session] = await tx
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, row.sessionId))
      .for("update")
      .limit(1);
    const now = new Date();
    if (!session || session.revokedAt || session.expiresAt <= now)
      return { ok: false, reason: "The session has ended." };
    const user = await findSignInUser(tx, session.userId);
    if (!user) {
      await revoke(tx, session.id, "account blocked or deleted");
      return { ok: false, reason: "The account can no longer sign in.", revoked: true };
    }
    const audience = session.clientId ?? WEB_CLIENT_ID;

    if (row.rotatedAt) {
      const withinLeeway = now.getTime() - row.rotatedAt.getTime() <= REFRESH_REUSE_LEEWAY_MS;
      if (withinLeeway && row.replacedBy) {
        const [successor] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)).limit(1);
        if (successor && !successor.rotatedAt) {
          const tokens = await tokenSet(deps, {
            user,
            sessionId: session.id,
            jti: successor.id,
            refreshExpiresAt: successor.expiresAt,
            audience,
          });
          return { ok: true, tokens, sessionId: session.id };
        }
      }
      await revoke(tx, session.id, "refresh token reused");
      return { ok: false, reason: "The refresh token was already used; the session has been ended.", revoked: true };
    }
    if (row.expiresAt <= now) return { ok: false, reason: "The refresh token has expired." };

    const jti = newId();
    const refreshExpiresAt = new Date(
      Math.min(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000, session.expiresAt.getTime()),
    );
    await tx
      .insert(refreshTokens)
      .values({ id: jti, sessionId: session.id, createdAt: now, expiresAt: refreshExpiresAt });
    await tx.update(refreshTokens).set({ rotatedAt: now, replacedBy: jti }).where(eq(refreshTokens.id, row.id));
    await tx.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, session.id));
    const tokens = await tokenSet(deps, { user, sessionId: session.id, jti, refreshExpiresAt, audience });
    return { ok: true, tokens, sessionId: session.id };
  });
  if (!outcome.ok && outcome.revoked) {
    deps.logger.warn(
      { sessionId: claims.sessionId, userId: claims.userId, reason: outcome.reason },
      "session revoked on refresh",
    );
  }
  return outcome;
}

async function revoke(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends one grant: its refresh tokens stop working, and so do access tokens that name it. */
export const revokeSession = revoke;

/** Ends every grant of a user (after a password reset). */
export async function revokeUserSessions(db: Db, userId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Whether a grant is still alive (the session check, 000 §4.3, and every authenticated call). */
export async function isSessionActive(db: Db, sessionId: string): Promise<boolean> {
  const [session] = await db
    .select({ revokedAt: authSessions.revokedAt, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return !!session && !session.revokedAt && session.expiresAt > new Date();
}
