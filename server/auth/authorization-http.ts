import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { oauthCalls } from "../contracts/calls/oauth";
import { NO_STORE } from "../contracts/headers";
import {
  AuthorizationError,
  type AuthorizationCheckBody,
  type AuthorizationCodeBody,
  type EndSessionBody,
} from "../contracts/oauth";
import type { ServiceDeps } from "../deps";
import { ApiError } from "../http/problem";
import { defineRoute } from "../http/route";
import { checkAuthorizationRequest, issueAuthorizationCode } from "./authorization-codes";
import { endSessionByIdTokenHint, postLogoutTarget } from "./end-session";
import { authSessions } from "./schema";

/**
 * The product as an authorization server for registered client applications (000 §2.2, §2.3, §7).
 * The token endpoint itself is POST /api/oauth/token (server/auth/http.ts), which calls exchangeAuthorizationCode.
 * See docs/decisions/0016-authorization-server.md.
 */

/** Public metadata any relying party may read, also from a browser. */
const publicJson = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "public, max-age=300",
  "access-control-allow-origin": "*",
};

function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { location, ...NO_STORE, "referrer-policy": "no-referrer" } });
}

const text = (value: string | null) => (value && value.length <= 4096 ? value : null);

export const authorizationServerRoutes = [
  /** Asked by /ng/oidc/login before it redirects anywhere: client, exact redirect_uri, PKCE S256. */
  defineRoute({
    call: oauthCalls.validateAuthorization,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, body }): Promise<AuthorizationCheckBody> => {
      const check = checkAuthorizationRequest(deps.config.oauthClients, body, { requireClientId: true });
      if (!check.ok) throw new ApiError(400, check.error, check.detail);
      return {
        data: {
          clientId: check.client.clientId,
          clientName: check.client.name,
          redirectUri: check.redirectUri,
          issuer: deps.tokens.issuer,
        },
      };
    },
  }),

  /** 000 §3.5, §7: a single-use code for the signed-in user, bound to client, redirect_uri, challenge and nonce. */
  defineRoute({
    call: oauthCalls.code,
    access: "authenticated",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, db, body, principal }): Promise<AuthorizationCodeBody> => {
      // Only the product's own sessions may mint codes: a client application's token must not obtain codes (and so
      // tokens) for another client.
      if (principal.sessionId) {
        const [session] = await db
          .select({ clientId: authSessions.clientId })
          .from(authSessions)
          .where(eq(authSessions.id, principal.sessionId))
          .limit(1);
        if (session?.clientId) {
          throw new ApiError(
            403,
            AuthorizationError.NotAllowedForClient,
            "A client application's token cannot obtain authorization codes.",
          );
        }
      }
      const check = checkAuthorizationRequest(deps.config.oauthClients, body, { requireClientId: false });
      if (!check.ok) throw new ApiError(400, check.error, check.detail);
      const code = await issueAuthorizationCode(db, {
        userId: principal.userId,
        clientId: check.client.clientId,
        redirectUri: check.redirectUri,
        codeChallenge: check.codeChallenge,
        nonce: body.nonce,
      });
      deps.logger.info({ userId: principal.userId, clientId: check.client.clientId }, "authorization code issued");
      return { data: { code } };
    },
  }),

  /** The public keys id tokens are signed with (the discovery document's jwks_uri). */
  defineRoute({
    call: oauthCalls.jwks,
    access: "public",
    handler: async ({ deps }) =>
      new Response(JSON.stringify(deps.tokens.publicJwks()), {
        headers: { ...publicJson, "content-type": "application/jwk-set+json; charset=utf-8" },
      }),
  }),

  /**
   * 000 §7: browser navigation with post_logout_redirect_uri and id_token_hint. Ends the hinted grant and redirects to
   * /ng/logoff or a registered post-logout address, never elsewhere.
   */
  defineRoute({
    call: oauthCalls.logoutRedirect,
    access: "public",
    handler: async ({ deps, db, query }) => {
      const hinted = await endSessionByIdTokenHint(deps, db, text(query.get("id_token_hint")));
      return redirectTo(
        postLogoutTarget(deps.config, {
          postLogoutRedirectUri: text(query.get("post_logout_redirect_uri")),
          clientId: text(query.get("client_id")),
          hintClientId: hinted.clientId,
          state: text(query.get("state")),
        }),
      );
    },
  }),

  /** Ends the grant an id token names; the web app's logout form sends a client's id_token_hint here, in the body. */
  defineRoute({
    call: oauthCalls.endSession,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, db, body }): Promise<EndSessionBody> => {
      const hinted = await endSessionByIdTokenHint(deps, db, body.id_token_hint);
      return { data: { ended: hinted.ended } };
    },
  }),
];

/** GET /.well-known/openid-configuration (OpenID Connect Discovery 1.0, RFC 8414), on the service root. */
export function createWellKnownRouter(deps: ServiceDeps): Hono {
  const router = new Hono();
  router.get("/openid-configuration", () => {
    const base = deps.config.publicUrl;
    const metadata = {
      issuer: deps.tokens.issuer,
      authorization_endpoint: `${base}/ng/oidc/login`,
      token_endpoint: `${base}/api/oauth/token`,
      jwks_uri: `${base}/api/oauth/jwks`,
      end_session_endpoint: `${base}/ng/oidc/logout`,
      revocation_endpoint: `${base}/api/oauth/revoke`,
      scopes_supported: ["openid"],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      revocation_endpoint_auth_methods_supported: ["none"],
      id_token_signing_alg_values_supported: ["ES256"],
      subject_types_supported: ["public"],
      claims_supported: ["iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "sid", "name", "email"],
      authorization_response_iss_parameter_supported: true,
      prompt_values_supported: ["none"],
    };
    return new Response(JSON.stringify(metadata), { headers: publicJson });
  });
  return router;
}
