import type { LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod/mini";
import { startOidcSignIn } from "~/lib/oidc-sso.server";

/**
 * /ng/sso/oidc?email=…&continue=… (beyond the spec): single sign-on through the company's OpenID Connect identity
 * provider, where the sign-in page sends addresses whose company uses one (POST /api/auth/login answered
 * OidcAuthenticationNeeded). See docs/decisions/0015-oidc-single-sign-on.md.
 */
// Made in the loader: a schema built when the module loads would be part of the page's JavaScript.
const querySchema = () =>
  z.object({
    email: z.string().check(z.trim(), z.minLength(3), z.maxLength(320)),
    continue: z.optional(z.string().check(z.maxLength(2048))),
  });

/** Always a redirect: to the IdP, to the continue path when already signed in, or back to sign-in on failure. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = querySchema().safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return startOidcSignIn(request, context, parsed.success ? parsed.data : null);
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
