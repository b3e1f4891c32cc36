import { redirectDocument, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { normaliseEmail } from "@server/contracts/auth-codes";
import * as z from "zod/mini";
import { useTranslation } from "~/lib/i18n-react";
import { safeLocalPath } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/settings";

/**
 * /ng/saml/login?email=&continue= (000 §2.1, name SamlLogin): sends the browser to the server's /login-saml with the
 * two values, which goes on to the company's identity provider. A document redirect, so it also works when reached
 * by a client-side navigation (the login page's redirect with JavaScript on).
 */
// Made in the loader: a schema built when the module loads would be part of the page's JavaScript.
const querySchema = () =>
  z.object({
    email: z.pipe(
      z.catch(z.string(), ""),
      z.transform((value: string) => normaliseEmail(value).slice(0, 320)),
    ),
    continue: z.pipe(
      z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
      z.transform((value: string | undefined) => safeLocalPath(value)),
    ),
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const query = querySchema().parse(Object.fromEntries(new URL(request.url).searchParams));
  const search = new URLSearchParams({ email: query.email, continue: query.continue });
  throw redirectDocument(`/login-saml?${search}`);
}

/** Never shown: the loader always redirects. */
export default function SamlLogin() {
  const { t } = useTranslation();
  return (
    <main id="main" className="p-6">
      <p role="status">{t("sso.redirecting")}</p>
    </main>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
