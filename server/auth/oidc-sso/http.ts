import { authCalls } from "../../contracts/calls/auth";
import { defineRoute } from "../../http/route";
import { tokenResponse } from "../http";
import { discoverOidc, oidcLogin } from "./service";

/** Single sign-on through a company's OpenID Connect identity provider (docs/decisions/0015-oidc-single-sign-on.md). */
export const oidcSsoRoutes = [
  defineRoute({
    call: authCalls.oidcDiscover,
    access: "public",
    maxBodyBytes: 16 * 1024,
    handler: async ({ deps, db, body }) => discoverOidc(deps, db, body.Email),
  }),

  defineRoute({
    call: authCalls.oidcLogin,
    access: "public",
    maxBodyBytes: 32 * 1024,
    handler: async ({ deps, db, body }) =>
      tokenResponse(await oidcLogin(deps, db, { companyId: body.CompanyId, idToken: body.IdToken, nonce: body.Nonce })),
  }),
];
