import {
  loginRequestSchema,
  resetPasswordSchema,
  sendResetPasswordEmailSchema,
  type ResetResultBody,
  type TokenResponse,
} from "../auth";
import { oidcDiscoverRequestSchema, oidcLoginRequestSchema, type OidcDiscovery } from "../oidc-sso";
import { permissionCheckRequestSchema, type PermissionCheckResponse } from "../permissions";
import { samlResumeSchema } from "../sso";
import { answer, defineCall } from "./define";

/** Sign-in, password reset, single sign-on and the permission check (000 §7). */
export const authCalls = {
  /** Form data Email, optional Password, optional SecurityCode (and the code's AttemptId). */
  login: defineCall({ method: "POST", path: "/auth/login", body: loginRequestSchema, answer: answer<TokenResponse>() }),
  sendResetPasswordEmail: defineCall({
    method: "POST",
    path: "/auth/sendResetPasswordEmail",
    body: sendResetPasswordEmailSchema,
    answer: answer<ResetResultBody>(),
  }),
  resetPassword: defineCall({
    method: "POST",
    path: "/auth/resetPassword",
    body: resetPasswordSchema,
    answer: answer<ResetResultBody>(),
  }),
  /** The hand-off of /ng/saml/resumeLogin: the token and the browser's binding value (server/contracts/sso.ts). */
  samlResume: defineCall({
    method: "POST",
    path: "/auth/saml/resume",
    body: samlResumeSchema,
    answer: answer<TokenResponse>(),
  }),
  /** Beyond the spec: the company's OpenID Connect identity provider for an address (public values only). */
  oidcDiscover: defineCall({
    method: "POST",
    path: "/auth/sso/oidc/discover",
    body: oidcDiscoverRequestSchema,
    answer: answer<OidcDiscovery>(),
  }),
  /** Beyond the spec: signs in with the IdP's id token, bound to the nonce of the authorization request. */
  oidcLogin: defineCall({
    method: "POST",
    path: "/auth/sso/oidc/login",
    body: oidcLoginRequestSchema,
    answer: answer<TokenResponse>(),
  }),
  /** One batched check of permission addresses (000 §7). */
  checkPermissions: defineCall({
    method: "POST",
    path: "/auth/permissions/check",
    body: permissionCheckRequestSchema,
    answer: answer<PermissionCheckResponse>(),
  }),
};
