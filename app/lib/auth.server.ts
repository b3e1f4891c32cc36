import { redirect } from "@remix-run/node";
import type { TokenResponse } from "@server/contracts/auth";
import { decodeJwt } from "jose";
import { createApiClient, serviceUnavailable, type ApiClient } from "./api/client.server";
import type { ApiTransport } from "./api/transport.server";
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
 * The signed-in state of this request, or null. Refreshes an expired access token with the refresh token and
 * confirms the session every 30 minutes; on failure the auth info is cleared (000 §4.2, §4.3). Memoised per request,
 * so loaders running side by side refresh once.
 */
export function getAuth(request: Request, context: WebContext): Promise<AuthSession | null> {
  const memo = context.memo.get("auth") as Promise<AuthSession | null> | undefined;
  if (memo) return memo;
  const promise = resolveAuth(request, context);
  context.memo.set("auth", promise);
  return promise;
}

async function resolveAuth(request: Request, context: WebContext): Promise<AuthSession | null> {
  let session = readAuthSession(request, context);
  if (!session) return null;
  const anonymous = createApiClient({ transport: context.apiTransport, requestId: context.requestId });

  const lifetime = (tokenExpiresAt(session.accessToken) - (decodeIssuedAt(session.accessToken) ?? 0)) / 1000;
  if (isExpired(session.accessToken, Math.min(EXPIRY_MARGIN_SECONDS, lifetime / 4))) {
    if (isExpired(session.refreshToken)) {
      writeAuthSession(context, null);
      return null;
    }
    const refreshed = await anonymous.oauth.refresh(session.refreshToken);
    // No answer at all is not a refused refresh: the sign-in stays, and this request is answered as unavailable.
    if (!refreshed.ok && refreshed.status === 0) throw serviceUnavailable();
    if (!refreshed.ok) {
      context.logger.info({ code: refreshed.error.code }, "refresh failed; signing out");
      writeAuthSession(context, null);
      return null;
    }
    session = { ...sessionFromTokens(refreshed.data), checkedAt: session.checkedAt };
    writeAuthSession(context, session, tokenExpiresAt(session.refreshToken));
  }

  if (Date.now() - session.checkedAt >= SESSION_CHECK_INTERVAL_MS) {
    const check = await createApiClient({
      transport: context.apiTransport,
      accessToken: session.accessToken,
      requestId: context.requestId,
      hints: { authentications: context.apiAuthentications },
    }).oauth.session();
    if (!check.ok && check.status === 401) {
      writeAuthSession(context, null);
      return null;
    }
    if (check.ok) {
      session = { ...session, checkedAt: Date.now() };
      writeAuthSession(context, session, tokenExpiresAt(session.refreshToken));
    }
  }
  return session;
}

/** The API as the signed-in user. A 401 answer clears the auth info and sends the browser to sign in (000 §4.2). */
export function userApi(request: Request, context: WebContext, session: AuthSession): ApiClient {
  const transport: ApiTransport = async (apiRequest, hints) => {
    const response = await context.apiTransport(apiRequest, hints);
    if (response.status === 401) {
      clearAuth(context);
      throw redirect(loginUrl(request));
    }
    return response;
  };
  return createApiClient({
    transport,
    accessToken: session.accessToken,
    requestId: context.requestId,
    hints: { authentications: context.apiAuthentications },
  });
}

export interface SignedIn {
  session: AuthSession;
  api: ApiClient;
}

/** For every page that needs a signed-in user: otherwise a redirect to /ng/login?continue=<this page>. */
export async function requireUser(request: Request, context: WebContext): Promise<SignedIn> {
  const session = await getAuth(request, context);
  if (!session) throw redirect(loginUrl(request));
  return { session, api: userApi(request, context, session) };
}

/** For the sign-in pages: a signed-in user goes on to / (000 §2.1). */
export async function redirectIfSignedIn(request: Request, context: WebContext): Promise<void> {
  if (await getAuth(request, context)) throw redirect("/ng/");
}
