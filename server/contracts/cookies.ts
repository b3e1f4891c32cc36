import { parse, serialize } from "cookie";

/**
 * Every cookie of the product, read and written one way (docs/decisions/0013-web-session.md):
 *  - named with the `__Host-` prefix when the product is served over https (the cookie is then pinned to this host
 *    and path /, and needs Secure);
 *  - httpOnly, SameSite=Lax, Path=/, Secure over https;
 *  - a sealed value is JSON encrypted with AES-256-GCM under a key derived from the application secret for that
 *    cookie, with the cookie's name as additional data, so a value cannot be read, altered or moved to another cookie
 *    (the web app's app/lib/cookie-seal.server.ts: sealing is crypto and keeps its keys, so it is not a contract).
 * Parsing and serialising are the `cookie` package's. Pure, like every contract: no I/O, no state.
 */
export interface CookieSecurity {
  /** True when the product is served over https (PUBLIC_URL). */
  secure: boolean;
}

export const isSecureUrl = (publicUrl: string): boolean => publicUrl.startsWith("https:");

/** The name a cookie goes by: `__Host-<base>` over https, `<base>` otherwise. */
export const cookieName = (base: string, security: CookieSecurity): string =>
  security.secure ? `__Host-${base}` : base;

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  const value = parse(header)[name];
  return value === undefined ? null : value;
}

/** RFC 6265's cookie-name token. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The names of every cookie in a Cookie header. */
export const readAllCookieNames = (header: string | null | undefined): string[] =>
  header ? Object.keys(parse(header)) : [];

/** The Set-Cookie header of a cookie; a maxAge of 0 (or a null value) removes it. */
export function serializeCookie(
  name: string,
  value: string | null,
  maxAgeSeconds: number,
  security: CookieSecurity,
): string {
  if (!COOKIE_NAME.test(name)) {
    // Another library's cookie whose name is outside RFC 6265's token (remix-auth-oauth2's "name:id"), being removed.
    return `${name}=; Max-Age=0; Path=/; HttpOnly;${security.secure ? " Secure;" : ""} SameSite=Lax`;
  }
  return serialize(name, value ?? "", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: security.secure,
    maxAge: value === null ? 0 : Math.max(0, Math.floor(maxAgeSeconds)),
    // Sealed values and random tokens are base64url already: written as they are.
    encode: (text) => text,
  });
}
