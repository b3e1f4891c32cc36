import crypto from "node:crypto";
import { authSessions, oauthCodes } from "@server/auth/schema";
import { DEMO } from "@server/seed/demo";
import { eq } from "drizzle-orm";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * The product as an OAuth 2.0 / OpenID Connect authorization server, with openid-client 6 as the relying party:
 * discovery, PKCE S256, the code exchange and id-token validation are all done by that library, against the
 * in-process service. The authorization endpoint's page (/ng/oidc/login) is tested in tests/e2e/oidc-authorize.spec.ts;
 * here the code comes from the call it makes, POST /api/oauth/code.
 */
const ISSUER = "http://rbqm.test";
const PORTAL_CALLBACK = "https://portal.example/callback";
const PORTAL_LOOPBACK = "http://127.0.0.1:8123/cb";
const PORTAL_BYE = "https://portal.example/bye";
const OTHER_CALLBACK = "https://other.example/callback";
const OTHER_BYE = "https://other.example/bye";
const CLIENTS = [
  {
    clientId: "portal",
    name: "Study Portal",
    redirectUris: [PORTAL_CALLBACK, PORTAL_LOOPBACK],
    postLogoutRedirectUris: [PORTAL_BYE],
  },
  { clientId: "other", name: "Other App", redirectUris: [OTHER_CALLBACK], postLogoutRedirectUris: [OTHER_BYE] },
];
const ADMIN = DEMO.users.admin;

describe.each(dbKinds())("authorization server on %s", (kind) => {
  let api: TestApi;
  let userToken: string;
  let portal: client.Configuration;
  let other: client.Configuration;

  const inProcess: client.CustomFetch = (url, options) =>
    api.service.fetch(
      new Request(url, {
        method: options.method,
        headers: options.headers,
        body: options.body as BodyInit | undefined,
      }),
    );

  const discover = (clientId: string) =>
    client.discovery(new URL(ISSUER), clientId, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: inProcess,
    });

  beforeAll(async () => {
    api = await startTestApi(kind, { env: { PUBLIC_URL: ISSUER, OAUTH_CLIENTS: JSON.stringify(CLIENTS) } });
    userToken = await api.token(ADMIN.id);
    portal = await discover("portal");
    other = await discover("other");
  });
  afterAll(async () => {
    await api.close();
  });

  interface Pkce {
    verifier: string;
    challenge: string;
    state: string;
    nonce: string;
  }
  async function pkce(): Promise<Pkce> {
    const verifier = client.randomPKCECodeVerifier();
    return {
      verifier,
      challenge: await client.calculatePKCECodeChallenge(verifier),
      state: client.randomState(),
      nonce: client.randomNonce(),
    };
  }

  const requestCode = (body: Record<string, unknown>, token: string | null = userToken) =>
    api.call("POST", "/api/oauth/code", { token, json: body });

  async function issueCode(
    p: Pkce,
    redirectUri = PORTAL_CALLBACK,
    clientId: string | undefined = "portal",
  ): Promise<string> {
    const response = await requestCode({
      code_challenge: p.challenge,
      code_challenge_method: "S256",
      redirect_uri: redirectUri,
      ...(clientId ? { client_id: clientId } : {}),
      nonce: p.nonce,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { code: string } };
    return body.data.code;
  }

  /** The address the browser would come back to: redirect_uri with code, state and iss (RFC 9207). */
  function callback(redirectUri: string, code: string, state: string): URL {
    const url = new URL(redirectUri);
    url.searchParams.set("code", code);
    url.searchParams.set("state", state);
    url.searchParams.set("iss", ISSUER);
    return url;
  }

  const redeem = (config: client.Configuration, redirectUri: string, code: string, p: Pkce, verifier = p.verifier) =>
    client.authorizationCodeGrant(config, callback(redirectUri, code, p.state), {
      pkceCodeVerifier: verifier,
      expectedState: p.state,
      expectedNonce: p.nonce,
      idTokenExpected: true,
    });

  const sessionCheck = (accessToken: string) => api.call("POST", "/api/oauth/session", { token: accessToken });

  describe("discovery and keys", () => {
    it("publishes OpenID Connect metadata on the service root", async () => {
      const response = await api.call("GET", "/.well-known/openid-configuration");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/ng/oidc/login`,
        token_endpoint: `${ISSUER}/api/oauth/token`,
        jwks_uri: `${ISSUER}/api/oauth/jwks`,
        end_session_endpoint: `${ISSUER}/ng/oidc/logout`,
        code_challenge_methods_supported: ["S256"],
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        token_endpoint_auth_methods_supported: ["none"],
        id_token_signing_alg_values_supported: ["ES256"],
        subject_types_supported: ["public"],
      });
      expect(portal.serverMetadata().issuer).toBe(ISSUER);
    });

    it("publishes the public signing keys and nothing private", async () => {
      const response = await api.call("GET", "/api/oauth/jwks");
      expect(response.status).toBe(200);
      const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
      expect(jwks.keys.length).toBeGreaterThan(0);
      for (const key of jwks.keys) {
        expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
        expect(typeof key.kid).toBe("string");
        expect(key).not.toHaveProperty("d");
      }
    });
  });

  describe("the authorization-code grant with PKCE", () => {
    it("issues a code to a signed-in user and exchanges it for tokens openid-client accepts", async () => {
      const p = await pkce();
      const code = await issueCode(p);
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the code's hash is stored.
      const rows = await api.database.db.select().from(oauthCodes).where(eq(oauthCodes.clientId, "portal"));
      expect(rows.some((row) => row.codeHash === code)).toBe(false);

      const tokens = await redeem(portal, PORTAL_CALLBACK, code, p);
      const claims = tokens.claims()!;
      expect(claims).toMatchObject({
        iss: ISSUER,
        sub: ADMIN.id,
        aud: "portal",
        nonce: p.nonce,
        name: ADMIN.displayName,
        email: ADMIN.email,
      });
      expect(tokens.token_type.toLowerCase()).toBe("bearer");
      expect((await sessionCheck(tokens.access_token)).status).toBe(200);

      const [grant] = await api.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, String(claims.sid)));
      expect(grant).toMatchObject({
        userId: ADMIN.id,
        clientId: "portal",
        method: "authorization_code",
        revokedAt: null,
      });
    });

    it("refreshes the client's grant, still with the client as audience", async () => {
      const p = await pkce();
      const tokens = await redeem(portal, PORTAL_CALLBACK, await issueCode(p), p);
      const refreshed = await client.refreshTokenGrant(portal, tokens.refresh_token!);
      expect(refreshed.claims()).toMatchObject({ sub: ADMIN.id, aud: "portal" });
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    });

    it("works without client_id when one client registered the redirect_uri", async () => {
      const p = await pkce();
      const code = await issueCode(p, PORTAL_LOOPBACK, undefined);
      const tokens = await redeem(portal, PORTAL_LOOPBACK, code, p);
      expect(tokens.claims()).toMatchObject({ aud: "portal" });
    });

    it("needs a signed-in user", async () => {
      const p = await pkce();
      const response = await requestCode(
        { code_challenge: p.challenge, code_challenge_method: "S256", redirect_uri: PORTAL_CALLBACK },
        null,
      );
      expect(response.status).toBe(401);
    });

    it("does not let a client application's token obtain codes", async () => {
      const p = await pkce();
      const tokens = await redeem(portal, PORTAL_CALLBACK, await issueCode(p), p);
      const response = await requestCode(
        {
          code_challenge: p.challenge,
          code_challenge_method: "S256",
          redirect_uri: OTHER_CALLBACK,
          client_id: "other",
        },
        tokens.access_token,
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ title: "NotAllowedForClient" });
    });
  });

  describe("refuses bad authorization requests", () => {
    const challenge = crypto.createHash("sha256").update("x".repeat(43)).digest("base64url");
    const good = {
      code_challenge: challenge,
      code_challenge_method: "S256",
      redirect_uri: PORTAL_CALLBACK,
      client_id: "portal",
    };

    it.each([
      ["the plain method", { code_challenge_method: "plain", code_challenge: "x".repeat(43) }, "UnsupportedChallenge"],
      ["no method", { code_challenge_method: undefined }, "UnsupportedChallenge"],
      ["no challenge", { code_challenge: undefined }, "UnsupportedChallenge"],
      ["a 42-character challenge", { code_challenge: challenge.slice(0, 42) }, "UnsupportedChallenge"],
      ["a 129-character challenge", { code_challenge: "a".repeat(129) }, "UnsupportedChallenge"],
      [
        "a challenge with non-base64url characters",
        { code_challenge: `${challenge.slice(0, 42)}+` },
        "UnsupportedChallenge",
      ],
      ["an unregistered redirect_uri", { redirect_uri: "https://evil.example/callback" }, "UnregisteredRedirectUri"],
      ["a redirect_uri with an extra path", { redirect_uri: `${PORTAL_CALLBACK}/more` }, "UnregisteredRedirectUri"],
      ["a redirect_uri with an extra query", { redirect_uri: `${PORTAL_CALLBACK}?next=1` }, "UnregisteredRedirectUri"],
      ["a redirect_uri with a trailing slash", { redirect_uri: `${PORTAL_CALLBACK}/` }, "UnregisteredRedirectUri"],
      [
        "a redirect_uri in other letter case",
        { redirect_uri: PORTAL_CALLBACK.replace("portal", "PORTAL") },
        "UnregisteredRedirectUri",
      ],
      ["a redirect_uri with a fragment", { redirect_uri: `${PORTAL_CALLBACK}#x` }, "UnregisteredRedirectUri"],
      ["another client's redirect_uri", { redirect_uri: OTHER_CALLBACK }, "UnregisteredRedirectUri"],
      ["no redirect_uri", { redirect_uri: undefined }, "UnregisteredRedirectUri"],
      ["an unknown client_id", { client_id: "nobody" }, "UnknownClient"],
    ])("%s", async (_name, change, title) => {
      const response = await requestCode({ ...good, ...change });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ title });
    });

    it("checks a request for the authorization page the same way, without a sign-in", async () => {
      const ok = await api.call("POST", "/api/oauth/validateAuthorization", { json: good });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({
        data: { clientId: "portal", clientName: "Study Portal", redirectUri: PORTAL_CALLBACK, issuer: ISSUER },
      });
      const noClient = await api.call("POST", "/api/oauth/validateAuthorization", {
        json: { ...good, client_id: undefined },
      });
      expect(await noClient.json()).toMatchObject({ status: 400, title: "UnknownClient" });
      const bad = await api.call("POST", "/api/oauth/validateAuthorization", {
        json: { ...good, redirect_uri: `${PORTAL_CALLBACK}/` },
      });
      expect(await bad.json()).toMatchObject({ status: 400, title: "UnregisteredRedirectUri" });
    });
  });

  describe("refuses bad code exchanges", () => {
    it("refuses a wrong code_verifier, and the code is spent by the attempt", async () => {
      const p = await pkce();
      const code = await issueCode(p);
      await expect(redeem(portal, PORTAL_CALLBACK, code, p, client.randomPKCECodeVerifier())).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "The code_verifier does not match the code_challenge.",
      });
      await expect(redeem(portal, PORTAL_CALLBACK, code, p)).rejects.toMatchObject({ error: "invalid_grant" });
    });

    it("refuses a code used twice and revokes the grant issued for it", async () => {
      const p = await pkce();
      const code = await issueCode(p);
      const first = await redeem(portal, PORTAL_CALLBACK, code, p);
      expect((await sessionCheck(first.access_token)).status).toBe(200);

      await expect(redeem(portal, PORTAL_CALLBACK, code, p)).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "The authorization code was already used; the tokens issued for it are revoked.",
      });
      expect((await sessionCheck(first.access_token)).status).toBe(401);
      await expect(client.refreshTokenGrant(portal, first.refresh_token!)).rejects.toMatchObject({
        error: "invalid_grant",
      });
      const [grant] = await api.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, String(first.claims()!.sid)));
      expect(grant?.revokedReason).toBe("authorization code reused");
    });

    it("refuses an expired code", async () => {
      const p = await pkce();
      const code = await issueCode(p);
      const hash = crypto.createHash("sha256").update(`oauth-code:${code}`).digest("hex");
      const [row] = await api.database.db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, hash));
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);
      await api.database.db
        .update(oauthCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oauthCodes.codeHash, hash));
      await expect(redeem(portal, PORTAL_CALLBACK, code, p)).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "The authorization code has expired.",
      });
    });

    it("refuses a code issued to another client", async () => {
      const p = await pkce();
      const code = await issueCode(p);
      await expect(redeem(other, PORTAL_CALLBACK, code, p)).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "The authorization code was issued to another client.",
      });
    });

    it("refuses a redirect_uri other than the authorization request's", async () => {
      const p = await pkce();
      const code = await issueCode(p, PORTAL_CALLBACK);
      await expect(redeem(portal, PORTAL_LOOPBACK, code, p)).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "The redirect_uri differs from the authorization request's.",
      });
    });

    it("refuses an unregistered client and an unknown code", async () => {
      const p = await pkce();
      const code = await issueCode(p);
      const stranger = await discover("stranger");
      await expect(redeem(stranger, PORTAL_CALLBACK, code, p)).rejects.toMatchObject({ error: "invalid_client" });
      await expect(redeem(portal, PORTAL_CALLBACK, "not-a-code", p)).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "The authorization code is unknown.",
      });
      // The unregistered client's attempt did not spend the code.
      expect((await redeem(portal, PORTAL_CALLBACK, code, p)).claims()).toMatchObject({ aud: "portal" });
    });

    it("refuses a code of a user blocked since", async () => {
      const p = await pkce();
      const blockedUserCode = await api.call("POST", "/api/oauth/code", {
        token: await api.token(DEMO.users.manager.id),
        json: {
          code_challenge: p.challenge,
          code_challenge_method: "S256",
          redirect_uri: PORTAL_CALLBACK,
          client_id: "portal",
          nonce: p.nonce,
        },
      });
      const { data } = (await blockedUserCode.json()) as { data: { code: string } };
      const { users } = await import("@server/users/schema");
      await api.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, DEMO.users.manager.id));
      try {
        await expect(redeem(portal, PORTAL_CALLBACK, data.code, p)).rejects.toMatchObject({ error: "invalid_grant" });
      } finally {
        await api.database.db.update(users).set({ isBlocked: false }).where(eq(users.id, DEMO.users.manager.id));
      }
    });
  });

  describe("logout", () => {
    async function portalGrant() {
      const p = await pkce();
      return redeem(portal, PORTAL_CALLBACK, await issueCode(p), p);
    }
    const logout = (query: Record<string, string>) =>
      api.call("GET", `/api/oauth/logout?${new URLSearchParams(query)}`);

    it("ends the hinted grant and returns to the client's registered address, with its state", async () => {
      const tokens = await portalGrant();
      const end = new URL(
        client.buildEndSessionUrl(portal, {
          id_token_hint: tokens.id_token!,
          post_logout_redirect_uri: PORTAL_BYE,
          state: "s1",
        }),
      );
      expect(`${end.origin}${end.pathname}`).toBe(`${ISSUER}/ng/oidc/logout`);

      const response = await logout({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: PORTAL_BYE,
        state: "s1",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${PORTAL_BYE}?state=s1`);
      expect((await sessionCheck(tokens.access_token)).status).toBe(401);
      await expect(client.refreshTokenGrant(portal, tokens.refresh_token!)).rejects.toMatchObject({
        error: "invalid_grant",
      });
    });

    it.each([
      ["an unregistered address", { post_logout_redirect_uri: "https://evil.example/" }],
      ["a registered address with an extra path", { post_logout_redirect_uri: `${PORTAL_BYE}/x` }],
      ["a protocol-relative address", { post_logout_redirect_uri: "//evil.example/" }],
      ["another client's address for a named client", { post_logout_redirect_uri: OTHER_BYE, client_id: "portal" }],
      ["no address", {}],
    ])("never redirects to %s: /ng/logoff instead", async (_name, query) => {
      const response = await logout(query as Record<string, string>);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${ISSUER}/ng/logoff`);
    });

    it("follows a registered address only for the client the id token was issued to", async () => {
      const tokens = await portalGrant();
      const response = await logout({ id_token_hint: tokens.id_token!, post_logout_redirect_uri: OTHER_BYE });
      expect(response.headers.get("location")).toBe(`${ISSUER}/ng/logoff`);
      expect((await sessionCheck(tokens.access_token)).status).toBe(401);
    });

    it("accepts a registered address without a hint, and ignores a forged hint", async () => {
      const tokens = await portalGrant();
      const forged = `${tokens.id_token!.slice(0, -4)}AAAA`;
      const response = await logout({ id_token_hint: forged, post_logout_redirect_uri: OTHER_BYE });
      expect(response.headers.get("location")).toBe(OTHER_BYE);
      expect((await sessionCheck(tokens.access_token)).status).toBe(200);
    });

    it("ends a grant by an id token sent in a POST body", async () => {
      const tokens = await portalGrant();
      const response = await api.call("POST", "/api/oauth/logout", { json: { id_token_hint: tokens.id_token } });
      expect(await response.json()).toEqual({ data: { ended: true } });
      expect((await sessionCheck(tokens.access_token)).status).toBe(401);
      const nothing = await api.call("POST", "/api/oauth/logout", { json: {} });
      expect(await nothing.json()).toEqual({ data: { ended: false } });
    });
  });
});
