import { z } from "zod";
import type { TokenResponse } from "../auth";
import {
  authorizationCheckSchema,
  authorizationCodeRequestSchema,
  endSessionSchema,
  type AuthorizationCheckBody,
  type AuthorizationCodeBody,
  type EndSessionBody,
} from "../oauth";
import { answer, defineCall } from "./define";

/** POST /api/oauth/revoke: the refresh token whose grant ends. */
export const revokeRequestSchema = z.object({ token: z.string().max(4096) });

/** The product as an OAuth 2.0 / OpenID Connect authorization server (000 §2.2, §2.3, §4, §7). */
export const oauthCalls = {
  /** RFC 6749 token endpoint: refresh_token or authorization_code grant, as form data (checked by its handler). */
  token: defineCall({ method: "POST", path: "/oauth/token", answer: answer<TokenResponse>() }),
  /** The session check (000 §4.3): 200 while the caller's grant is alive, 401 once it is not. */
  session: defineCall({
    method: "POST",
    path: "/oauth/session",
    answer: answer<{ active: boolean; userId: string }>(),
  }),
  /** Ends the grant a refresh token belongs to; 200 whatever the token. */
  revoke: defineCall({
    method: "POST",
    path: "/oauth/revoke",
    body: revokeRequestSchema,
    answer: answer<{ isSuccess: boolean }>(),
  }),
  /** Asked by /ng/oidc/login before it redirects anywhere: registered client, exact redirect_uri, PKCE S256. */
  validateAuthorization: defineCall({
    method: "POST",
    path: "/oauth/validateAuthorization",
    body: authorizationCheckSchema,
    answer: answer<AuthorizationCheckBody>(),
  }),
  /** A single-use authorization code for the signed-in user (answer: data.code). */
  code: defineCall({
    method: "POST",
    path: "/oauth/code",
    body: authorizationCodeRequestSchema,
    answer: answer<AuthorizationCodeBody>(),
  }),
  /** The public keys id tokens are signed with (the discovery document's jwks_uri). */
  jwks: defineCall({ method: "GET", path: "/oauth/jwks", answer: answer<unknown>() }),
  /** Browser navigation with post_logout_redirect_uri and id_token_hint: a redirect. */
  logoutRedirect: defineCall({ method: "GET", path: "/oauth/logout", answer: answer<never>() }),
  /** Ends the grant an id token names; the token travels in the body, never in a URL. */
  endSession: defineCall({
    method: "POST",
    path: "/oauth/logout",
    body: endSessionSchema,
    answer: answer<EndSessionBody>(),
  }),
};
