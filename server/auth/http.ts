import { tokenRequestSchema, type ResetResultBody } from "../contracts/auth";
import { authCalls } from "../contracts/calls/auth";
import { oauthCalls } from "../contracts/calls/oauth";
import { noStoreJson } from "../http/api";
import { defineRoute } from "../http/route";
import { exchangeAuthorizationCode } from "./authorization-codes";
import { login } from "./login";
import { resetPassword, sendResetPasswordEmail } from "./password-reset";
import { refreshSession, revokeSession } from "./sessions";

/** An OAuth 2.0 error answer (RFC 6749 §5.2) that also reads as the spec's result wrapper (title, detail). */
function oauthError(status: number, error: string, description: string): Response {
  return noStoreJson(
    { error, error_description: description, type: "about:blank", title: error, status, detail: description },
    status,
  );
}

/** A JSON answer that must never be cached (tokens, sign-in results). */
export const tokenResponse = (tokens: unknown): Response => noStoreJson(tokens);

export const authRoutes = [
  defineRoute({
    call: authCalls.login,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, db, body }) =>
      tokenResponse(
        await login(deps, db, {
          email: body.Email,
          password: body.Password,
          securityCode: body.SecurityCode,
          attemptId: body.AttemptId,
        }),
      ),
  }),

  defineRoute({
    call: oauthCalls.token,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, body }) => {
      const parsed = tokenRequestSchema.safeParse(body);
      if (!parsed.success) {
        const grant = (body as { grant_type?: unknown } | null)?.grant_type;
        if (typeof grant === "string" && grant !== "refresh_token" && grant !== "authorization_code") {
          return oauthError(400, "unsupported_grant_type", "Use the refresh_token or authorization_code grant.");
        }
        return oauthError(400, "invalid_request", "The token request is not valid.");
      }
      const grant = parsed.data;
      if (grant.grant_type === "refresh_token") {
        const outcome = await refreshSession(deps, grant.refresh_token);
        return outcome.ok ? tokenResponse(outcome.tokens) : oauthError(400, "invalid_grant", outcome.reason);
      }
      const outcome = await exchangeAuthorizationCode(deps, {
        code: grant.code,
        codeVerifier: grant.code_verifier,
        redirectUri: grant.redirect_uri,
        clientId: grant.client_id,
      });
      return outcome.ok ? tokenResponse(outcome.tokens) : oauthError(400, outcome.error, outcome.description);
    },
  }),

  /** The session check (000 §4.3): 200 while the caller's grant is alive; 401 (from authentication) once it is not. */
  defineRoute({
    call: oauthCalls.session,
    access: "authenticated",
    handler: async ({ principal }) => ({ active: true, userId: principal.userId }),
  }),

  /** Ends the grant a refresh token belongs to (the web app's Log Out). Answers 200 whatever the token. */
  defineRoute({
    call: oauthCalls.revoke,
    access: "public",
    handler: async ({ deps, db, body }) => {
      const claims = await deps.tokens.verifyRefreshToken(body.token);
      if (claims) {
        await revokeSession(db, claims.sessionId, "logout");
        deps.logger.info({ userId: claims.userId, sessionId: claims.sessionId }, "signed out");
      }
      return { isSuccess: true };
    },
  }),

  defineRoute({
    call: authCalls.sendResetPasswordEmail,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, db, body }): Promise<ResetResultBody> => {
      await sendResetPasswordEmail(deps, db, body.Email);
      return { isSuccess: true };
    },
  }),

  defineRoute({
    call: authCalls.resetPassword,
    access: "public",
    maxBodyBytes: 16 * 1024,
    audit: { displayText: "Set a new password" },
    handler: async ({ db, body, audit }): Promise<ResetResultBody> => {
      await resetPassword(db, audit, {
        password: body.Password,
        confirmPassword: body.ConfirmPassword,
        token: body.Token,
        userId: body.UserId,
      });
      return { isSuccess: true };
    },
  }),
];
