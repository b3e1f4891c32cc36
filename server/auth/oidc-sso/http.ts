import { oidcDiscoverRequestSchema, oidcLoginRequestSchema } from "../../contracts/oidc-sso";
import { defineRoute } from "../../http/route";
import { discoverOidc, oidcLogin } from "./service";

const noStore = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", pragma: "no-cache" },
  });

/** Single sign-on through a company's OpenID Connect identity provider (docs/decisions/0015-oidc-single-sign-on.md). */
export const oidcSsoRoutes = [
  defineRoute({
    method: "POST",
    path: "/auth/sso/oidc/discover",
    access: "public",
    body: oidcDiscoverRequestSchema,
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, db, body }) => discoverOidc(deps, db, body.Email),
  }),

  defineRoute({
    method: "POST",
    path: "/auth/sso/oidc/login",
    access: "public",
    body: oidcLoginRequestSchema,
    maxBodyBytes: 32 * 1024,
    handler: async ({ deps, db, body }) =>
      noStore(await oidcLogin(deps, db, { companyId: body.CompanyId, idToken: body.IdToken, nonce: body.Nonce })),
  }),
];
