import type { ServiceDeps } from "../deps";
import type { TokenSet } from "./sessions";

/**
 * The authorization-code grant of /ng/oidc/login (000 §2.2): codes bound to client, redirect_uri and an S256
 * challenge, single-use, at most 10 minutes old. Placeholder until the authorization endpoint lands.
 */
export async function exchangeAuthorizationCode(
  _deps: ServiceDeps,
  _input: { code: string; codeVerifier: string; redirectUri: string; clientId: string },
): Promise<{ ok: true; tokens: TokenSet } | { ok: false; error: string; description: string }> {
  return { ok: false, error: "unsupported_grant_type", description: "The authorization_code grant is not available." };
}
