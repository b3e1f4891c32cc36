import { serviceProvider } from "../../../server/auth/saml/config";
import { startTestSamlIdp } from "../../support/saml-idp";
import type { Peer, PeerOptions } from "./index";

/**
 * The SAML identity provider of the demo company Northwind Clinical, on 127.0.0.1 at basePort + 1. Its environment
 * is what the demo seed reads (DEMO_SAML_*), so Northwind's users sign in through it.
 */
export async function startSamlIdpPeer(options: PeerOptions): Promise<Peer> {
  const idp = await startTestSamlIdp({
    sp: serviceProvider(options.publicUrl),
    port: options.basePort + 1,
    user: { email: "sso@northwind.example", name: "Sol Single-Sign-On" },
  });
  return {
    env: {
      DEMO_SAML_ENTRY_POINT: idp.entryPoint,
      DEMO_SAML_IDP_ISSUER: idp.issuer,
      DEMO_SAML_IDP_CERT_FILE: idp.certFile,
    },
    close: () => idp.close(),
  };
}
