import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { OAuthClient } from "../config/oauth-clients";
import {
  AUTHORIZATION_CODE_TTL_SECONDS,
  AuthorizationError,
  CODE_CHALLENGE_PATTERN,
  CODE_VERIFIER_PATTERN,
  type AuthorizationCheck,
} from "../contracts/oauth";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../deps";
import { findSignInUser } from "../users/service";
import { oauthCodes } from "./schema";
import { revokeSession, startSession, type TokenSet } from "./sessions";

/**
 * The authorization-code grant of /ng/oidc/login (000 §2.2, §3.5), after RFC 9700: codes bound to one client, one
 * exactly matching redirect_uri and an S256 challenge; single-use; at most 10 minutes old. Only the code's SHA-256
 * is stored. See docs/decisions/0016-authorization-server.md.
 */

export const findClient = (clients: readonly OAuthClient[], clientId: string | undefined | null) =>
  clientId ? clients.find((client) => client.clientId === clientId) : undefined;

export type AuthorizationCheckOutcome =
  | { ok: true; client: OAuthClient; redirectUri: string; codeChallenge: string }
  | { ok: false; error: AuthorizationError; detail: string };

/**
 * Whether an authorization request may be acted on. Order matters: the client and its redirect_uri first (until they
 * are known good there is nowhere safe to send the browser), then PKCE. With `requireClientId` false the client may
 * be left out when exactly one client registered the redirect_uri (POST /api/oauth/code, 000 §3.5).
 */
export function checkAuthorizationRequest(
  clients: readonly OAuthClient[],
  input: AuthorizationCheck,
  options: { requireClientId: boolean },
): AuthorizationCheckOutcome {
  let client: OAuthClient | undefined;
  if (input.client_id) {
    client = findClient(clients, input.client_id);
    if (!client)
      return { ok: false, error: AuthorizationError.UnknownClient, detail: "The client_id is not registered." };
  } else if (options.requireClientId) {
    return { ok: false, error: AuthorizationError.UnknownClient, detail: "The client_id is missing." };
  }
  const redirectUri = input.redirect_uri;
  if (!redirectUri)
    return { ok: false, error: AuthorizationError.UnregisteredRedirectUri, detail: "The redirect_uri is missing." };
  if (!client) {
    const owners = clients.filter((candidate) => candidate.redirectUris.includes(redirectUri));
    if (owners.length > 1) {
      return {
        ok: false,
        error: AuthorizationError.UnknownClient,
        detail: "Several clients registered this redirect_uri: name the client_id.",
      };
    }
    client = owners[0];
  }
  // Character for character: no normalisation, no prefix or pattern matching (RFC 9700 §4.1.3).
  if (!client || !client.redirectUris.includes(redirectUri)) {
    return {
      ok: false,
      error: AuthorizationError.UnregisteredRedirectUri,
      detail: "The redirect_uri is not registered for this client.",
    };
  }
  if (input.code_challenge_method !== "S256") {
    return {
      ok: false,
      error: AuthorizationError.UnsupportedChallenge,
      detail: "PKCE with code_challenge_method S256 is required.",
    };
  }
  if (!input.code_challenge || !CODE_CHALLENGE_PATTERN.test(input.code_challenge)) {
    return {
      ok: false,
      error: AuthorizationError.UnsupportedChallenge,
      detail: "The code_challenge must be 43 to 128 base64url characters.",
    };
  }
  return { ok: true, client, redirectUri, codeChallenge: input.code_challenge };
}

const hashCode = (code: string) => crypto.createHash("sha256").update(`oauth-code:${code}`).digest("hex");
const s256 = (verifier: string) => crypto.createHash("sha256").update(verifier, "ascii").digest("base64url");

/** Stores a new code's hash, bound to user, client, redirect_uri, challenge and nonce; answers the code itself. */
export async function issueAuthorizationCode(
  db: Db,
  input: { userId: string; clientId: string; redirectUri: string; codeChallenge: string; nonce?: string | null },
): Promise<string> {
  const code = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(oauthCodes).values({
    codeHash: hashCode(code),
    userId: input.userId,
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    nonce: input.nonce ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
  });
  return code;
}

type ExchangeOutcome = { ok: true; tokens: TokenSet } | { ok: false; error: string; description: string };
const invalidGrant = (description: string): ExchangeOutcome => ({ ok: false, error: "invalid_grant", description });

/**
 * The authorization_code grant of POST /api/oauth/token (RFC 6749 §4.1.3, RFC 7636 §4.6). Any presentation spends the
 * code, right or wrong; a code presented again revokes the grant issued for it (RFC 6749 §4.1.2, RFC 9700 §4.5).
 */
export async function exchangeAuthorizationCode(
  deps: ServiceDeps,
  input: { code: string; codeVerifier: string; redirectUri: string; clientId: string },
): Promise<ExchangeOutcome> {
  const client = findClient(deps.config.oauthClients, input.clientId);
  if (!client) return { ok: false, error: "invalid_client", description: "The client_id is not registered." };
  const codeHash = hashCode(input.code);

  const outcome = await deps.database.db.transaction(async (tx): Promise<ExchangeOutcome & { reused?: string }> => {
    const [row] = await tx.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).for("update").limit(1);
    if (!row) return invalidGrant("The authorization code is unknown.");
    const now = new Date();
    if (row.usedAt) {
      if (row.sessionId) await revokeSession(tx, row.sessionId, "authorization code reused");
      return {
        ...invalidGrant("The authorization code was already used; the tokens issued for it are revoked."),
        reused: row.sessionId ?? "",
      };
    }
    await tx.update(oauthCodes).set({ usedAt: now }).where(eq(oauthCodes.codeHash, codeHash));

    if (row.expiresAt <= now) return invalidGrant("The authorization code has expired.");
    if (row.clientId !== input.clientId) return invalidGrant("The authorization code was issued to another client.");
    if (row.redirectUri !== input.redirectUri)
      return invalidGrant("The redirect_uri differs from the authorization request's.");
    if (!CODE_VERIFIER_PATTERN.test(input.codeVerifier)) return invalidGrant("The code_verifier is malformed.");
    const presented = Buffer.from(s256(input.codeVerifier));
    const expected = Buffer.from(row.codeChallenge);
    if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
      return invalidGrant("The code_verifier does not match the code_challenge.");
    }

    const user = await findSignInUser(tx, row.userId);
    if (!user) return invalidGrant("The account can no longer sign in.");

    const { sessionId, tokens } = await startSession(deps, tx, {
      user,
      method: "authorization_code",
      clientId: client.clientId,
      nonce: row.nonce,
    });
    await tx.update(oauthCodes).set({ sessionId }).where(eq(oauthCodes.codeHash, codeHash));
    deps.logger.info({ userId: user.id, sessionId, clientId: client.clientId }, "authorization code redeemed");
    return { ok: true, tokens };
  });

  if (!outcome.ok && outcome.reused !== undefined) {
    deps.logger.warn(
      { clientId: input.clientId, sessionId: outcome.reused || null },
      "authorization code reused; grant revoked",
    );
  }
  if (outcome.ok) return { ok: true, tokens: outcome.tokens };
  return { ok: false, error: outcome.error, description: outcome.description };
}
