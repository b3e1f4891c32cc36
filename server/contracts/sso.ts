import { z } from "zod";

export {
  SSO_BINDING_COOKIE,
  SSO_BINDING_PATTERN,
  SSO_REQUEST_TTL_SECONDS,
  ssoBindingCookie,
  ssoBindingCookieName,
} from "./sso-binding";

/** POST /api/auth/saml/resume: the hand-off token of /ng/saml/resumeLogin and the browser's binding value. */
export const samlResumeSchema = z.object({
  token: z.string().min(1).max(4096),
  binding: z.string().max(128).optional(),
});

/** The only error single sign-on answers with: details are logged, never shown. */
export const SsoError = { SsoFailed: "SsoFailed" } as const;
