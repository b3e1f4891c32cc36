import type { Config } from "../config/config";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../deps";
import { findClient } from "./authorization-codes";
import { revokeSession } from "./sessions";

/**
 * Logout for client applications (000 §2.3, §7 /api/oauth/logout; OpenID Connect RP-Initiated Logout 1.0):
 * the grant an id token names is ended, and the browser goes only to the product's own /ng/logoff or to a
 * post_logout_redirect_uri the client registered, matched exactly. Never an open redirect.
 */

export const ownLogoffUrl = (config: Pick<Config, "publicUrl">) => `${config.publicUrl}/ng/logoff`;

/** Ends the grant of a valid id token of ours (expired or not: only our signature counts). Answers its audience. */
export async function endSessionByIdTokenHint(
  deps: ServiceDeps,
  db: Db,
  idTokenHint: string | undefined | null,
): Promise<{ ended: boolean; clientId: string | null }> {
  if (!idTokenHint) return { ended: false, clientId: null };
  const claims = await deps.tokens.verifyIdTokenHint(idTokenHint);
  if (!claims) return { ended: false, clientId: null };
  if (claims.sessionId) {
    await revokeSession(db, claims.sessionId, "logout");
    deps.logger.info(
      { userId: claims.userId, sessionId: claims.sessionId, clientId: claims.audience },
      "signed out by id_token_hint",
    );
  }
  return { ended: !!claims.sessionId, clientId: claims.audience || null };
}

/**
 * Where the browser goes after logout. A post_logout_redirect_uri is followed only when it is our /ng/logoff or
 * registered by the client in question: the id token's audience, else client_id, else (neither known) any client.
 * When both name a client they must agree. The client's state goes back with it.
 */
export function postLogoutTarget(
  config: Pick<Config, "publicUrl" | "oauthClients">,
  input: {
    postLogoutRedirectUri?: string | null;
    clientId?: string | null;
    hintClientId?: string | null;
    state?: string | null;
  },
): string {
  const own = ownLogoffUrl(config);
  const uri = input.postLogoutRedirectUri;
  if (!uri || uri === own) return own;
  if (input.clientId && input.hintClientId && input.clientId !== input.hintClientId) return own;
  const named = input.hintClientId ?? input.clientId;
  const candidates = named
    ? [findClient(config.oauthClients, named)].filter((c) => c !== undefined)
    : config.oauthClients;
  if (!candidates.some((client) => client.postLogoutRedirectUris.includes(uri))) return own;
  if (!input.state) return uri;
  const target = new URL(uri);
  target.searchParams.append("state", input.state);
  return target.toString();
}
