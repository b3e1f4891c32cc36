import { cookieName, isSecureUrl, serializeCookie } from "./cookies";

/**
 * Single sign-on contracts shared by the server and the web app (docs/decisions/0014-saml-single-sign-on.md).
 *
 * The browser binding: /login-saml gives the browser a random value in an httpOnly, SameSite=Lax cookie and keeps only
 * its hash with the outstanding request. The hand-off token the assertion consumer service issues is redeemed only
 * together with that value, so a response or a hand-off link obtained by someone else cannot sign this browser in
 * (login CSRF).
 *
 * No zod here: /ng/saml/resumeLogin imports these, and a module that builds classic zod schemas would bring all of zod
 * into the page's JavaScript (docs/decisions/0023-forms-dialogs-and-lists.md). server/contracts/sso.ts re-exports them.
 */
export const SSO_BINDING_COOKIE = "rbqm_sso";
/** How long a single sign-on attempt may take, from /login-saml to the hand-off: 10 minutes. */
export const SSO_REQUEST_TTL_SECONDS = 10 * 60;

/** The binding cookie's name: `__Host-rbqm_sso` over https. */
export const ssoBindingCookieName = (publicUrl: string) =>
  cookieName(SSO_BINDING_COOKIE, { secure: isSecureUrl(publicUrl) });

/** A binding value as /login-saml makes it: 32 random bytes, base64url. */
export const SSO_BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The Set-Cookie header of the binding cookie; maxAgeSeconds 0 removes it. */
export function ssoBindingCookie(publicUrl: string, value: string, maxAgeSeconds: number): string {
  return serializeCookie(ssoBindingCookieName(publicUrl), value, maxAgeSeconds, { secure: isSecureUrl(publicUrl) });
}
