import crypto from "node:crypto";
import http from "node:http";
import * as client from "openid-client";
import type { Peer, PeerOptions } from "./index";

/**
 * A client application of the product's authorization server, on 127.0.0.1 (basePort + 3): a relying party built
 * with openid-client 6. It registers itself through OAUTH_CLIENTS and offers
 *  - /start[?login_hint=…]: a new authorization request (PKCE S256, state, nonce) to /ng/oidc/login;
 *  - /callback: redeems the code and shows who signed in, with links to /logout and /refresh for that sign-in;
 *  - /logout?session=…: RP-initiated logout at the end_session_endpoint with id_token_hint and state;
 *  - /refresh?session=…: tries the sign-in's refresh token; /signed-out: where logout comes back to.
 */
export const OAUTH_CLIENT_PORT_OFFSET = 3;
export const E2E_CLIENT_ID = "e2e-portal";
export const oauthClientPeerUrl = (basePort: number) => `http://127.0.0.1:${basePort + OAUTH_CLIENT_PORT_OFFSET}`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(response: http.ServerResponse, title: string, body: string, status = 200): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(
    `<!doctype html><html lang="en"><head><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

export async function startOAuthClientPeer(options: PeerOptions): Promise<Peer> {
  const base = oauthClientPeerUrl(options.basePort);
  const redirectUri = `${base}/callback`;
  const postLogoutRedirectUri = `${base}/signed-out`;
  const registration = [
    {
      clientId: E2E_CLIENT_ID,
      name: "E2E Portal",
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogoutRedirectUri],
    },
  ];

  // Discovered on first use: the service starts after its peers.
  let configuration: Promise<client.Configuration> | undefined;
  const config = () =>
    (configuration ??= client
      .discovery(new URL(options.publicUrl), E2E_CLIENT_ID, undefined, client.None(), {
        execute: [client.allowInsecureRequests],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      }));
  const pending = new Map<string, { verifier: string; nonce: string }>();
  const signIns = new Map<string, { idToken: string; refreshToken: string }>();

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", base);
    if (url.pathname === "/start") {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      pending.set(state, { verifier, nonce });
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: "openid",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      };
      const hint = url.searchParams.get("login_hint");
      if (hint) parameters.login_hint = hint;
      response.writeHead(302, { location: client.buildAuthorizationUrl(await config(), parameters).href });
      response.end();
      return;
    }
    if (url.pathname === "/callback") {
      const error = url.searchParams.get("error");
      if (error) return page(response, "Sign-in failed", `<h1>Sign-in failed</h1><p>error: ${escapeHtml(error)}</p>`);
      const state = url.searchParams.get("state") ?? "";
      const expected = pending.get(state);
      if (!expected) return page(response, "Unknown state", "<h1>Unknown state</h1>", 400);
      pending.delete(state);
      try {
        const tokens = await client.authorizationCodeGrant(await config(), url, {
          pkceCodeVerifier: expected.verifier,
          expectedState: state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        const session = crypto.randomBytes(12).toString("hex");
        signIns.set(session, { idToken: tokens.id_token!, refreshToken: tokens.refresh_token! });
        return page(
          response,
          "Signed in",
          `<h1>Signed in</h1><p>Signed in as ${escapeHtml(String(claims.name))} (${escapeHtml(claims.sub)}) for ${escapeHtml(String(claims.aud))}</p>` +
            `<p><a href="/logout?session=${session}">Log out</a> <a href="/refresh?session=${session}">Refresh</a></p>`,
        );
      } catch (failure) {
        const code = (failure as { error?: string }).error ?? (failure as Error).message;
        return page(response, "Sign-in failed", `<h1>Sign-in failed</h1><p>error: ${escapeHtml(code)}</p>`);
      }
    }
    const signIn = signIns.get(url.searchParams.get("session") ?? "");
    if (url.pathname === "/logout" && signIn) {
      const end = client.buildEndSessionUrl(await config(), {
        id_token_hint: signIn.idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
        state: "bye-state",
      });
      response.writeHead(302, { location: end.href });
      response.end();
      return;
    }
    if (url.pathname === "/refresh" && signIn) {
      try {
        const tokens = await client.refreshTokenGrant(await config(), signIn.refreshToken);
        signIn.refreshToken = tokens.refresh_token!;
        return page(response, "Refresh", "<h1>Refresh</h1><p>refresh: ok</p>");
      } catch (failure) {
        return page(
          response,
          "Refresh",
          `<h1>Refresh</h1><p>refresh: ${escapeHtml((failure as { error?: string }).error ?? "failed")}</p>`,
        );
      }
    }
    if (url.pathname === "/signed-out") {
      return page(
        response,
        "Signed out",
        `<h1>Signed out of E2E Portal</h1><p>state: ${escapeHtml(url.searchParams.get("state") ?? "")}</p>`,
      );
    }
    page(response, "Not found", "<h1>Not found</h1>", 404);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) page(response, "Error", `<h1>Error</h1><p>${escapeHtml(String(error))}</p>`, 500);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.basePort + OAUTH_CLIENT_PORT_OFFSET, "127.0.0.1", () => resolve());
  });
  return {
    env: { OAUTH_CLIENTS: JSON.stringify(registration) },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
