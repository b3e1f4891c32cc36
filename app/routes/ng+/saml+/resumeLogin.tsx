import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { readCookie } from "@server/contracts/cookies";
import { ssoBindingCookie, ssoBindingCookieName } from "@server/contracts/sso-binding";
import * as z from "zod/mini";
import { signIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { useTranslation } from "~/lib/i18n-react";
import { safeLocalPath } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/settings";

/**
 * /ng/saml/resumeLogin?token=&continue= (000 §2.1, name SamlLoginResume): the end of SAML single sign-on. The token is
 * the single-use hand-off the assertion consumer service issued; it is redeemed at once (with the browser binding of
 * docs/decisions/0014-saml-single-sign-on.md), the tokens are stored in the session cookie, and the browser goes on to
 * the continue target, so the token leaves the address bar straight away. Nothing here is ever rendered.
 */
// Made in the loader: a schema built when the module loads would be part of the page's JavaScript.
const querySchema = () =>
  z.object({
    token: z.string().check(z.minLength(1), z.maxLength(4096)),
    continue: z.pipe(
      z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
      z.transform((value: string | undefined) => safeLocalPath(value)),
    ),
  });

const FAILED = "/ng/login?error=sso";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The address carries a token: no page reached from here learns it through the Referer.
  const headers = new Headers({ "referrer-policy": "no-referrer", "cache-control": "no-store" });
  const query = querySchema().safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw redirect(FAILED, { headers });

  const cookieName = ssoBindingCookieName(context.web.publicUrl);
  const binding = readCookie(request.headers.get("cookie"), cookieName);
  const result = await apiFor(context).auth.samlResume({ token: query.data.token, binding });
  if (!result.ok) {
    context.logger.info({ code: result.error.code, status: result.status }, "SAML hand-off refused");
    throw redirect(FAILED, { headers });
  }
  signIn(context, result.data);
  headers.append("set-cookie", ssoBindingCookie(context.web.publicUrl, "", 0));
  throw redirect(query.data.continue, { headers });
}

/** Never shown: the loader always redirects. */
export default function SamlLoginResume() {
  const { t } = useTranslation();
  return (
    <main id="main" className="p-6">
      <p role="status">{t("auth.signingIn")}</p>
    </main>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
