import { z } from "zod";

/** What a browser SSO assertion's NameID is asked to be, unless a company configures another format. */
export const EMAIL_NAME_ID_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

const httpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  },
  { message: "must be an absolute http(s) URL" },
);

/**
 * companies.sso_config of a company whose sso_protocol is "saml" (the JSON an administrator stores):
 *  - emailDomains: addresses in these domains sign in through this company's IdP (server/auth/sso.ts);
 *  - entryPoint: the IdP's single sign-on URL (HTTP-Redirect binding);
 *  - idpIssuer: the IdP's entity id; assertions from any other issuer are refused;
 *  - idpCert: the IdP's signing certificate(s), PEM or bare base64; several while the IdP rolls its key;
 *  - wantAssertionsSigned (default true), wantAuthnResponseSigned (default false): which signatures are required;
 *    one of the two is always required;
 *  - identifierFormat: the NameID format asked for (default emailAddress; null asks for none);
 *  - emailAttribute: the attribute carrying the e-mail address when the NameID is not one (default: email, mail);
 *  - acceptedClockSkewMs: tolerance for the assertion's time conditions (default 60 s, at most 5 minutes);
 *  - disableRequestedAuthnContext: leave RequestedAuthnContext out of the request (default false).
 */
export const samlCompanyConfigSchema = z.object({
  emailDomains: z.array(z.string()).default([]),
  entryPoint: httpUrl,
  idpIssuer: z.string().min(1),
  idpCert: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  wantAssertionsSigned: z.boolean().default(true),
  wantAuthnResponseSigned: z.boolean().default(false),
  identifierFormat: z.string().min(1).nullable().default(EMAIL_NAME_ID_FORMAT),
  emailAttribute: z.string().min(1).optional(),
  acceptedClockSkewMs: z
    .number()
    .int()
    .min(0)
    .max(5 * 60 * 1000)
    .default(60 * 1000),
  disableRequestedAuthnContext: z.boolean().default(false),
});

export type SamlCompanyConfig = z.output<typeof samlCompanyConfigSchema>;

/** The service provider's own addresses, from PUBLIC_URL: the entity id is where its metadata is served. */
export function serviceProvider(publicUrl: string) {
  return {
    entityId: `${publicUrl}/saml/metadata`,
    acsUrl: `${publicUrl}/saml/acs`,
  };
}
