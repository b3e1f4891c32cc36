import { redirect } from "@remix-run/node";
import type { TokenResponse } from "@server/contracts/auth";
import { LoginResult } from "@server/contracts/auth";
import type { ApiFailure } from "./api/client.server";
import { signIn } from "./auth.server";
import type { WebContext } from "./context.server";
import { safeLocalPath } from "./safe-redirect";

/** After a successful sign-in: store the auth info and go to the continue url, or / (000 §4.1). */
export function finishSignIn(context: WebContext, tokens: TokenResponse, continueUrl: string | undefined) {
  signIn(context, tokens);
  return redirect(safeLocalPath(continueUrl));
}

/** Single sign-on needed: the SAML login route (or, beyond the spec, the OIDC one) with e-mail and continue target. */
export function singleSignOnRedirect(
  failure: ApiFailure,
  email: string,
  continueUrl: string | undefined,
): Response | null {
  const route =
    failure.code === LoginResult.SamlAuthenticationNeeded
      ? "/ng/saml/login"
      : failure.code === LoginResult.OidcAuthenticationNeeded
        ? "/ng/sso/oidc"
        : null;
  if (!route) return null;
  const query = new URLSearchParams({ email });
  if (continueUrl) query.set("continue", safeLocalPath(continueUrl));
  return redirect(`${route}?${query}`);
}
