import { redirect } from "@remix-run/node";
import { normaliseEmail } from "@server/contracts/auth";
import { readCookie } from "@server/contracts/cookies";
import { NO_STORE } from "@server/contracts/headers";
import { ssoBindingCookie, ssoBindingCookieName } from "@server/contracts/sso";
import { z } from "zod";
import { signIn } from "~/lib/auth.server";
import { apiFor, type WebContext } from "~/lib/context.server";
import { safeLocalPath } from "~/lib/safe-redirect";

/** The SAML routes' queries (000 §2.1): bounded, normalised; `continue` is a same-origin path or /ng/. */
const continueParam = z
  .string()
  .max(2048)
  .optional()
  .catch(undefined)
  .transform((value) => safeLocalPath(value));

const startSchema = z.object({
  email: z
    .string()
    .catch("")
    .transform((value) => normaliseEmail(value).slice(0, 320)),
  continue: continueParam,
});

const resumeSchema = z.object({
  token: z.string().min(1).max(4096),
  continue: continueParam,
});

/** /ng/saml/login?email=&continue=: always usable (a missing continue is /ng/). */
export function readSamlStart(query: URLSearchParams): z.infer<typeof startSchema> {
  return startSchema.parse(Object.fromEntries(query));
}

/** /ng/saml/resumeLogin?token=&continue=: null without a usable token. */
export function readSamlResume(query: URLSearchParams): z.infer<typeof resumeSchema> | null {
  const parsed = resumeSchema.safeParse(Object.fromEntries(query));
  return parsed.success ? parsed.data : null;
}

const FAILED = "/ng/login?error=sso";

/**
 * The end of SAML single sign-on: the hand-off token is redeemed at once with the browser binding
 * (docs/decisions/0014-saml-single-sign-on.md), the tokens are stored in the session cookie, and the browser goes on
 * to the continue target, so the token leaves the address bar straight away. Always a redirect.
 */
export async function resumeSamlSignIn(request: Request, context: WebContext): Promise<Response> {
  // The address carries a token: no page reached from here learns it through the Referer.
  const headers = new Headers({ "referrer-policy": "no-referrer", ...NO_STORE });
  const query = readSamlResume(new URL(request.url).searchParams);
  if (!query) return redirect(FAILED, { headers });

  const binding = readCookie(request.headers.get("cookie"), ssoBindingCookieName(context.web.publicUrl));
  const result = await apiFor(context).auth.samlResume({ token: query.token, binding });
  if (!result.ok) {
    context.logger.info({ code: result.error.code, status: result.status }, "SAML hand-off refused");
    return redirect(FAILED, { headers });
  }
  signIn(context, result.data);
  headers.append("set-cookie", ssoBindingCookie(context.web.publicUrl, "", 0));
  return redirect(query.continue, { headers });
}
