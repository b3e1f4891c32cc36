import { z } from "zod";

/**
 * Single sign-on through a company's OpenID Connect identity provider (beyond the spec; see
 * docs/decisions/0015-oidc-single-sign-on.md). The product is a public client of the IdP, using PKCE (S256):
 * no client secret exists anywhere in the product.
 */

/** Error codes of the OIDC sign-on calls, in the problem's title. */
export const OidcSsoResult = {
  /** The address does not sign in through OIDC, the IdP could not be reached, or its id token was not accepted. */
  SsoFailed: "SsoFailed",
  /** The IdP vouched for someone who has no account in the company. */
  SsoNoAccount: "SsoNoAccount",
  /** The account is blocked (as for POST /api/auth/login). */
  Denied: "Denied",
} as const;
export type OidcSsoResult = (typeof OidcSsoResult)[keyof typeof OidcSsoResult];

/** The scopes asked for when the company's configuration names none. */
export const DEFAULT_OIDC_SCOPES = ["openid", "email", "profile"] as const;

/**
 * companies.sso_config when companies.sso_protocol is "oidc". The issuer is the IdP's exact issuer identifier
 * (its discovery document must repeat it); the clientId is the product's client at that IdP, registered as a public
 * client (token_endpoint_auth_method "none") with `${PUBLIC_URL}/ng/sso/oidc/callback` as its redirect URI.
 */
export const oidcSsoConfigSchema = z.object({
  emailDomains: z.array(z.string().min(1)).default([]),
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1).max(256),
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/)).optional(),
});
export type OidcSsoConfig = z.infer<typeof oidcSsoConfigSchema>;

/** POST /api/auth/sso/oidc/discover */
export const oidcDiscoverRequestSchema = z.object({
  Email: z.string().max(320),
});

/** What the web app needs to send the browser to the IdP: public values only. */
export interface OidcDiscovery {
  companyId: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  scopes: string[];
  /** RFC 9207: the IdP names itself (`iss`) in its authorization responses; the callback then requires it. */
  issParameterSupported: boolean;
}

/**
 * POST /api/auth/sso/oidc/login: the id token the web app received from the IdP's token endpoint, and the nonce it
 * put into the authorization request (the id token must carry it). Answers the token set of POST /api/auth/login.
 */
export const oidcLoginRequestSchema = z.object({
  CompanyId: z.string().min(1).max(64),
  IdToken: z
    .string()
    .min(1)
    .max(16 * 1024),
  Nonce: z.string().min(16).max(256),
});
