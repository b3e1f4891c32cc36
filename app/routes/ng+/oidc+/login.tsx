import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NO_STORE } from "@server/contracts/headers";
import { AuthorizationError } from "@server/contracts/oauth-codes";
import { Notice, SignInLayout } from "~/components/SignInLayout";
import { currentPagePath, getAuth, userApi } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta } from "~/lib/settings";
import type { TFunction } from "~/lib/translate";

/**
 * /ng/oidc/login: the authorization endpoint for registered client applications (000 §2.2; RFC 6749 §4.1, RFC 7636,
 * RFC 9700). Before it redirects anywhere — to sign-in or back to the client — the client, its exactly matching
 * redirect_uri and PKCE S256 are checked; a request failing those is refused on this page (400), never followed.
 * Signed out: to /ng/login with continue = this address (and email from login_hint). Signed in: a code from
 * POST /api/oauth/code, then 302 to redirect_uri with code, state and iss. See docs/decisions/0016-authorization-server.md.
 */

/** The request's parameters and their length limits; each may appear once (RFC 6749 §3.1). */
const PARAMS = {
  client_id: 256,
  redirect_uri: 2048,
  response_type: 64,
  code_challenge: 256,
  code_challenge_method: 32,
  state: 1024,
  nonce: 512,
  login_hint: 320,
  prompt: 64,
} as const;
type Param = keyof typeof PARAMS;
type Query = Partial<Record<Param, string>>;

type Refusal =
  "missingClient" | "unknownClient" | "unregisteredRedirect" | "unsupportedChallenge" | "malformed" | "unavailable";

function readQuery(search: URLSearchParams): Query | null {
  const query: Query = {};
  for (const [name, max] of Object.entries(PARAMS) as [Param, number][]) {
    const values = search.getAll(name);
    if (values.length > 1 || (values[0] !== undefined && values[0].length > max)) return null;
    if (values[0]) query[name] = values[0];
  }
  return query;
}

const noStore = NO_STORE;

/** redirect_uri (already known to be registered) with the response parameters appended, its own query kept as is. */
function backToClient(redirectUri: string, params: Record<string, string | undefined>): Response {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, value);
  return redirect(`${redirectUri}${redirectUri.includes("?") ? "&" : "?"}${search}`, { headers: noStore });
}

function refusalFor(code: string): Refusal {
  if (code === AuthorizationError.UnknownClient) return "unknownClient";
  if (code === AuthorizationError.UnregisteredRedirectUri) return "unregisteredRedirect";
  if (code === AuthorizationError.UnsupportedChallenge) return "unsupportedChallenge";
  return "malformed";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  const refuse = (refusal: Refusal, status = 400) =>
    data({ refusal, pageName: t("authz.refusedPageName") }, { status, headers: noStore });

  const query = readQuery(new URL(request.url).searchParams);
  if (!query) return refuse("malformed");
  if (!query.client_id) return refuse("missingClient");

  // 1. Client, redirect_uri and PKCE, before anything else: until they are good there is nowhere safe to send anyone.
  const check = await apiFor(context).oauth.validateAuthorization({
    client_id: query.client_id,
    redirect_uri: query.redirect_uri,
    code_challenge: query.code_challenge,
    code_challenge_method: query.code_challenge_method,
  });
  if (!check.ok) {
    if (check.status !== 400) {
      context.logger.warn(
        { status: check.status, code: check.error.code },
        "authorization request could not be checked",
      );
      return refuse("unavailable", 503);
    }
    return refuse(refusalFor(check.error.code));
  }
  const { redirectUri, issuer, clientId } = check.data.data;
  // From here on errors go back to the client (RFC 6749 §4.1.2.1), with its state and our iss (RFC 9207).
  const back = (params: Record<string, string | undefined>) =>
    backToClient(redirectUri, { ...params, state: query.state, iss: issuer });

  if (query.response_type !== "code") {
    return back({ error: "unsupported_response_type", error_description: "Only response_type=code is supported." });
  }

  // 2. Who is signed in.
  const session = await getAuth(request, context);
  if (!session) {
    if (query.prompt?.split(" ").includes("none")) return back({ error: "login_required" });
    const email = query.login_hint ? `&email=${encodeURIComponent(query.login_hint)}` : "";
    return redirect(`/ng/login?continue=${encodeURIComponent(currentPagePath(request))}${email}`, { headers: noStore });
  }

  // 3. A code for this user, bound to client, redirect_uri, challenge and nonce.
  const result = await userApi(request, context, session).oauth.code({
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: query.code_challenge,
    code_challenge_method: query.code_challenge_method,
    nonce: query.nonce,
  });
  if (!result.ok) {
    context.logger.warn({ status: result.status, code: result.error.code, clientId }, "authorization code not issued");
    return back({ error: result.status === 403 ? "access_denied" : "server_error" });
  }
  return back({ code: result.data.data.code });
}

function refusalText(t: TFunction, refusal: Refusal): string {
  switch (refusal) {
    case "missingClient":
      return t("oidc.invalidRequest", { reason: t("authz.reasonMissingClient") });
    case "unknownClient":
      return t("oidc.invalidRequest", { reason: t("authz.reasonUnknownClient") });
    case "unregisteredRedirect":
      return t("oidc.unregisteredRedirect");
    case "unsupportedChallenge":
      return t("oidc.unsupportedChallenge");
    case "unavailable":
      return t("authz.unavailable");
    default:
      return t("oidc.invalidRequest", { reason: t("authz.reasonMalformed") });
  }
}

export default function AuthorizationRefused() {
  const { refusal } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SignInLayout
      heading={t("authz.refusedHeading")}
      exit={{ to: "/ng/", label: t("notFound.home"), reloadDocument: true }}
    >
      <Notice kind="error">{refusalText(t, refusal)}</Notice>
      <p className="text-slate-700">{t("authz.refusedMessage")}</p>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
