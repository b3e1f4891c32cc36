import crypto from "node:crypto";
import type { WebContext } from "./context.server";

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

function keyFor(context: WebContext, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", context.web.sessionSecret, "rbqm-web", purpose, 32));
}

function sealValue(key: Buffer, name: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  // The cookie's name is authenticated too: a value cannot be moved from one cookie to the other.
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unsealValue<T>(key: Buffer, name: string, sealed: string): T | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 29) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as T;
  } catch {
    return null;
  }
}

const isHttps = (context: WebContext) => context.web.publicUrl.startsWith("https:");
/** Over https the __Host- prefix pins the cookie to this host and path /. */
const cookieName = (context: WebContext, base: string) => (isHttps(context) ? `__Host-${base}` : base);

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

function serialise(context: WebContext, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (isHttps(context)) parts.push("Secure");
  return parts.join("; ");
}

/** The cookie writes of this request, by name; the last write of a cookie wins. */
function queue(context: WebContext, name: string, header: string): void {
  context.responseCookies.set(name, header);
}

function readSealed<T>(request: Request, context: WebContext, base: string): T | null {
  const name = cookieName(context, base);
  // A value written earlier in this same request wins over the one the browser sent.
  const pending = context.pendingValues.get(name);
  if (pending !== undefined) return pending as T | null;
  const raw = readCookie(request, name);
  return raw ? unsealValue<T>(keyFor(context, base), name, raw) : null;
}

function writeSealed(context: WebContext, base: string, value: unknown, maxAgeSeconds: number): void {
  const name = cookieName(context, base);
  context.pendingValues.set(name, value);
  if (value === null) queue(context, name, serialise(context, name, "", 0));
  else queue(context, name, serialise(context, name, sealValue(keyFor(context, base), name, value), maxAgeSeconds));
}

export const readAuthSession = (request: Request, context: WebContext) => readSealed<AuthSession>(request, context, AUTH);

export function writeAuthSession(context: WebContext, session: AuthSession | null, refreshExpiresAt?: number): void {
  const maxAge = refreshExpiresAt ? (refreshExpiresAt - Date.now()) / 1000 : MAX_AUTH_AGE_SECONDS;
  writeSealed(context, AUTH, session, Math.min(maxAge, MAX_AUTH_AGE_SECONDS));
}

export const readLoginProcess = (request: Request, context: WebContext) => readSealed<LoginProcess>(request, context, LOGIN);

export function writeLoginProcess(context: WebContext, process: LoginProcess | null): void {
  writeSealed(context, LOGIN, process, LOGIN_MAX_AGE_SECONDS);
}

/**
 * A short-lived sealed cookie of a sign-in flow (single sign-on state), under its own name and key: httpOnly,
 * SameSite=Lax, Secure and __Host- over https, like the two above.
 */
export const readFlowCookie = <T>(request: Request, context: WebContext, base: string) => readSealed<T>(request, context, base);

export function writeFlowCookie(context: WebContext, base: string, value: unknown, maxAgeSeconds: number): void {
  writeSealed(context, base, value, maxAgeSeconds);
}
