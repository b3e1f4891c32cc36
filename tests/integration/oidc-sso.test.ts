import crypto from "node:crypto";
import { clearProviderCaches } from "@server/auth/oidc-sso/discovery";
import { authSessions, companies, ssoAssertionsSeen, users } from "@server/db/schema";
import { createLogger } from "@server/observability/logger";
import { DEMO } from "@server/seed/demo";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WebContext } from "~/lib/context.server";
import { finishOidcSignIn, startOidcSignIn } from "~/lib/oidc-sso.server";
import { readAuthSession } from "~/lib/session.server";
import { dbKinds } from "../support/db";
import { startOidcIdp, type TestOidcIdp } from "../support/oidc-idp";
import { startTestApi, TEST_SECRET, type TestApi } from "../support/service";

const contoso = DEMO.oidcCompany;
const cora = DEMO.users.oidcSso;
/** The product's callback as the test service's PUBLIC_URL makes it. */
const CALLBACK = "http://localhost:3000/ng/sso/oidc/callback";
const nonce = () => crypto.randomBytes(24).toString("base64url");

/**
 * The API side of OpenID Connect single sign-on, against a real oidc-provider on 127.0.0.1: discovery, and the
 * id token checked by the API itself (signature, iss, aud, exp, iat, nonce, single use) before a session starts.
 */
describe.each(dbKinds())("OIDC single sign-on API on %s", (kind) => {
  let api: TestApi;
  let idp: TestOidcIdp;

  const post = async (path: string, json: unknown) => {
    const response = await api.call("POST", `/api/auth/sso/oidc/${path}`, { json });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const login = (idToken: string, tokenNonce: string, companyId: string = contoso.id) =>
    post("login", { CompanyId: companyId, IdToken: idToken, Nonce: tokenNonce });
  const configure = (config: Record<string, unknown>) =>
    api.database.db.update(companies).set({ ssoConfig: config }).where(eq(companies.id, contoso.id));
  const validConfig = () => ({ emailDomains: ["contoso.example"], issuer: idp.issuer, clientId: idp.clientId });

  beforeAll(async () => {
    idp = await startOidcIdp({
      redirectUris: [CALLBACK],
      accounts: [
        { sub: cora.ssoSubject, email: cora.email, emailVerified: true, name: cora.displayName },
        { sub: "contoso-0999", email: "stranger@contoso.example", emailVerified: true, name: "Stan Stranger" },
      ],
    });
    api = await startTestApi(kind);
    await configure(validConfig());
  });
  afterAll(async () => {
    await api?.close();
    await idp?.close();
  });
  beforeEach(() => clearProviderCaches());

  describe("discover", () => {
    it("answers the company and the IdP's endpoints for an address of its domain, and nothing secret", async () => {
      const { status, body } = await post("discover", { Email: "  SSO@contoso.example " });
      expect(status).toBe(200);
      expect(body).toEqual({
        companyId: contoso.id,
        issuer: idp.issuer,
        authorizationEndpoint: `${idp.issuer}/auth`,
        tokenEndpoint: `${idp.issuer}/token`,
        clientId: idp.clientId,
        scopes: ["openid", "email", "profile"],
        issParameterSupported: true,
      });
    });

    it("answers the same for an unknown address of the domain (no account enumeration)", async () => {
      const known = await post("discover", { Email: cora.email });
      const unknown = await post("discover", { Email: "nobody@contoso.example" });
      expect(unknown).toEqual(known);
    });

    it("uses the company's scopes, always with openid", async () => {
      await configure({ ...validConfig(), scopes: ["email", "offline_access"] });
      try {
        expect((await post("discover", { Email: cora.email })).body.scopes).toEqual([
          "openid",
          "email",
          "offline_access",
        ]);
      } finally {
        await configure(validConfig());
      }
    });

    it("refuses addresses that do not sign in through OIDC: passwords, SAML, invalid", async () => {
      for (const email of [DEMO.users.admin.email, DEMO.users.sso.email, "not-an-address"]) {
        const { status, body } = await post("discover", { Email: email });
        expect(status, email).toBe(400);
        expect(body.title).toBe("SsoFailed");
      }
    });

    it("refuses an IdP whose discovery document names another issuer, and one that cannot be reached", async () => {
      for (const issuer of [`${idp.issuer}/`, "http://127.0.0.1:9"]) {
        await configure({ ...validConfig(), issuer });
        try {
          const { status, body } = await post("discover", { Email: cora.email });
          expect(status, issuer).toBe(502);
          expect(body.title).toBe("SsoFailed");
        } finally {
          await configure(validConfig());
        }
      }
    });

    it("is what POST /api/auth/login points to for the company's addresses", async () => {
      const form = new FormData();
      form.set("Email", cora.email);
      const response = await api.call("POST", "/api/auth/login", { body: form });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ title: "OidcAuthenticationNeeded" });
    });
  });

  describe("login", () => {
    it("starts a session for an id token from the IdP's code flow (PKCE, nonce), answering the token set", async () => {
      const n = nonce();
      const idToken = await idp.obtainIdToken({ email: cora.email, nonce: n, redirectUri: CALLBACK });
      expect(decodeJwt(idToken)).toMatchObject({ iss: idp.issuer, aud: idp.clientId, sub: cora.ssoSubject, nonce: n });

      const { status, body } = await login(idToken, n);
      expect(status).toBe(200);
      expect(body).toMatchObject({ token_type: "Bearer", expires_in: expect.any(Number) });
      expect(decodeJwt(String(body.id_token))).toMatchObject({
        sub: cora.id,
        email: cora.email,
        name: cora.displayName,
      });

      const session = await api.call("POST", "/api/oauth/session", { token: String(body.access_token) });
      expect(session.status).toBe(200);
      expect(await session.json()).toEqual({ active: true, userId: cora.id });
      const sid = decodeJwt(String(body.access_token)).sid as string;
      const [grant] = await api.database.db.select().from(authSessions).where(eq(authSessions.id, sid));
      expect(grant).toMatchObject({ userId: cora.id, method: "oidc" });
    });

    it("accepts an id token once: a replay is refused", async () => {
      const n = nonce();
      const idToken = await idp.obtainIdToken({ email: cora.email, nonce: n, redirectUri: CALLBACK });
      expect((await login(idToken, n)).status).toBe(200);
      const again = await login(idToken, n);
      expect(again).toMatchObject({ status: 400, body: { title: "SsoFailed" } });
      const seen = await api.database.db
        .select()
        .from(ssoAssertionsSeen)
        .where(eq(ssoAssertionsSeen.companyId, contoso.id));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((row) => /^oidc:[0-9a-f]{64}$/.test(row.key))).toBe(true);
    });

    it("accepts a token the IdP's key signed with the expected claims (the control for the refusals below)", async () => {
      const n = nonce();
      const { status } = await login(await idp.signIdToken({ sub: cora.ssoSubject, nonce: n }), n);
      expect(status).toBe(200);
    });

    const now = () => Math.floor(Date.now() / 1000);
    const refusals: [string, (n: string) => Promise<string>][] = [
      ["another audience", (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, aud: "another-client" })],
      [
        "several audiences without azp",
        (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, aud: [idp.clientId, "another-client"] }),
      ],
      ["azp naming another client", (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, azp: "another-client" })],
      ["another issuer", (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, iss: "https://evil.example" })],
      [
        "an expired token",
        (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, iat: now() - 600, exp: now() - 120 }),
      ],
      [
        "a token issued too long ago",
        (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, iat: now() - 20 * 60, exp: now() + 300 }),
      ],
      [
        "a token issued in the future",
        (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, iat: now() + 600, exp: now() + 900 }),
      ],
      ["a token without exp", (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n, exp: undefined })],
      [
        "a bad signature (a foreign key under the IdP's kid)",
        (n) => idp.signIdToken({ sub: cora.ssoSubject, nonce: n }, { foreignKey: true }),
      ],
      [
        "a tampered payload",
        async (n) => {
          const token = await idp.signIdToken({ sub: "contoso-0999", nonce: n });
          const [header, , signature] = token.split(".");
          const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: cora.ssoSubject })).toString(
            "base64url",
          );
          return `${header}.${payload}.${signature}`;
        },
      ],
      [
        "an unsigned token (alg none)",
        async (n) => {
          const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
          const payload = Buffer.from(
            JSON.stringify(decodeJwt(await idp.signIdToken({ sub: cora.ssoSubject, nonce: n }))),
          ).toString("base64url");
          return `${header}.${payload}.`;
        },
      ],
      ["another sign-in's nonce", () => idp.signIdToken({ sub: cora.ssoSubject, nonce: nonce() })],
      ["no nonce", () => idp.signIdToken({ sub: cora.ssoSubject })],
      ["not a JWT", async () => "not-a-jwt"],
    ];
    for (const [name, make] of refusals) {
      it(`refuses ${name}`, async () => {
        const n = nonce();
        const { status, body } = await login(await make(n), n);
        expect(status).toBe(400);
        expect(body.title).toBe("SsoFailed");
        expect(body).not.toHaveProperty("access_token");
      });
    }

    it("refuses a company that does not use OIDC, and an unknown company", async () => {
      for (const companyId of [DEMO.company.id, DEMO.ssoCompany.id, "000000000000000000000000"]) {
        const n = nonce();
        const { status, body } = await login(await idp.signIdToken({ sub: cora.ssoSubject, nonce: n }), n, companyId);
        expect(status, companyId).toBe(400);
        expect(body.title).toBe("SsoFailed");
      }
    });

    it("answers SsoNoAccount for someone the IdP knows and the product does not", async () => {
      const n = nonce();
      const idToken = await idp.obtainIdToken({ email: "stranger@contoso.example", nonce: n, redirectUri: CALLBACK });
      expect(await login(idToken, n)).toMatchObject({ status: 400, body: { title: "SsoNoAccount" } });
    });

    it("finds an account without a subject by its verified e-mail address, never by an unverified one", async () => {
      const id = "6560de0000000000000002f1";
      await api.database.db
        .insert(users)
        .values({ id, email: "Second@contoso.example", displayName: "Second", homeCompanyId: contoso.id });
      let n = nonce();
      const unverified = await idp.signIdToken({
        sub: "contoso-0002",
        email: "second@contoso.example",
        email_verified: false,
        nonce: n,
      });
      expect(await login(unverified, n)).toMatchObject({ status: 400, body: { title: "SsoNoAccount" } });
      n = nonce();
      const verified = await idp.signIdToken({
        sub: "contoso-0002",
        email: "second@contoso.example",
        email_verified: true,
        nonce: n,
      });
      const { status, body } = await login(verified, n);
      expect(status).toBe(200);
      expect(decodeJwt(String(body.id_token)).sub).toBe(id);
    });

    it("never matches by e-mail an account bound to another subject, or an account of another company", async () => {
      for (const email of [cora.email, DEMO.users.admin.email]) {
        const n = nonce();
        const idToken = await idp.signIdToken({ sub: "contoso-0666", email, email_verified: true, nonce: n });
        expect(await login(idToken, n), email).toMatchObject({ status: 400, body: { title: "SsoNoAccount" } });
      }
    });

    it("refuses a blocked account (Denied) and a deleted one (SsoNoAccount)", async () => {
      const set = (values: { isBlocked?: boolean; isDeleted?: boolean }) =>
        api.database.db.update(users).set(values).where(eq(users.id, cora.id));
      try {
        await set({ isBlocked: true });
        let n = nonce();
        let idToken = await idp.obtainIdToken({ email: cora.email, nonce: n, redirectUri: CALLBACK });
        expect(await login(idToken, n)).toMatchObject({ status: 400, body: { title: "Denied" } });
        await set({ isBlocked: false, isDeleted: true });
        n = nonce();
        idToken = await idp.obtainIdToken({ email: cora.email, nonce: n, redirectUri: CALLBACK });
        expect(await login(idToken, n)).toMatchObject({ status: 400, body: { title: "SsoNoAccount" } });
      } finally {
        await set({ isBlocked: false, isDeleted: false });
      }
    });

    it("validates the request: the nonce is required", async () => {
      const { status, body } = await post("login", { CompanyId: contoso.id, IdToken: "x" });
      expect(status).toBe(400);
      expect(body.title).toBe("ValidationFailed");
    });
  });
  /**
   * The web app's part (app/lib/oidc-sso.server.ts, the loaders of /ng/sso/oidc and its callback), driven as a
   * browser would: our redirect to the IdP, the IdP's login form, the callback with the code.
   */
  describe("web sign-in", () => {
    const PUBLIC_URL = "http://localhost:3000";

    /** A browser's cookies for the product, and the load context of one request. */
    function browser() {
      const jar = new Map<string, string>();
      const context = (): WebContext => ({
        apiTransport: (request) => api.service.fetch(request),
        requestId: "test",
        cspNonce: "nonce",
        logger: createLogger("silent"),
        web: { publicUrl: PUBLIC_URL, isProduction: true, sessionSecret: TEST_SECRET },
        responseCookies: new Map(),
        pendingValues: new Map(),
        memo: new Map(),
        apiAuthentications: new Map(),
      });
      const request = (path: string) =>
        new Request(new URL(path, PUBLIC_URL), {
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
        });
      /** Runs a loader; answers its redirect with every cookie it set (the library's and the queued ones). */
      async function load(path: string, run: (request: Request, context: WebContext) => Promise<Response>) {
        const ctx = context();
        const req = request(path);
        const response = await run(req, ctx).catch((thrown: unknown) => {
          if (thrown instanceof Response) return thrown;
          throw thrown;
        });
        const setCookies = [...response.headers.getSetCookie(), ...ctx.responseCookies.values()];
        for (const header of setCookies) {
          const [pair = ""] = header.split(";");
          const name = pair.slice(0, pair.indexOf("="));
          const value = pair.slice(pair.indexOf("=") + 1);
          if (/max-age=0/i.test(header) || value === "") jar.delete(name);
          else jar.set(name, value);
        }
        expect(response.status).toBe(302);
        return { location: response.headers.get("location")!, setCookies, context: ctx };
      }
      const start = (query: string) =>
        load(`/ng/sso/oidc?${query}`, (req, ctx) => {
          const params = new URL(req.url).searchParams;
          const email = params.get("email");
          return startOidcSignIn(req, ctx, email ? { email, continue: params.get("continue") ?? undefined } : null);
        });
      const callback = (url: string) => load(url, finishOidcSignIn);
      const signedInAs = () => readAuthSession(request("/ng/"), context())?.user.id ?? null;
      return { jar, start, callback, signedInAs };
    }

    it("sends the browser to the IdP: code flow, PKCE S256, state, nonce, the exact callback, no secret", async () => {
      const b = browser();
      const { location, setCookies } = await b.start(
        `email=${encodeURIComponent(cora.email)}&continue=%2Fng%2Fstudies`,
      );
      const url = new URL(location);
      expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
      const params = Object.fromEntries(url.searchParams);
      expect(params).toEqual({
        response_type: "code",
        client_id: idp.clientId,
        redirect_uri: CALLBACK,
        state: expect.stringMatching(/^[\w-]{32,}$/),
        scope: "openid email profile",
        code_challenge_method: "S256",
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        nonce: expect.stringMatching(/^[\w-]{43}$/),
        login_hint: cora.email,
      });
      const stateCookie = setCookies.find((c) => c.startsWith("rbqm_oidc_state:"));
      expect(stateCookie).toMatch(/HttpOnly/i);
      expect(stateCookie).toMatch(/SameSite=Lax/i);
      // The library's cookie keeps the PKCE verifier of this state; its S256 hash is the challenge sent.
      const stored = new URLSearchParams(stateCookie!.slice(stateCookie!.indexOf("=") + 1, stateCookie!.indexOf(";")));
      const verifier = stored.get(params.state!)!;
      expect(crypto.createHash("sha256").update(verifier).digest("base64url")).toBe(params.code_challenge);
      const flowCookie = setCookies.find((c) => c.startsWith("rbqm_sso_oidc="));
      expect(flowCookie).toMatch(/HttpOnly/);
      // The flow cookie is sealed: neither the nonce nor the e-mail address can be read from it.
      expect(flowCookie).not.toContain(params.nonce!);
      expect(decodeURIComponent(flowCookie!)).not.toContain(cora.email);
    });

    it("signs in through the IdP and goes on to the continue path, clearing the flow's cookies", async () => {
      const b = browser();
      const { location } = await b.start(
        `email=${encodeURIComponent(cora.email)}&continue=${encodeURIComponent("/ng/studies?tab=2")}`,
      );
      const back = await idp.authorize(location, cora.email);
      expect(back.href.startsWith(`${CALLBACK}?`)).toBe(true);
      const done = await b.callback(back.href);
      expect(done.location).toBe("/ng/studies?tab=2");
      expect(b.signedInAs()).toBe(cora.id);
      expect(
        [...b.jar.keys()].filter((name) => name.startsWith("rbqm_oidc_state") || name === "rbqm_sso_oidc"),
      ).toEqual([]);
    });

    it("returns to /ng/login?error=sso when the callback comes again (the code and the flow are spent)", async () => {
      const b = browser();
      const { location } = await b.start(`email=${encodeURIComponent(cora.email)}`);
      const back = await idp.authorize(location, cora.email);
      const saved = new Map(b.jar);
      expect((await b.callback(back.href)).location).toBe("/ng/");
      // Even with the cookies of before the callback, the IdP refuses a code it already exchanged.
      const replay = browser();
      for (const [k, v] of saved) replay.jar.set(k, v);
      expect((await replay.callback(back.href)).location).toBe("/ng/login?error=sso");
      expect(replay.signedInAs()).toBeNull();
    });

    it("refuses a callback whose state is not the one this browser started with (login CSRF)", async () => {
      const victim = browser();
      const attacker = browser();
      await victim.start(`email=${encodeURIComponent(cora.email)}`);
      const { location } = await attacker.start(`email=${encodeURIComponent(cora.email)}`);
      const attackersCallback = await idp.authorize(location, cora.email);
      const result = await victim.callback(attackersCallback.href);
      expect(result.location).toBe("/ng/login?error=sso");
      expect(victim.signedInAs()).toBeNull();
    });

    it("refuses an authorization response that names another issuer, or none (RFC 9207 mix-up defence)", async () => {
      for (const change of [
        (url: URL) => url.searchParams.set("iss", "https://evil.example"),
        (url: URL) => url.searchParams.delete("iss"),
      ]) {
        const b = browser();
        const { location } = await b.start(`email=${encodeURIComponent(cora.email)}`);
        const back = await idp.authorize(location, cora.email);
        expect(back.searchParams.get("iss")).toBe(idp.issuer);
        change(back);
        expect((await b.callback(back.href)).location).toBe("/ng/login?error=sso");
        expect(b.signedInAs()).toBeNull();
      }
    });

    it("refuses a callback without a sign-in in progress, and an IdP's error answer", async () => {
      const stranger = browser();
      expect((await stranger.callback("/ng/sso/oidc/callback?code=abc&state=xyz")).location).toBe(
        "/ng/login?error=sso",
      );
      const b = browser();
      const { location } = await b.start(`email=${encodeURIComponent(cora.email)}&continue=%2Fng%2Fx`);
      const state = new URL(location).searchParams.get("state")!;
      const denied = await b.callback(`/ng/sso/oidc/callback?error=access_denied&state=${state}`);
      expect(denied.location).toBe("/ng/login?error=sso&continue=%2Fng%2Fx");
      expect(b.signedInAs()).toBeNull();
    });

    it("sends someone without an account back to sign-in", async () => {
      const b = browser();
      const { location } = await b.start("email=stranger%40contoso.example");
      const result = await b.callback((await idp.authorize(location, "stranger@contoso.example")).href);
      expect(result.location).toBe("/ng/login?error=sso");
      expect(b.signedInAs()).toBeNull();
    });

    it("sends addresses without OIDC, and a missing address, back to sign-in; never to a foreign continue", async () => {
      const b = browser();
      expect((await b.start(`email=${encodeURIComponent(DEMO.users.admin.email)}&continue=%2Fng%2Fa`)).location).toBe(
        "/ng/login?error=sso&continue=%2Fng%2Fa",
      );
      expect((await b.start("continue=%2Fng%2Fa")).location).toBe("/ng/login?error=sso");
      expect(
        (await b.start(`email=nobody%40demo-pharma.example&continue=${encodeURIComponent("//evil.example/x")}`))
          .location,
      ).toBe("/ng/login?error=sso");
    });

    it("sends a signed-in user straight on to the continue path", async () => {
      const b = browser();
      const { location } = await b.start(`email=${encodeURIComponent(cora.email)}`);
      await b.callback((await idp.authorize(location, cora.email)).href);
      expect(b.signedInAs()).toBe(cora.id);
      expect((await b.start(`email=${encodeURIComponent(cora.email)}&continue=%2Fng%2Fnext`)).location).toBe(
        "/ng/next",
      );
    });
  });
});
