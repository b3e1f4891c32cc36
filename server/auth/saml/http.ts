import { Hono } from "hono";
import { isValidEmail, normaliseEmail } from "../../contracts/auth";
import { authCalls } from "../../contracts/calls/auth";
import { readCookie } from "../../contracts/cookies";
import { NO_STORE } from "../../contracts/headers";
import { safeLocalPath } from "../../contracts/redirects";
import { ssoBindingCookie, ssoBindingCookieName, SsoError, SSO_REQUEST_TTL_SECONDS } from "../../contracts/sso";
import { isDatabaseUnavailable } from "../../db/availability";
import type { ServiceDeps } from "../../deps";
import { readBodyText } from "../../http/body";
import { ApiError } from "../../http/problem";
import { defineRoute } from "../../http/route";
import { tokenResponse } from "../http";
import { consumeSamlResponse, resumeSamlLogin, SamlFailure, samlMetadata, spSigning, startSamlLogin } from "./service";

/** The assertion consumer service takes form posts of at most this size (a signed response is a few KiB). */
const MAX_ACS_BODY_BYTES = 512 * 1024;

const noStore = { ...NO_STORE, "referrer-policy": "no-referrer" };

function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 302, headers: { location, ...noStore, ...headers } });
}

/** Where every failure lands: the sign-in page with the "single sign-on did not succeed" message. */
/**
 * Where a browser goes when a SAML step fails: the sign-in page, which says why. "unavailable" when the database was
 * away (the sign-on itself may be fine: try again in a moment), "sso" for everything else.
 */
function failureLocation(error: unknown, email?: string, continueUrl?: string): string {
  const search = new URLSearchParams({ error: isDatabaseUnavailable(error) ? "unavailable" : "sso" });
  if (email) search.set("email", email);
  if (continueUrl && continueUrl !== "/ng/") search.set("continue", continueUrl);
  return `/ng/login?${search}`;
}

function logFailure(deps: ServiceDeps, step: string, error: unknown): void {
  if (error instanceof SamlFailure)
    deps.logger.warn({ step, reason: error.reason, ...error.details }, "SAML sign-in refused");
  else deps.logger.error({ step, err: error }, "SAML sign-in failed");
}

async function readForm(request: Request): Promise<URLSearchParams> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_ACS_BODY_BYTES)
    throw new SamlFailure("the post is too large");
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new SamlFailure("the post is not a form");
  }
  const text = await readBodyText(request, MAX_ACS_BODY_BYTES);
  if (text === null) throw new SamlFailure("the post is too large");
  return new URLSearchParams(text);
}

/**
 * The server's SAML addresses outside /api (000 §7 "Browser navigation /login-saml"): browsers navigate to them, and
 * the IdP posts to the assertion consumer service from its own site, so none of them needs our cookies to work.
 */
export function createSamlRouter(deps: ServiceDeps): Hono {
  // A configured key pair that cannot be read stops the start, rather than the first sign-in.
  spSigning(deps);
  const router = new Hono();

  router.get("/login-saml", async (c) => {
    const url = new URL(c.req.url);
    const continueUrl = safeLocalPath(url.searchParams.get("continue"));
    const cookieName = ssoBindingCookieName(deps.config.publicUrl);
    try {
      const { location, binding } = await startSamlLogin(deps, {
        email: url.searchParams.get("email"),
        continueUrl,
        binding: readCookie(c.req.header("cookie"), cookieName),
      });
      return redirect(location, {
        "set-cookie": ssoBindingCookie(deps.config.publicUrl, binding, SSO_REQUEST_TTL_SECONDS),
      });
    } catch (error) {
      logFailure(deps, "login-saml", error);
      const email = normaliseEmail(url.searchParams.get("email") ?? "").toLowerCase();
      return redirect(failureLocation(error, isValidEmail(email) ? email : undefined, continueUrl));
    }
  });

  router.post("/saml/acs", async (c) => {
    try {
      const form = await readForm(c.req.raw);
      const { location } = await consumeSamlResponse(deps, {
        samlResponse: form.get("SAMLResponse"),
        relayState: form.get("RelayState"),
      });
      return redirect(location);
    } catch (error) {
      logFailure(deps, "acs", error);
      return redirect(failureLocation(error));
    }
  });

  router.get("/saml/metadata", () => {
    return new Response(samlMetadata(deps), {
      status: 200,
      headers: {
        "content-type": "application/samlmetadata+xml; charset=utf-8",
        "cache-control": "public, max-age=3600",
      },
    });
  });

  return router;
}

/** The API call behind /ng/saml/resumeLogin. */
export const samlApiRoutes = [
  defineRoute({
    call: authCalls.samlResume,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, body }) => {
      try {
        return tokenResponse(await resumeSamlLogin(deps, body));
      } catch (error) {
        // The database being away is no failed sign-on: it is answered 503 like every call (server/http/api.ts).
        if (isDatabaseUnavailable(error)) throw error;
        logFailure(deps, "resume", error);
        throw new ApiError(400, SsoError.SsoFailed, "Single sign-on did not succeed.");
      }
    },
  }),
];
