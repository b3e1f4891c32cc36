import { DEMO } from "../../../server/seed/demo";
import { startOidcIdp } from "../../support/oidc-idp";
import type { Peer, PeerOptions } from "./index";

/** The OIDC identity provider listens on basePort + 2. */
export const OIDC_IDP_PORT_OFFSET = 2;

/** An account the IdP knows and the product does not. */
export const OIDC_STRANGER = {
  sub: "contoso-0999",
  email: "stranger@contoso.example",
  emailVerified: true,
  name: "Stan Stranger",
};

/**
 * The OpenID Connect identity provider of the demo company Contoso Trials (oidc-provider on 127.0.0.1), with the
 * product's callback as its public client's redirect URI. Its issuer and client id go to the demo seed.
 */
export async function startOidcIdpPeer(options: PeerOptions): Promise<Peer> {
  const user = DEMO.users.oidcSso;
  const idp = await startOidcIdp({
    port: options.basePort + OIDC_IDP_PORT_OFFSET,
    redirectUris: [`${options.publicUrl}/ng/sso/oidc/callback`],
    accounts: [{ sub: user.ssoSubject, email: user.email, emailVerified: true, name: user.displayName }, OIDC_STRANGER],
  });
  return {
    env: { DEMO_OIDC_ISSUER: idp.issuer, DEMO_OIDC_CLIENT_ID: idp.clientId },
    close: () => idp.close(),
  };
}
