import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_CLIENT_ID, oauthClientPeerUrl } from "./peers/oauth-client";
import { expect, expectAccessible, test, waitForHydration } from "./support";

/**
 * The product as an authorization server, in the browser: /ng/oidc/login, /ng/oidc/logout and /ng/logoff, with a
 * real client application (tests/e2e/peers/oauth-client.ts, openid-client 6) on 127.0.0.1, and the real sign-in pages.
 * Each Playwright project signs in with its own account (tests/e2e/fixtures/seed.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PEER = oauthClientPeerUrl(PORT + 1);
const CALLBACK = `${PEER}/callback`;
const CHALLENGE = crypto.createHash("sha256").update("v".repeat(43)).digest("base64url");
const PASSWORD = "Rbqm-Demo-2026";
const project = () => test.info().project.name;
const account = () => `user-${project()}@e2e.example`;
const accountName = () => `E2E user ${project()}`;

/** The sign-in pages, from the e-mail step on (the address may already be filled in from login_hint). */
async function signInHere(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await waitForHydration(page, javaScriptEnabled);
  const email = page.getByRole("textbox", { name: "Enter your email" });
  if ((await email.inputValue()) !== account()) await email.fill(account());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/ng\/login\/password$/);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signIn(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await page.goto("/ng/login");
  await signInHere(page, javaScriptEnabled);
  await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000001$/);
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

test.describe("authorization endpoint /ng/oidc/login", () => {
  test("a signed-out user signs in first, then goes back to the client with a code it redeems", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`${PEER}/start?login_hint=${encodeURIComponent(account())}`);
    await expect(page).toHaveURL(/\/ng\/login\?/);
    const url = new URL(page.url());
    expect(url.origin).toBe(ORIGIN);
    expect(url.searchParams.get("email")).toBe(account());
    const continueUrl = url.searchParams.get("continue")!;
    expect(continueUrl).toMatch(/^\/ng\/oidc\/login\?/);
    const request = new URL(continueUrl, ORIGIN).searchParams;
    expect(request.get("client_id")).toBe(E2E_CLIENT_ID);
    expect(request.get("redirect_uri")).toBe(CALLBACK);
    expect(request.get("code_challenge_method")).toBe("S256");
    expect(request.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request.get("login_hint")).toBe(account());
    await expect(page.getByRole("textbox", { name: "Enter your email" })).toHaveValue(account());

    await signInHere(page, javaScriptEnabled);
    await expect(page).toHaveURL(new RegExp(`^${PEER}/callback\\?`));
    const back = new URL(page.url()).searchParams;
    expect(back.get("iss")).toBe(ORIGIN);
    expect(back.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed in");
    await expect(
      page.getByText(new RegExp(`^Signed in as ${accountName()} \\(e2e\\w+\\) for ${E2E_CLIENT_ID}$`)),
    ).toBeVisible();
  });

  test("a signed-in user goes straight back to the client", async ({ page, javaScriptEnabled }) => {
    await signIn(page, javaScriptEnabled);
    const visited: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest()) visited.push(new URL(r.url()).pathname);
    });
    await page.goto(`${PEER}/start`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed in");
    await expect(page.getByText(`Signed in as ${accountName()}`)).toBeVisible();
    expect(visited).toEqual(["/start", "/ng/oidc/login", "/callback"]);
  });

  test("refuses an unregistered redirect_uri on its own page, without going there", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signIn(page, javaScriptEnabled);
    const visited: string[] = [];
    page.on("request", (r) => visited.push(r.url()));
    const address = authorizeUrl({ redirect_uri: "https://evil.example/callback" });
    const response = await page.goto(address);
    expect(response?.status()).toBe(400);
    await waitForHydration(page, javaScriptEnabled);
    expect(page.url()).toBe(`${ORIGIN}${address}`);
    await expect(page).toHaveTitle("RBQM Studio - Sign-in request");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This sign-in request cannot be completed");
    await expect(page.getByRole("alert")).toHaveText(
      "The application asked to return to an address that is not registered.",
    );
    await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/ng/");
    expect(visited.map((url) => new URL(url).origin).filter((origin) => origin !== ORIGIN)).toEqual([]);
    await expectAccessible(page);
  });

  test("refuses a redirect_uri that differs only by a trailing slash", async ({ page }) => {
    const response = await page.goto(authorizeUrl({ redirect_uri: `${CALLBACK}/` }));
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "The application asked to return to an address that is not registered.",
    );
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
      await expect(page.getByRole("alert")).toHaveText("The application must use PKCE with the S256 method.");
    });
  }

  test("refuses an unknown or missing client_id on its own page", async ({ page }) => {
    expect((await page.goto(authorizeUrl({ client_id: "nobody" })))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "The sign-in request of the application is not valid: the application is not registered",
    );
    expect((await page.goto(authorizeUrl({ client_id: undefined })))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "The sign-in request of the application is not valid: the application did not say which application it is",
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
    const response = await page.goto(
      authorizeUrl({ redirect_uri: "https://evil.example/callback" }, "/ng/oidc/login/resume"),
    );
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
  test("the product's own Log Out ends the session and lands on /ng/logoff", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await signIn(page, javaScriptEnabled);
    const before = (await context.cookies(ORIGIN)).find((c) => c.name === "rbqm_auth")!;
    await page.goto("/ng/oidc/logout");
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - Sign out");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign out");
    await expect(page.getByText("Do you want to sign out?")).toBeVisible();
    await expect(page.getByRole("link", { name: "Stay signed in" })).toHaveAttribute("href", "/ng/");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/ng/logoff`);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - You are signed out");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are signed out");
    await expect(page.getByRole("status")).toHaveText("You have been signed out.");
    await expect(page.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/ng/login");
    await expectAccessible(page);

    expect((await context.cookies(ORIGIN)).map((c) => c.name)).not.toContain("rbqm_auth");
    await page.goto("/ng/");
    await expect(page).toHaveURL(/\/ng\/login$/);
    // Ended on the server too: the old cookie, put back, no longer gets a code.
    await context.addCookies([before]);
    await page.goto(authorizeUrl());
    await expect(page).toHaveURL(/\/ng\/login\?continue=/);
  });

  test("a client's logout ends both grants and returns to its registered address with its state", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await signIn(page, javaScriptEnabled);
    const web = (await context.cookies(ORIGIN)).find((c) => c.name === "rbqm_auth")!;
    await page.goto(`${PEER}/start`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed in");
    const refresh = await page.getByRole("link", { name: "Refresh" }).getAttribute("href");

    await page.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/ng\/oidc\/logout\?/);
    await waitForHydration(page, javaScriptEnabled);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${PEER}/signed-out?state=bye-state`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed out of E2E Portal");

    // The client's grant is ended: its refresh token no longer works.
    await page.goto(`${PEER}${refresh}`);
    await expect(page.getByText("refresh: invalid_grant")).toBeVisible();
    // And so is the web session's, even with the old cookie put back.
    expect((await context.cookies(ORIGIN)).map((c) => c.name)).not.toContain("rbqm_auth");
    await context.addCookies([web]);
    await page.goto(authorizeUrl());
    await expect(page).toHaveURL(/\/ng\/login\?continue=/);
  });

  test("never follows an unregistered post_logout_redirect_uri", async ({ page, javaScriptEnabled }) => {
    await page.goto(`/ng/oidc/logout?post_logout_redirect_uri=${encodeURIComponent("https://evil.example/bye")}`);
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/ng/logoff`);
  });
});
