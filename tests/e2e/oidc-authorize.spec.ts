import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { decodeJwt } from "jose";
import type { WebContext } from "../../app/lib/context.server";
import { writeAuthSession } from "../../app/lib/session.server";
import { E2E_CLIENT_ID, oauthClientPeerUrl } from "./peers/oauth-client";
import { expect, expectAccessible, test, waitForHydration } from "./support";

/**
 * The product as an authorization server, in the browser: /ng/oidc/login, /ng/oidc/logout and /ng/logoff, with a
 * real client application (tests/e2e/peers/oauth-client.ts, openid-client 6) on 127.0.0.1.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PEER = oauthClientPeerUrl(PORT + 1);
const CALLBACK = `${PEER}/callback`;
const CHALLENGE = crypto.createHash("sha256").update("v".repeat(43)).digest("base64url");
const ADMIN = { id: "6560de000000000000000201", email: "admin@demo-pharma.example", name: "Ada Admin" };
const DEMO_PASSWORD = "Rbqm-Demo-2026";

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

/**
 * Signs the browser in as the web app does after /ng/login: real tokens from POST /api/auth/login, stored in the
 * sealed auth cookie (app/lib/session.server.ts) under the e2e service's secret. Until the sign-in pages are in this
 * branch, this stands in for submitting them.
 */
async function signIn(context: BrowserContext, request: APIRequestContext, email = ADMIN.email): Promise<Tokens> {
  const response = await request.post("/api/auth/login", { multipart: { Email: email, Password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const tokens = (await response.json()) as Tokens;
  const claims = decodeJwt(tokens.id_token);
  const secret = fs.readFileSync(path.join(os.tmpdir(), `rbqm-e2e-${PORT}`, "app-secret"), "utf8").trim();
  const web = { web: { sessionSecret: secret, publicUrl: ORIGIN, isProduction: true }, responseCookies: new Map(), pendingValues: new Map() };
  const fake = web as unknown as WebContext;
  writeAuthSession(fake, {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token,
    user: { id: String(claims.sub), name: String(claims.name) },
    checkedAt: Date.now(),
  });
  const [pair = ""] = [...fake.responseCookies.values()][0]!.split(";");
  const at = pair.indexOf("=");
  await context.addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: ORIGIN, httpOnly: true, sameSite: "Lax" }]);
  return tokens;
}

function authorizeUrl(overrides: Record<string, string | undefined> = {}, base = "/ng/oidc/login"): string {
  const params: Record<string, string | undefined> = {
    client_id: E2E_CLIENT_ID,
    redirect_uri: CALLBACK,
    response_type: "code",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    state: "state-1",
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  return `${base}?${search}`;
}

const refreshWith = (request: APIRequestContext, refreshToken: string) =>
  request.post("/api/oauth/token", { form: { grant_type: "refresh_token", refresh_token: refreshToken } });

test.describe("authorization endpoint /ng/oidc/login", () => {
  test("sends a signed-out user to sign in, continuing with this very request and the login_hint as e-mail", async ({ page }) => {
    await page.goto(`${PEER}/start?login_hint=${encodeURIComponent(ADMIN.email)}`);
    await expect(page).toHaveURL(/\/ng\/login\?/);
    const url = new URL(page.url());
    expect(url.origin).toBe(ORIGIN);
    expect(url.searchParams.get("email")).toBe(ADMIN.email);
    const continueUrl = url.searchParams.get("continue")!;
    expect(continueUrl).toMatch(/^\/ng\/oidc\/login\?/);
    const request = new URL(continueUrl, ORIGIN).searchParams;
    expect(request.get("client_id")).toBe(E2E_CLIENT_ID);
    expect(request.get("redirect_uri")).toBe(CALLBACK);
    expect(request.get("code_challenge_method")).toBe("S256");
    expect(request.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request.get("login_hint")).toBe(ADMIN.email);
  });

  test("sends a signed-in user back to the client with a code the client redeems", async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto(`${PEER}/start`);
    await expect(page).toHaveURL(new RegExp(`^${PEER}/callback\\?`));
    const back = new URL(page.url()).searchParams;
    expect(back.get("iss")).toBe(ORIGIN);
    expect(back.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed in");
    await expect(page.getByText(`Signed in as ${ADMIN.name} (${ADMIN.id}) for ${E2E_CLIENT_ID}`)).toBeVisible();
  });

  test("refuses an unregistered redirect_uri on its own page, without going there", async ({ page, context, request, javaScriptEnabled }) => {
    await signIn(context, request);
    const visited: string[] = [];
    page.on("request", (r) => visited.push(r.url()));
    const address = authorizeUrl({ redirect_uri: "https://evil.example/callback" });
    const response = await page.goto(address);
    expect(response?.status()).toBe(400);
    await waitForHydration(page, javaScriptEnabled);
    expect(page.url()).toBe(`${ORIGIN}${address}`);
    await expect(page).toHaveTitle("RBQM Studio - Sign-in request");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This sign-in request cannot be completed");
    await expect(page.getByRole("alert")).toHaveText("Details: The application asked to return to an address that is not registered.");
    await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/ng/");
    expect(visited.map((url) => new URL(url).origin).filter((origin) => origin !== ORIGIN)).toEqual([]);
    await expectAccessible(page);
  });

  test("refuses a redirect_uri that differs only by a trailing slash", async ({ page }) => {
    const response = await page.goto(authorizeUrl({ redirect_uri: `${CALLBACK}/` }));
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Details: The application asked to return to an address that is not registered.");
  });

  for (const [name, overrides] of [
    ["no PKCE", { code_challenge: undefined, code_challenge_method: undefined }],
    ["the plain PKCE method", { code_challenge_method: "plain", code_challenge: "v".repeat(43) }],
    ["a short code_challenge", { code_challenge: CHALLENGE.slice(0, 42) }],
  ] as const) {
    test(`refuses ${name} before any sign-in, on its own page`, async ({ page }) => {
      const response = await page.goto(authorizeUrl(overrides));
      expect(response?.status()).toBe(400);
      await expect(page).toHaveURL(/\/ng\/oidc\/login\?/);
      await expect(page.getByRole("alert")).toHaveText("Details: The application must use PKCE with the S256 method.");
    });
  }

  test("refuses an unknown or missing client_id on its own page", async ({ page }) => {
    expect((await page.goto(authorizeUrl({ client_id: "nobody" })))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "Details: The sign-in request of the application is not valid: the application is not registered",
    );
    expect((await page.goto(authorizeUrl({ client_id: undefined })))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "Details: The sign-in request of the application is not valid: the application did not say which application it is",
    );
  });

  test("answers other errors to the client once its redirect_uri is known good", async ({ page }) => {
    await page.goto(authorizeUrl({ response_type: "token" }));
    await expect(page).toHaveURL(new RegExp(`^${PEER}/callback\\?error=unsupported_response_type&`));
    expect(new URL(page.url()).searchParams.get("state")).toBe("state-1");
    await page.goto(authorizeUrl({ prompt: "none" }));
    await expect(page).toHaveURL(new RegExp(`^${PEER}/callback\\?error=login_required&`));
  });

  test("/ng/oidc/login/resume continues the same request at /ng/oidc/login", async ({ page }) => {
    const response = await page.goto(authorizeUrl({ redirect_uri: "https://evil.example/callback" }, "/ng/oidc/login/resume"));
    expect(response?.status()).toBe(400);
    expect(page.url()).toBe(`${ORIGIN}${authorizeUrl({ redirect_uri: "https://evil.example/callback" })}`);
  });

  test("publishes the discovery document through the web server", async ({ request }) => {
    const response = await request.get("/.well-known/openid-configuration");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ issuer: ORIGIN, authorization_endpoint: `${ORIGIN}/ng/oidc/login` });
  });
});

test.describe("logout /ng/oidc/logout", () => {
  test("the product's own Log Out ends the session and lands on /ng/logoff", async ({ page, context, request, javaScriptEnabled }) => {
    const tokens = await signIn(context, request);
    await page.goto("/ng/oidc/logout");
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - Sign out");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign out");
    await expect(page.getByText("Do you want to sign out?")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/ng/logoff`);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - You are signed out");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are signed out");
    await expect(page.getByRole("status")).toHaveText("You have been signed out.");
    await expect(page.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/ng/login");
    await expectAccessible(page);

    // Signed out for real: the cookie is gone, the grant is ended, and signing in is needed again.
    expect((await context.cookies(ORIGIN)).map((c) => c.name)).not.toContain("rbqm_auth");
    expect((await refreshWith(request, tokens.refresh_token)).status()).toBe(400);
    await page.goto(authorizeUrl());
    await expect(page).toHaveURL(/\/ng\/login\?continue=/);
  });

  test("a client's logout ends both grants and returns to its registered address with its state", async ({ page, context, request }) => {
    const web = await signIn(context, request);
    await page.goto(`${PEER}/start`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed in");
    const session = new URL(await page.getByRole("link", { name: "Log out" }).evaluate((a: HTMLAnchorElement) => a.href));

    await page.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/ng\/oidc\/logout\?/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${PEER}/signed-out?state=bye-state`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed out of E2E Portal");

    await page.goto(`${PEER}/refresh${session.search}`);
    await expect(page.getByText("refresh: invalid_grant")).toBeVisible();
    expect((await refreshWith(request, web.refresh_token)).status()).toBe(400);
  });

  test("never follows an unregistered post_logout_redirect_uri", async ({ page }) => {
    await page.goto(`/ng/oidc/logout?post_logout_redirect_uri=${encodeURIComponent("https://evil.example/bye")}`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/ng/logoff`);
  });
});
