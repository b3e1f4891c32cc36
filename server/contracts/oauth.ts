import { z } from "zod";

/**
 * The product as an OAuth 2.0 / OpenID Connect authorization server (000 §2.2, §2.3, §3.5, §7):
 * the authorization request /ng/oidc/login checks, POST /api/oauth/code, and the logout calls.
 */

/** Authorization codes live 10 minutes at most and are used once (RFC 9700 §2.1.1, RFC 6749 §4.1.2). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 10 * 60;

/** RFC 7636 §4.2: BASE64URL(SHA-256(verifier)) is 43 characters; 43 to 128 base64url characters are accepted. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;
/** RFC 7636 §4.1: the verifier's alphabet and length. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export { AuthorizationError } from "./oauth-codes";

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? v : undefined), z.string().max(max).optional());

/**
 * POST /api/oauth/validateAuthorization (public): is this a request /ng/oidc/login may act on?
 * The authorization endpoint asks before it redirects anywhere, signed in or not.
 */
export const authorizationCheckSchema = z.object({
  client_id: optionalText(256),
  redirect_uri: optionalText(2048),
  code_challenge: optionalText(256),
  code_challenge_method: optionalText(32),
});
export type AuthorizationCheck = z.infer<typeof authorizationCheckSchema>;

export interface AuthorizationCheckBody {
  /** issuer: the iss the authorization response carries back (RFC 9207). */
  data: { clientId: string; clientName: string; redirectUri: string; issuer: string };
}

/** POST /api/oauth/code (000 §3.5: code_challenge, code_challenge_method; redirect_uri binds the code). */
export const authorizationCodeRequestSchema = authorizationCheckSchema.extend({
  nonce: optionalText(512),
});
export type AuthorizationCodeRequest = z.infer<typeof authorizationCodeRequestSchema>;

/** 000 §7: the answer's data.code. */
export interface AuthorizationCodeBody {
  data: { code: string };
}

/** POST /api/oauth/logout: ends the grant an id token names (the id token travels in the body, never in a URL). */
export const endSessionSchema = z.object({
  id_token_hint: optionalText(4096),
});

export interface EndSessionBody {
  data: { ended: boolean };
}
