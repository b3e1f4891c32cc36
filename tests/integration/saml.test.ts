import fs from "node:fs";
import { serviceProvider } from "@server/auth/saml/config";
import { authSessions, ssoRequests } from "@server/auth/schema";
import { ConfigError, loadConfig } from "@server/config/config";
import { createLogger } from "@server/observability/logger";
import { DEMO } from "@server/seed/demo";
import { createApiService, type ApiService } from "@server/service";
import { users } from "@server/users/schema";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dbKinds } from "../support/db";
import { startTestSamlIdp, type TestSamlIdp } from "../support/saml-idp";
import { startTestApi, type TestApi } from "../support/service";

const PUBLIC_URL = "https://rbqm.test";
const SP = serviceProvider(PUBLIC_URL);
const SSO_USER = DEMO.users.sso;
const FAILED = "/ng/login?error=sso";
const SP_KEY_FILE = "tests/fixtures/saml/sp-key.pem";
const SP_CERT_FILE = "tests/fixtures/saml/sp-cert.pem";

describe("SAML configuration", () => {
  it("wants the service provider's key and certificate together", () => {
    expect(() => loadConfig({ SAML_SP_PRIVATE_KEY_FILE: SP_KEY_FILE })).toThrow(ConfigError);
    expect(() => loadConfig({ SAML_SP_CERT_FILE: SP_CERT_FILE })).toThrow(
      /SAML_SP_PRIVATE_KEY_FILE must be set together/,
    );
    expect(loadConfig({ SAML_SP_PRIVATE_KEY_FILE: SP_KEY_FILE, SAML_SP_CERT_FILE: SP_CERT_FILE }).saml).toEqual({
      spPrivateKeyFile: SP_KEY_FILE,
      spCertFile: SP_CERT_FILE,
    });
  });
});

interface Started {
  requestId: string;
  relayState: string;
  binding: string;
  location: string;
}

describe.each(dbKinds())("SAML single sign-on on %s", (kind) => {
  let idp: TestSamlIdp;
  let api: TestApi;

  beforeAll(async () => {
    idp = await startTestSamlIdp({ sp: SP });
    api = await startTestApi(kind, {
      env: {
        PUBLIC_URL,
        DEMO_SAML_ENTRY_POINT: idp.entryPoint,
        DEMO_SAML_IDP_ISSUER: idp.issuer,
        DEMO_SAML_IDP_CERT_FILE: idp.certFile,
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await idp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (service: ApiService, path: string, headers: Record<string, string> = {}) =>
    service.fetch(new Request(`${PUBLIC_URL}${path}`, { headers }));

  /** GET /login-saml, as the browser does; answers the request the IdP receives. */
  async function start(
    email: string = SSO_USER.email,
    continueUrl?: string,
    service: ApiService = api.service,
  ): Promise<Started> {
    const search = new URLSearchParams({ email });
    if (continueUrl !== undefined) search.set("continue", continueUrl);
    const response = await get(service, `/login-saml?${search}`);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location.startsWith(`${idp.entryPoint}?`)).toBe(true);
    const cookie = response.headers.get("set-cookie")!;
    const binding = /^__Host-rbqm_sso=([^;]+);/.exec(cookie)![1]!;
    const { requestId, relayState } = await idp.parseRedirect(location);
    expect(relayState).toBe(requestId);
    return { requestId, relayState: relayState!, binding, location };
  }

  function acs(fields: Record<string, string>, service: ApiService = api.service): Promise<Response> {
    return service.fetch(
      new Request(`${PUBLIC_URL}/saml/acs`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://127.0.0.1:9" },
        body: new URLSearchParams(fields),
      }),
    );
  }

  function resume(token: string, binding: string | undefined, service: ApiService = api.service): Promise<Response> {
    return service.fetch(
      new Request(`${PUBLIC_URL}/api/auth/saml/resume`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, binding }),
      }),
    );
  }

  const refresh = (token: string) => {
    const form = new FormData();
    form.set("grant_type", "refresh_token");
    form.set("refresh_token", token);
    return api.call("POST", "/api/oauth/token", { body: form });
  };

  /** The hand-off the ACS answers with, checked to be /ng/saml/resumeLogin on this site. */
  function handoff(response: Response): { token: string; continueUrl: string } {
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/ng/saml/resumeLogin`);
    return { token: location.searchParams.get("token")!, continueUrl: location.searchParams.get("continue")! };
  }

  async function signedInThrough(started: Started, samlResponse?: string) {
    const response = samlResponse ?? (await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email }));
    return handoff(await acs({ SAMLResponse: response, RelayState: started.relayState }));
  }

  const expectRefused = (response: Response) => {
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(FAILED);
  };

  describe("the round trip", () => {
    it("signs in through the IdP's page: /login-saml → IdP → ACS → resume token → oauth/token", async () => {
      const started = await start(SSO_USER.email, "/ng/companies/x/studies?tab=1#top");
      const [row] = await api.database.db.select().from(ssoRequests).where(eq(ssoRequests.id, started.requestId));
      expect(row).toMatchObject({
        protocol: "saml",
        companyId: DEMO.ssoCompany.id,
        continueUrl: "/ng/companies/x/studies?tab=1#top",
      });
      expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 10 * 60 * 1000)).toBeLessThan(1000);

      // The real IdP over HTTP: its page is a form with a visible button that posts to our ACS.
      const page = await (await fetch(started.location)).text();
      expect(page).toContain(`<form method="post" action="${SP.acsUrl}">`);
      expect(page).toMatch(/<button type="submit">Sign in<\/button>/);
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
      const posted = await acs({ SAMLResponse: field("SAMLResponse"), RelayState: field("RelayState") });
      expect(posted.headers.get("referrer-policy")).toBe("no-referrer");
      expect(posted.headers.get("cache-control")).toBe("no-store");
      const { token, continueUrl } = handoff(posted);
      expect(continueUrl).toBe("/ng/companies/x/studies?tab=1#top");

      const resumed = await resume(token, started.binding);
      expect(resumed.status).toBe(200);
      const tokens = (await resumed.json()) as { access_token: string; refresh_token: string; id_token: string };
      expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: SSO_USER.id, email: SSO_USER.email });
      const sessionId = decodeJwt(tokens.access_token).sid as string;
      const [session] = await api.database.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
      expect(session).toMatchObject({ userId: SSO_USER.id, method: "saml", revokedAt: null });

      // The session is an ordinary one from here on.
      const check = await api.call("POST", "/api/oauth/session", { token: tokens.access_token });
      expect(check.status).toBe(200);
      const refreshed = await refresh(tokens.refresh_token);
      expect(refreshed.status).toBe(200);
    });

    it("sets the browser binding cookie httpOnly, SameSite=Lax, Secure and host-only, for 10 minutes", async () => {
      const response = await get(api.service, `/login-saml?email=${encodeURIComponent(SSO_USER.email)}`);
      const cookie = response.headers.get("set-cookie")!;
      expect(cookie).toMatch(/^__Host-rbqm_sso=[A-Za-z0-9_-]{43}; /);
      expect(cookie.split("; ").slice(1).sort()).toEqual([
        "HttpOnly",
        "Max-Age=600",
        "Path=/",
        "SameSite=Lax",
        "Secure",
      ]);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    });

    it("keeps the browser's binding value for a second attempt, so two tabs both work", async () => {
      const first = await start();
      const response = await get(api.service, `/login-saml?email=${encodeURIComponent(SSO_USER.email)}`, {
        cookie: `__Host-rbqm_sso=${first.binding}`,
      });
      expect(response.headers.get("set-cookie")).toContain(`__Host-rbqm_sso=${first.binding};`);
    });

    it("finds the company by the address's domain and asks for an e-mail NameID", async () => {
      const started = await start("SSO@Northwind.Example" as string);
      const xml = new URL(started.location).searchParams.get("SAMLRequest");
      expect(xml).toBeTruthy();
      const [row] = await api.database.db.select().from(ssoRequests).where(eq(ssoRequests.id, started.requestId));
      expect(row!.email).toBe("sso@northwind.example");
    });

    it("signs in by an e-mail attribute when the NameID is an opaque id", async () => {
      await api.database.db.update(users).set({ ssoSubject: null }).where(eq(users.id, SSO_USER.id));
      try {
        const started = await start();
        const samlResponse = await idp.response({
          inResponseTo: started.requestId,
          nameId: "opaque-8841",
          email: SSO_USER.email,
        });
        const { token } = await signedInThrough(started, samlResponse);
        expect((await resume(token, started.binding)).status).toBe(200);
      } finally {
        await api.database.db.update(users).set({ ssoSubject: SSO_USER.email }).where(eq(users.id, SSO_USER.id));
      }
    });

    it("works when the response reaches another instance than the one that made the request", async () => {
      const other = await createApiService({
        config: api.config,
        logger: createLogger("silent"),
        database: api.database,
        startWorkers: false,
      });
      try {
        const started = await start(SSO_USER.email, "/ng/", api.service);
        const samlResponse = await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email });
        const { token } = handoff(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }, other));
        expect((await resume(token, started.binding, other)).status).toBe(200);
      } finally {
        await other.close();
      }
    });

    it("serves the service provider's metadata", async () => {
      const response = await get(api.service, "/saml/metadata");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("xml");
      const xml = await response.text();
      expect(xml).toContain(`entityID="${SP.entityId}"`);
      expect(xml).toContain(`Location="${SP.acsUrl}"`);
      expect(xml).toContain('WantAssertionsSigned="true"');
      expect(xml).toContain('AuthnRequestsSigned="false"');
    });
  });

  describe("refused responses", () => {
    it("takes a response once: the same response posted again is refused", async () => {
      const started = await start();
      const samlResponse = await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email });
      handoff(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("takes an assertion id once, even inside a response to a new request", async () => {
      const first = await start();
      const assertionId = `_${"a".repeat(32)}${kind}`;
      await signedInThrough(
        first,
        await idp.response({ inResponseTo: first.requestId, nameId: SSO_USER.email, assertionId }),
      );
      const second = await start();
      const replay = await idp.response({ inResponseTo: second.requestId, nameId: SSO_USER.email, assertionId });
      expectRefused(await acs({ SAMLResponse: replay, RelayState: second.relayState }));
    });

    it("refuses a response to a request it never made", async () => {
      const started = await start();
      const samlResponse = await idp.response({ inResponseTo: `_${"0".repeat(40)}`, nameId: SSO_USER.email });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses a response whose InResponseTo names another outstanding request than its RelayState", async () => {
      const mine = await start();
      const theirs = await start();
      const samlResponse = await idp.response({ inResponseTo: theirs.requestId, nameId: SSO_USER.email });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: mine.relayState }));
    });

    it("refuses an unsolicited (IdP-initiated) response, with or without a RelayState", async () => {
      const started = await start();
      const samlResponse = await idp.response({ inResponseTo: null, nameId: SSO_USER.email });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
      expectRefused(await acs({ SAMLResponse: samlResponse }));
    });

    it("refuses a response after its request has expired", async () => {
      const started = await start();
      await api.database.db
        .update(ssoRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(ssoRequests.id, started.requestId));
      expectRefused(
        await acs({
          SAMLResponse: await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email }),
          RelayState: started.relayState,
        }),
      );
    });

    it("refuses a response signed by another key", async () => {
      const started = await start();
      const samlResponse = await idp.response({
        inResponseTo: started.requestId,
        nameId: SSO_USER.email,
        signedBy: "other",
      });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses a signed response that was altered after signing", async () => {
      const started = await start();
      const signed = Buffer.from(
        await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email }),
        "base64",
      ).toString("utf8");
      const altered = signed.replace(`>${SSO_USER.email}</saml:NameID>`, ">someone@northwind.example</saml:NameID>");
      expect(altered).not.toBe(signed);
      expectRefused(
        await acs({ SAMLResponse: Buffer.from(altered).toString("base64"), RelayState: started.relayState }),
      );
    });

    it("refuses an unsigned response", async () => {
      const started = await start();
      const signed = Buffer.from(
        await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email }),
        "base64",
      ).toString("utf8");
      const unsigned = signed.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, "");
      expect(unsigned).not.toContain("Signature");
      expectRefused(
        await acs({ SAMLResponse: Buffer.from(unsigned).toString("base64"), RelayState: started.relayState }),
      );
    });

    it("accepts a response signed as a whole as well as in its assertion", async () => {
      const started = await start();
      const samlResponse = await idp.response({
        inResponseTo: started.requestId,
        nameId: SSO_USER.email,
        signResponse: true,
      });
      handoff(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses an expired assertion", async () => {
      const started = await start();
      const samlResponse = await idp.response({
        inResponseTo: started.requestId,
        nameId: SSO_USER.email,
        issueInstant: new Date(Date.now() - 20 * 60 * 1000),
        notOnOrAfter: new Date(Date.now() - 5 * 60 * 1000),
      });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses an assertion that is not valid yet", async () => {
      const started = await start();
      const samlResponse = await idp.response({
        inResponseTo: started.requestId,
        nameId: SSO_USER.email,
        issueInstant: new Date(Date.now() + 10 * 60 * 1000),
      });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it.each([
      ["another audience", { audience: "https://other-sp.example/metadata" }],
      ["another recipient", { recipient: "https://other-sp.example/acs" }],
      ["another destination", { destination: "https://other-sp.example/acs" }],
      ["another issuer", { issuer: "https://idp.evil.example/" }],
    ])("refuses an assertion meant for %s", async (_name, overrides) => {
      const started = await start();
      const samlResponse = await idp.response({
        inResponseTo: started.requestId,
        nameId: SSO_USER.email,
        ...overrides,
      });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses a subject with no account in the company", async () => {
      const started = await start();
      const samlResponse = await idp.response({ inResponseTo: started.requestId, nameId: "nobody@northwind.example" });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses an account of another company, even when the IdP names it", async () => {
      const started = await start();
      const samlResponse = await idp.response({ inResponseTo: started.requestId, nameId: DEMO.users.admin.email });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses to take over an account bound to another subject through its e-mail address", async () => {
      const started = await start();
      const samlResponse = await idp.response({
        inResponseTo: started.requestId,
        nameId: "other-subject",
        email: SSO_USER.email,
      });
      expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
    });

    it("refuses a blocked account", async () => {
      await api.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, SSO_USER.id));
      try {
        const started = await start();
        const samlResponse = await idp.response({ inResponseTo: started.requestId, nameId: SSO_USER.email });
        expectRefused(await acs({ SAMLResponse: samlResponse, RelayState: started.relayState }));
      } finally {
        await api.database.db.update(users).set({ isBlocked: false }).where(eq(users.id, SSO_USER.id));
      }
    });

    it.each([
      ["no SAMLResponse", { RelayState: `_${"1".repeat(40)}` }],
      ["garbage", { SAMLResponse: "PHg+", RelayState: `_${"1".repeat(40)}` }],
      ["a RelayState that is not ours", { SAMLResponse: "PHg+", RelayState: "https://evil.example/" }],
    ])("refuses %s without saying why", async (_name, fields) => {
      const response = await acs(fields as Record<string, string>);
      expectRefused(response);
      expect(await response.text()).toBe("");
    });

    it("refuses a post that is not a form", async () => {
      const response = await api.service.fetch(
        new Request(`${PUBLIC_URL}/saml/acs`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      );
      expectRefused(response);
    });
  });

  describe("the continue target", () => {
    it.each([
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "https://evil.example/",
      "%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%252F%252Fevil.example",
      "/ng/\r\nSet-Cookie: x=1",
      "/ng/%0d%0aSet-Cookie:%20x=1",
    ])("%j ends on a same-origin path", async (target) => {
      const started = await start(SSO_USER.email, target);
      const [row] = await api.database.db.select().from(ssoRequests).where(eq(ssoRequests.id, started.requestId));
      expect(row!.continueUrl).toBe("/ng/");
      const { continueUrl } = await signedInThrough(started);
      expect(continueUrl).toBe("/ng/");

      const failed = await get(
        api.service,
        `/login-saml?${new URLSearchParams({ email: "someone@unknown.example", continue: target })}`,
      );
      expect(failed.status).toBe(302);
      expect(failed.headers.get("location")).toBe(`${FAILED}&email=someone%40unknown.example`);
    });
  });

  describe("/login-saml for addresses that do not sign in through SAML", () => {
    it.each([
      ["a password account", DEMO.users.admin.email, `${FAILED}&email=admin%40demo-pharma.example`],
      ["an unknown domain", "who@nowhere.example", `${FAILED}&email=who%40nowhere.example`],
      ["no valid address", "not-an-address", FAILED],
    ])("sends %s back to the sign-in page, with no cookie", async (_name, email, expected) => {
      const response = await get(api.service, `/login-saml?${new URLSearchParams({ email, continue: "/ng/studies" })}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${expected}&continue=%2Fng%2Fstudies`);
      expect(response.headers.get("set-cookie")).toBeNull();
    });
  });

  describe("signed AuthnRequests (SAML_SP_* set)", () => {
    let strictIdp: TestSamlIdp;
    let signingApi: TestApi;
    beforeAll(async () => {
      strictIdp = await startTestSamlIdp({ sp: SP, spCert: fs.readFileSync(SP_CERT_FILE, "utf8") });
      signingApi = await startTestApi(kind, {
        env: {
          PUBLIC_URL,
          SAML_SP_PRIVATE_KEY_FILE: SP_KEY_FILE,
          SAML_SP_CERT_FILE: SP_CERT_FILE,
          DEMO_SAML_ENTRY_POINT: strictIdp.entryPoint,
          DEMO_SAML_IDP_ISSUER: strictIdp.issuer,
          DEMO_SAML_IDP_CERT_FILE: strictIdp.certFile,
        },
      });
    });
    afterAll(async () => {
      await signingApi?.close();
      await strictIdp?.close();
    });

    it("signs the request, and an IdP that demands signed requests signs the user in", async () => {
      const response = await get(signingApi.service, `/login-saml?email=${encodeURIComponent(SSO_USER.email)}`);
      const location = new URL(response.headers.get("location")!);
      expect(location.searchParams.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
      expect(location.searchParams.get("Signature")).toBeTruthy();
      const binding = /^__Host-rbqm_sso=([^;]+);/.exec(response.headers.get("set-cookie")!)![1]!;
      const { requestId, relayState } = await strictIdp.parseRedirect(location.toString());
      const samlResponse = await strictIdp.response({ inResponseTo: requestId, nameId: SSO_USER.email });
      const { token } = handoff(await acs({ SAMLResponse: samlResponse, RelayState: relayState! }, signingApi.service));
      expect((await resume(token, binding, signingApi.service)).status).toBe(200);
    });

    it("an altered signed request is refused by the IdP", async () => {
      const response = await get(signingApi.service, `/login-saml?email=${encodeURIComponent(SSO_USER.email)}`);
      const location = new URL(response.headers.get("location")!);
      location.searchParams.set("RelayState", `_${"9".repeat(40)}`);
      await expect(strictIdp.parseRedirect(location.toString())).rejects.toThrow();
    });

    it("an unsigned request is refused by that IdP", async () => {
      await expect(strictIdp.parseRedirect((await start()).location)).rejects.toThrow();
    });

    it("publishes its signing certificate in the metadata", async () => {
      const xml = await (await get(signingApi.service, "/saml/metadata")).text();
      expect(xml).toContain('AuthnRequestsSigned="true"');
      const certBody = fs.readFileSync(SP_CERT_FILE, "utf8").replace(/-----[A-Z ]+-----|\s/g, "");
      expect(xml.replace(/\s/g, "")).toContain(certBody);
    });
  });

  describe("the hand-off token", () => {
    it("is redeemed once: a second use fails and ends the grant", async () => {
      const started = await start();
      const { token } = await signedInThrough(started);
      const first = await resume(token, started.binding);
      expect(first.status).toBe(200);
      const { refresh_token: successor } = (await first.json()) as { refresh_token: string };
      const second = await resume(token, started.binding);
      expect(second.status).toBe(400);
      expect(await second.json()).toMatchObject({ title: "SsoFailed", detail: "Single sign-on did not succeed." });
      // The refresh token the first use gave is dead too: a hand-off that leaked cannot be ridden on.
      expect((await refresh(successor)).status).toBe(400);
    });

    it("redeemed elsewhere as a plain refresh first, is refused to the browser and ends that grant", async () => {
      const started = await start();
      const { token } = await signedInThrough(started);
      const stolen = await refresh(token);
      expect(stolen.status).toBe(200);
      const { refresh_token: successor } = (await stolen.json()) as { refresh_token: string };
      expect((await resume(token, started.binding)).status).toBe(400);
      expect((await refresh(successor)).status).toBe(400);
    });

    it("is refused from another browser (no or another binding value) and then dies", async () => {
      const started = await start();
      const { token } = await signedInThrough(started);
      expect((await resume(token, undefined)).status).toBe(400);
      expect((await resume(token, "x".repeat(43))).status).toBe(400);
      expect((await resume(token, started.binding)).status).toBe(400);
    });

    it("expires after 2 minutes", async () => {
      const started = await start();
      const { token } = await signedInThrough(started);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 60 * 1000 + 5000 });
      const response = await resume(token, started.binding);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ title: "SsoFailed" });
    });

    it("is not taken for anything but a SAML hand-off", async () => {
      const login = await api.call("POST", "/api/auth/login", {
        json: { Email: DEMO.users.admin.email, Password: "Rbqm-Demo-2026" },
      });
      const { refresh_token } = (await login.json()) as { refresh_token: string };
      expect((await resume(refresh_token, "x".repeat(43))).status).toBe(400);
      expect((await resume("not-a-token", "x".repeat(43))).status).toBe(400);
    });
  });
});
