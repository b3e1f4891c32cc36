import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishOidcSignIn } from "~/lib/oidc-sso.server";

/**
 * /ng/sso/oidc/callback?code=…&state=… (beyond the spec): where the company's OpenID Connect identity provider
 * returns the browser. Signs the user in and goes on to the continue path, or back to /ng/login?error=sso.
 * (The "_" keeps this route out of /ng/sso/oidc's layout: that route's loader must not run here.)
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return finishOidcSignIn(request, context);
}

/** Never rendered: the loader always redirects (see ./oidc.tsx). */
export default function OidcSignInCallback() {
  return null;
}
