import { redirectDocument, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { RedirectingPage } from "~/components/RedirectingPage";
import { pageMeta } from "~/lib/settings";
import { readSamlStart } from "./queries.server";

/**
 * /ng/saml/login?email=&continue= (000 §2.1, name SamlLogin): sends the browser to the server's /login-saml with the
 * two values, which goes on to the company's identity provider. A document redirect, so it also works when reached
 * by a client-side navigation (the login page's redirect with JavaScript on).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = readSamlStart(new URL(request.url).searchParams);
  const search = new URLSearchParams({ email: query.email, continue: query.continue });
  throw redirectDocument(`/login-saml?${search}`);
}

/** Never shown: the loader always redirects. */
export default function SamlLogin() {
  return <RedirectingPage messageKey="sso.redirecting" />;
}

export const meta: MetaFunction = (args) => pageMeta(args);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
