/**
 * The outside world of the browser tests, each a real server on 127.0.0.1: the SMTP peer that receives the
 * service's mail, and the identity providers single sign-on talks to. scripts/e2e-server.mjs bundles this module,
 * starts the peers before the service and passes it the environment they return.
 */
import { startAnalysisGatePeer } from "./analysis-gate";
import { startMailboxPeer } from "./mailbox";
import { startOAuthClientPeer } from "./oauth-client";
import { startOidcIdpPeer } from "./oidc-idp";
import { startSamlIdpPeer } from "./saml-idp";

export interface Peer {
  /** Environment variables the service needs to reach this peer. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface PeerOptions {
  /** The service's public URL (http://127.0.0.1:PORT). */
  publicUrl: string;
  /** Where the mailbox peer writes what it receives (E2E_MAIL_DIR). */
  mailDir: string;
  /** Ports the peers may use: E2E_PORT + 1 and upwards. */
  basePort: number;
}

export async function startPeers(options: PeerOptions): Promise<Peer> {
  const peers: Peer[] = [];
  peers.push(await startMailboxPeer(options));
  peers.push(await startOidcIdpPeer(options));
  peers.push(await startSamlIdpPeer(options));
  peers.push(await startOAuthClientPeer(options));
  peers.push(await startAnalysisGatePeer(options));
  return {
    env: Object.assign({}, ...peers.map((p) => p.env)),
    async close() {
      await Promise.all(peers.map((p) => p.close()));
    },
  };
}
