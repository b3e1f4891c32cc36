import { redirect } from "@remix-run/node";
import type { TokenResponse } from "@server/contracts/auth";
import { decodeJwt } from "jose";
import { createApiClient, serviceUnavailable, type ApiClient } from "./api/client.server";
import type { ApiInvoke, ApiTransport } from "./api/transport.server";
import type { WebContext } from "./context.server";
import { safeLocalPath } from "./safe-redirect";
import { SESSION_CHECK_INTERVAL_MS } from "./session-check";
import { readAuthSession, writeAuthSession, writeLoginProcess, type AuthSession } from "./session.server";

/** A token this close to its expiry is refreshed before use (a quarter of a short lifetime). */
const EXPIRY_MARGIN_SECONDS = 30;

/** Expiry from the exp claim; a token without one, or that cannot be decoded, counts as expired (000 §4.2). */
export function tokenExpiresAt(token: string | null | undefined): number {
  if (!token) return 0;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

function decodeIssuedAt(token: string): number | null {
  try {
    const { iat } = decodeJwt(token);
    return typeof iat === "number" ? iat * 1000 : null;
  } catch {
    return null;
  }
}

const isExpired = (token: string, marginSeconds = 0) => tokenExpiresAt(token) - marginSeconds * 1000 <= Date.now();

/** The auth info of a token answer (000 §3.2): the user's id from the id token's sub, the name from its name claim. */
export function sessionFromTokens(tokens: TokenResponse): AuthSession {
  let id = "";
  let name = "";
  try {
    const claims = decodeJwt(tokens.id_token);
    id = typeof claims.sub === "string" ? claims.sub : "";
    name = typeof claims.name === "string" ? claims.name : typeof claims.email === "string" ? claims.email : "";
  } catch {
    // An unreadable id token leaves the name empty; the tokens still work.
  }
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token,
    user: { id, name },
    checkedAt: Date.now(),
  };
}

/** Stores a fresh sign-in and ends the login process. */
export function signIn(context: WebContext, tokens: TokenResponse): AuthSession {
  const session = sessionFromTokens(tokens);
  writeAuthSession(context, session, tokenExpiresAt(session.refreshToken));
  writeLoginProcess(context, null);
  return session;
}

export function clearAuth(context: WebContext): void {
  writeAuthSession(context, null);
  context.memo.delete("auth");
}

/** The address of the page this request belongs to: data requests (/ng/x.data) name their page. */
export function currentPagePath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname === "/ng" || pathname === "/ng/_root") pathname = "/ng/";
  const search = new URLSearchParams(url.search);
  search.delete("_data");
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  return safeLocalPath(`${pathname}${query ? `?${query}` : ""}`);
}

/** /ng/login?continue=<this page> (000 §2.3). */
export function loginUrl(request: Request): string {
  const here = currentPagePath(request);
  return here === "/ng/" ? "/ng/login" : `/ng/login?continue=${encodeURIComponent(here)}`;
}

/**
 * The signed-in state of this request, or null. Resolved once per request (memoised, so loaders running side by
 * side refresh once): an expired access token is refreshed with the refresh token, the session is confirmed every 30
 * minutes, and on failure the auth info is cleared (000 §4.2, §4.3). The auth cookie is written once, at the end of
 * the resolution, with what it decided (docs/architecture.md, "One request, followed").
 */
export function getAuth(request: Request, context: WebContext): Promise<AuthSession | null> {
  const memo = context.memo.get("auth") as Promise<AuthSession | null> | undefined;
  if (memo) return memo;
  const promise = resolveAuth(request, context);
  context.memo.set("auth", promise);
  return promise;
}

/** What the request's API client presents: the access token of the request's sign-in, once it is resolved. */
interface RequestSignIn {
  resolved: boolean;
  /** Null while the sign-in is being resolved (the refresh is anonymous) and when signed out. */
  token: string | null;
}

function requestSignIn(context: WebContext): RequestSignIn {
  let signIn = context.memo.get("signIn") as RequestSignIn | undefined;
  if (!signIn) {
    signIn = { resolved: false, token: null };
    context.memo.set("signIn", signIn);
  }
  return signIn;
}

/**
 * The request's one API client, built on its first use and kept for the request: its calls carry the request's
 * sign-in. A call the API answers 401 after the sign-in was resolved (revoked, blocked, deleted) clears the auth info
 * and sends the browser to sign in (000 §4.2).
 */
export function requestApi(request: Request, context: WebContext): ApiClient {
  const kept = context.memo.get("api") as ApiClient | undefined;
  if (kept) return kept;
  const signIn = requestSignIn(context);
  const transport: ApiTransport = async (apiRequest, hints) => {
    const response = await context.apiTransport(apiRequest, hints);
    if (response.status === 401 && signIn.resolved && apiRequest.headers.has("authorization")) {
      clearAuth(context);
      throw redirect(loginUrl(request));
    }
    return response;
  };
  const direct = context.apiInvoke;
  const invoke: ApiInvoke | undefined =
    direct &&
    (async (call, hints) => {
      const answer = await direct(call, hints);
      if (answer instanceof Response && answer.status === 401 && signIn.resolved && call.authorization) {
        clearAuth(context);
        throw redirect(loginUrl(request));
      }
      return answer;
    });
  const api = createApiClient({
    transport,
    invoke,
    accessToken: () => signIn.token,
    requestId: context.requestId,
    hints: { authentications: context.apiAuthentications },
  });
  context.memo.set("api", api);
  return api;
}

/** The sign-in being resolved: the stored one, as the steps below change it. */
interface Resolution {
  session: AuthSession | null;
  /** Whether the auth cookie must be written (refreshed, confirmed, or ended). */
  changed: boolean;
}

async function resolveAuth(request: Request, context: WebContext): Promise<AuthSession | null> {
  const signIn = requestSignIn(context);
  signIn.resolved = false;
  const resolution: Resolution = { session: readAuthSession(request, context), changed: false };
  try {
    if (resolution.session) await confirmSession(resolution, requestApi(request, context), signIn, context);
  } finally {
    // The one write of the auth cookie: what the steps decided, also when one of them failed after a refresh (the
    // refresh token has been rotated: the new one must reach the browser).
    const { session, changed } = resolution;
    if (changed) writeAuthSession(context, session, session ? tokenExpiresAt(session.refreshToken) : undefined);
    signIn.token = session?.accessToken ?? null;
    signIn.resolved = true;
  }
  return resolution.session;
}

/** Refreshes an expiring access token, then confirms the session every 30 minutes (000 §4.2, §4.3). */
async function confirmSession(
  resolution: Resolution,
  api: ApiClient,
  signIn: RequestSignIn,
  context: WebContext,
): Promise<void> {
  const end = () => {
    resolution.session = null;
    resolution.changed = true;
  };
  let session = resolution.session!;
  const lifetime = (tokenExpiresAt(session.accessToken) - (decodeIssuedAt(session.accessToken) ?? 0)) / 1000;
  if (isExpired(session.accessToken, Math.min(EXPIRY_MARGIN_SECONDS, lifetime / 4))) {
    if (isExpired(session.refreshToken)) return end();
    // Anonymous: the request's client carries no token while the sign-in is being resolved.
    const refreshed = await api.oauth.refresh(session.refreshToken);
    // No answer at all is not a refused refresh: the sign-in stays, and this request is answered as unavailable.
    if (!refreshed.ok && refreshed.status === 0) throw serviceUnavailable();
    if (!refreshed.ok) {
      context.logger.info({ code: refreshed.error.code }, "refresh failed; signing out");
      return end();
    }
    session = { ...sessionFromTokens(refreshed.data), checkedAt: session.checkedAt };
    resolution.session = session;
    resolution.changed = true;
  }

  if (Date.now() - session.checkedAt >= SESSION_CHECK_INTERVAL_MS) {
    signIn.token = session.accessToken;
    const check = await api.oauth.session();
    if (!check.ok && check.status === 401) return end();
    if (check.ok) {
      resolution.session = { ...session, checkedAt: Date.now() };
      resolution.changed = true;
    }
  }
}

/** The API as the signed-in user: the request's one client (the session is the request's, resolved by getAuth). */
export function userApi(request: Request, context: WebContext, _session: AuthSession): ApiClient {
  return requestApi(request, context);
}

export interface SignedIn {
  session: AuthSession;
  api: ApiClient;
}

/** For every page that needs a signed-in user: otherwise a redirect to /ng/login?continue=<this page>. */
export async function requireUser(request: Request, context: WebContext): Promise<SignedIn> {
  const session = await getAuth(request, context);
  if (!session) throw redirect(loginUrl(request));
  return { session, api: requestApi(request, context) };
}

/** For the sign-in pages: a signed-in user goes on to / (000 §2.1). */
export async function redirectIfSignedIn(request: Request, context: WebContext): Promise<void> {
  if (await getAuth(request, context)) throw redirect("/ng/");
}
