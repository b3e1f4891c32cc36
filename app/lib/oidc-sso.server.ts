import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { isSecureUrl, readAllCookieNames } from "@server/contracts/cookies";
import type { OidcDiscovery } from "@server/contracts/oidc-sso";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { getAuth, signIn } from "./auth.server";
import { apiFor, type WebContext } from "./context.server";
import { safeLocalPath } from "./safe-redirect";
import { appCookieName, clearCookie, readFlowCookie, writeFlowCookie } from "./session.server";

/** The query of /ng/sso/oidc: the address and where to go afterwards; null when it is not usable. */
const startQuerySchema = z.object({
  email: z.string().trim().min(3).max(320),
  continue: z.string().max(2048).optional(),
});

export function readOidcStart(query: URLSearchParams): z.infer<typeof startQuerySchema> | null {
  const parsed = startQuerySchema.safeParse(Object.fromEntries(query));
  return parsed.success ? parsed.data : null;
}

/**
 * Single sign-on through a company's OpenID Connect identity provider, in the web app
 * (docs/decisions/0015-oidc-single-sign-on.md). The product is a PUBLIC client of the IdP: the authorization code
 * flow with PKCE (S256) through remix-auth-oauth2, no client secret. The API finds the IdP (discover) and verifies
 * the id token itself (login); this module only moves the browser and the code.
 *
 * Two cookies carry a sign-in between /ng/sso/oidc and its callback, both httpOnly, SameSite=Lax, ten minutes:
 *  - remix-auth-oauth2's state cookie (state → PKCE code verifier), checked by the library on the callback;
 *  - our sealed flow cookie: the company, the e-mail, the continue path, the state and the nonce.
 */
export const OIDC_START_PATH = "/ng/sso/oidc";
export const OIDC_CALLBACK_PATH = "/ng/sso/oidc/callback";
/** The sign-in page shows the "sso.failed" text for this. */
export const SSO_FAILED_PATH = "/ng/login?error=sso";

const FLOW_COOKIE = "rbqm_sso_oidc";
const STATE_COOKIE = "rbqm_oidc_state";
const FLOW_MAX_AGE_SECONDS = 10 * 60;

interface OidcFlow {
  companyId: string;
  email: string;
  continueUrl: string;
  state: string;
  nonce: string;
}

type IdpTokens = OAuth2Strategy.VerifyOptions["tokens"];

/** remix-auth-oauth2's strategy, with the OpenID Connect parameters it does not send itself (nonce, login_hint). */
class OidcStrategy extends OAuth2Strategy<IdpTokens> {
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    private readonly extraParams: Record<string, string>,
  ) {
    // The user is the IdP's token answer; the API decides who that is.
    super(options, async ({ tokens }) => tokens);
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const result = new URLSearchParams(params);
    for (const [name, value] of Object.entries(this.extraParams)) result.set(name, value);
    return result;
  }
}

const stateCookieName = (context: WebContext) => appCookieName(context, STATE_COOKIE);

function strategyFor(context: WebContext, idp: OidcDiscovery, extraParams: Record<string, string> = {}): OidcStrategy {
  return new OidcStrategy(
    {
      clientId: idp.clientId,
      // A public client (token_endpoint_auth_method "none"): PKCE proves the code's redeemer; no secret exists.
      clientSecret: null,
      authorizationEndpoint: idp.authorizationEndpoint,
      tokenEndpoint: idp.tokenEndpoint,
      redirectURI: new URL(OIDC_CALLBACK_PATH, context.web.publicUrl).href,
      scopes: idp.scopes,
      codeChallengeMethod: CodeChallengeMethod.S256,
      cookie: {
        name: stateCookieName(context),
        httpOnly: true,
        sameSite: "Lax",
        ...(isSecureUrl(context.web.publicUrl) ? { secure: true as const } : {}),
        path: "/",
        maxAge: FLOW_MAX_AGE_SECONDS,
      },
    },
    extraParams,
  );
}

const randomToken = () => crypto.randomBytes(32).toString("base64url");

/** The failure answer: back to the sign-in page, which explains; the flow's cookies are cleared. */
function failed(
  request: Request,
  context: WebContext,
  reason: string,
  details: Record<string, unknown> = {},
  continueUrl?: string,
): Response {
  context.logger.warn({ ...details, reason }, "OIDC single sign-on failed");
  clearFlowCookies(request, context);
  const target =
    continueUrl && continueUrl !== "/ng/"
      ? `${SSO_FAILED_PATH}&continue=${encodeURIComponent(continueUrl)}`
      : SSO_FAILED_PATH;
  return redirect(target);
}

function clearFlowCookies(request: Request, context: WebContext): void {
  writeFlowCookie(context, FLOW_COOKIE, null, 0);
  // remix-auth-oauth2 names its cookies "<name>:<random id>", one per started sign-in; it never removes them.
  const prefix = `${stateCookieName(context)}:`;
  for (const name of readAllCookieNames(request.headers.get("cookie"))) {
    if (name.startsWith(prefix)) clearCookie(context, name);
  }
}

/**
 * GET /ng/sso/oidc?email&continue: finds the company's IdP through the API and sends the browser there with an
 * authorization request (code, PKCE S256, state, nonce). Always answers a redirect.
 */
export async function startOidcSignIn(
  request: Request,
  context: WebContext,
  query: { email: string; continue?: string } | null,
): Promise<Response> {
  const continueUrl = safeLocalPath(query?.continue);
  if (!query) return failed(request, context, "no e-mail address");
  if (await getAuth(request, context)) return redirect(continueUrl);

  const discovery = await apiFor(context).sso.oidcDiscover(query.email);
  if (!discovery.ok) return failed(request, context, "discovery", { code: discovery.error.code }, continueUrl);
  const idp = discovery.data;
  const nonce = randomToken();
  const strategy = strategyFor(context, idp, { nonce, login_hint: query.email });
  // The start address must carry no state parameter, or the library would take it for the callback.
  const start = new Request(new URL(OIDC_START_PATH, context.web.publicUrl), { headers: request.headers });
  try {
    await strategy.authenticate(start);
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("location") : null;
    if (!location) {
      return failed(request, context, "authorization request", { err: thrown }, continueUrl);
    }
    const state = new URL(location).searchParams.get("state");
    if (!state) return failed(request, context, "authorization request without state", {}, continueUrl);
    const flow: OidcFlow = { companyId: idp.companyId, email: query.email, continueUrl, state, nonce };
    writeFlowCookie(context, FLOW_COOKIE, flow, FLOW_MAX_AGE_SECONDS);
    // remix-auth's redirect to the IdP, with its state cookie (ADR 0020: remix-auth, re-throw a caught Response).
    throw thrown;
  }
  return failed(request, context, "the strategy did not redirect", {}, continueUrl);
}

/**
 * GET /ng/sso/oidc/callback?code&state: the IdP's answer. The library checks the state against its cookie and
 * redeems the code with the PKCE verifier; the API verifies the id token and answers our own tokens.
 */
export async function finishOidcSignIn(request: Request, context: WebContext): Promise<Response> {
  const flow = readFlowCookie<OidcFlow>(request, context, FLOW_COOKIE);
  const url = new URL(request.url);
  if (!flow) return failed(request, context, "no sign-in in progress");
  const { continueUrl } = flow;
  if (url.searchParams.get("state") !== flow.state) return failed(request, context, "state mismatch", {}, continueUrl);
  const idpError = url.searchParams.get("error");
  if (idpError)
    return failed(request, context, "the IdP answered an error", { error: idpError.slice(0, 100) }, continueUrl);

  const api = apiFor(context);
  const discovery = await api.sso.oidcDiscover(flow.email);
  if (!discovery.ok || discovery.data.companyId !== flow.companyId) {
    return failed(
      request,
      context,
      "discovery",
      { code: discovery.ok ? "other company" : discovery.error.code },
      continueUrl,
    );
  }
  // RFC 9207 (mix-up defence): an IdP that names itself must be the one this sign-in was sent to.
  const iss = url.searchParams.get("iss");
  if (iss !== null ? iss !== discovery.data.issuer : discovery.data.issParameterSupported) {
    return failed(request, context, "the authorization response names another issuer, or none", {}, continueUrl);
  }
  let tokens: IdpTokens;
  try {
    tokens = await strategyFor(context, discovery.data).authenticate(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(request, context, "code exchange", { err: error }, continueUrl);
  }
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch {
    return failed(request, context, "the IdP answered no id token", {}, continueUrl);
  }

  const result = await api.sso.oidcLogin({ companyId: flow.companyId, idToken, nonce: flow.nonce });
  if (!result.ok) return failed(request, context, "login", { code: result.error.code }, continueUrl);
  clearFlowCookies(request, context);
  signIn(context, result.data);
  return redirect(continueUrl);
}
