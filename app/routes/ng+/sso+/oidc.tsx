import type { LoaderFunctionArgs } from "@remix-run/node";
import { readOidcStart, startOidcSignIn } from "~/lib/oidc-sso.server";

/**
 * /ng/sso/oidc?email=…&continue=… (beyond the spec): single sign-on through the company's OpenID Connect identity
 * provider, where the sign-in page sends addresses whose company uses one (POST /api/auth/login answered
 * OidcAuthenticationNeeded). See docs/decisions/0015-oidc-single-sign-on.md.
 */
/** Always a redirect: to the IdP, to the continue path when already signed in, or back to sign-in on failure. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return startOidcSignIn(request, context, readOidcStart(new URL(request.url).searchParams));
}

/**
 * Never rendered, since the loader always redirects. The default export makes this a page route, so that an in-app
 * navigation (the sign-in form's redirect, with JavaScript) reaches it through the router, which then follows the
 * redirect to the identity provider with a full page load.
 */
export default function OidcSignInStart() {
  return null;
}

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
