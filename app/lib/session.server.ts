import { cookieName, isSecureUrl, readCookie, serializeCookie, type CookieSecurity } from "@server/contracts/cookies";
import type { WebContext } from "./context.server";
import { sealCookieValue, unsealCookieValue } from "./cookie-seal.server";

/**
 * The web app's two cookies (docs/decisions/0013-web-session.md). Both are httpOnly, SameSite=Lax, Secure over
 * https, and sealed with AES-256-GCM under a key derived from the application secret: the browser holds them but
 * can neither read nor alter them, and scripts cannot reach them at all.
 *  - the auth cookie: the tokens of the signed-in user (000 §3.2), for as long as the refresh token lives;
 *  - the login cookie: the login process (000 §3.3: e-mail, password, code attempt, continue url), 15 minutes.
 * Writes are collected on the request's context and added to whatever response the request ends with
 * (server/main.ts), so a refresh in any loader, a redirect or an error page all carry them.
 */

export interface AuthSession {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  user: { id: string; name: string };
  /** When the server last confirmed the session (000 §4.3: every 30 minutes). */
  checkedAt: number;
}

export interface LoginProcess {
  email: string;
  password?: string;
  /** The attempt the e-mailed code belongs to. */
  attemptId?: string;
  continueUrl?: string;
}

const AUTH = "rbqm_auth";
const LOGIN = "rbqm_login";
const LOGIN_MAX_AGE_SECONDS = 15 * 60;
const MAX_AUTH_AGE_SECONDS = 24 * 60 * 60;

const security = (context: WebContext): CookieSecurity => ({ secure: isSecureUrl(context.web.publicUrl) });

/** The cookie writes of this request, by name; the last write of a cookie wins. */
function queue(context: WebContext, name: string, header: string): void {
  context.responseCookies.set(name, header);
}

function readSealed<T>(request: Request, context: WebContext, base: string): T | null {
  const name = cookieName(base, security(context));
  // A value written earlier in this same request wins over the one the browser sent.
  const pending = context.pendingValues.get(name);
  if (pending !== undefined) return pending as T | null;
  const raw = readCookie(request.headers.get("cookie"), name);
  return raw ? unsealCookieValue<T>(context.web.sessionSecret, base, name, raw) : null;
}

function writeSealed(context: WebContext, base: string, value: unknown, maxAgeSeconds: number): void {
  const name = cookieName(base, security(context));
  context.pendingValues.set(name, value);
  const sealed = value === null ? null : sealCookieValue(context.web.sessionSecret, base, name, value);
  queue(context, name, serializeCookie(name, sealed, maxAgeSeconds, security(context)));
}

export const readAuthSession = (request: Request, context: WebContext) =>
  readSealed<AuthSession>(request, context, AUTH);

export function writeAuthSession(context: WebContext, session: AuthSession | null, refreshExpiresAt?: number): void {
  const maxAge = refreshExpiresAt ? (refreshExpiresAt - Date.now()) / 1000 : MAX_AUTH_AGE_SECONDS;
  writeSealed(context, AUTH, session, Math.min(maxAge, MAX_AUTH_AGE_SECONDS));
}

export const readLoginProcess = (request: Request, context: WebContext) =>
  readSealed<LoginProcess>(request, context, LOGIN);

export function writeLoginProcess(context: WebContext, process: LoginProcess | null): void {
  writeSealed(context, LOGIN, process, LOGIN_MAX_AGE_SECONDS);
}

/** Removes a cookie the browser holds, by its full name (cookies of other libraries, such as remix-auth's). */
export function clearCookie(context: WebContext, name: string): void {
  queue(context, name, serializeCookie(name, null, 0, security(context)));
}

/** The name a cookie of this app goes by here (`__Host-` over https). */
export const appCookieName = (context: WebContext, base: string) => cookieName(base, security(context));

/**
 * A short-lived sealed cookie of a sign-in flow (single sign-on state), under its own name and key: httpOnly,
 * SameSite=Lax, Secure and __Host- over https, like the two above.
 */
export const readFlowCookie = <T>(request: Request, context: WebContext, base: string) =>
  readSealed<T>(request, context, base);

export function writeFlowCookie(context: WebContext, base: string, value: unknown, maxAgeSeconds: number): void {
  writeSealed(context, base, value, maxAgeSeconds);
}
