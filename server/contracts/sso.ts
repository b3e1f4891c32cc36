import { z } from "zod";

/**
 * Single sign-on contracts shared by the server and the web app (docs/decisions/0014-saml-single-sign-on.md).
 *
 * The browser binding: /login-saml gives the browser a random value in an httpOnly, SameSite=Lax cookie and keeps only
 * its hash with the outstanding request. The hand-off token the assertion consumer service issues is redeemed only
 * together with that value, so a response or a hand-off link obtained by someone else cannot sign this browser in
 * (login CSRF).
 */
export const SSO_BINDING_COOKIE = "rbqm_sso";
/** How long a single sign-on attempt may take, from /login-saml to the hand-off: 10 minutes. */
export const SSO_REQUEST_TTL_SECONDS = 10 * 60;

/** Over https the __Host- prefix pins the cookie to this host and path /. */
export const ssoBindingCookieName = (publicUrl: string) =>
  publicUrl.startsWith("https:") ? `__Host-${SSO_BINDING_COOKIE}` : SSO_BINDING_COOKIE;

/** A binding value as /login-saml makes it: 32 random bytes, base64url. */
export const SSO_BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** One cookie's value from a Cookie header, or null. */
export function readCookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** The Set-Cookie header of the binding cookie; maxAgeSeconds 0 removes it. */
export function ssoBindingCookie(publicUrl: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${ssoBindingCookieName(publicUrl)}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (publicUrl.startsWith("https:")) parts.push("Secure");
  return parts.join("; ");
}

/** POST /api/auth/saml/resume: the hand-off token of /ng/saml/resumeLogin and the browser's binding value. */
export const samlResumeSchema = z.object({
  token: z.string().min(1).max(4096),
  binding: z.string().max(128).optional(),
});

/** The only error single sign-on answers with: details are logged, never shown. */
export const SsoError = { SsoFailed: "SsoFailed" } as const;
