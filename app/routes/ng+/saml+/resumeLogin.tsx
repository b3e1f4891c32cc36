import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RedirectingPage } from "~/components/RedirectingPage";
import { pageMeta } from "~/lib/settings";
import { resumeSamlSignIn } from "./queries.server";

/**
 * /ng/saml/resumeLogin?token=&continue= (000 §2.1, name SamlLoginResume): the end of SAML single sign-on. The token is
 * the single-use hand-off the assertion consumer service issued; it is redeemed at once (with the browser binding of
 * docs/decisions/0014-saml-single-sign-on.md), the tokens are stored in the session cookie, and the browser goes on to
 * the continue target, so the token leaves the address bar straight away. Nothing here is ever rendered.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  throw await resumeSamlSignIn(request, context);
}

/** Never shown: the loader always redirects. */
export default function SamlLoginResume() {
  return <RedirectingPage messageKey="auth.signingIn" />;
}

export const meta: MetaFunction = (args) => pageMeta(args);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
