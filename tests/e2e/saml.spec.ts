import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support";

/**
 * SAML single sign-on against the test identity provider of the demo company Northwind Clinical
 * (tests/e2e/peers/saml-idp.ts): /ng/saml/login → /login-saml → the IdP's page → /saml/acs → /ng/saml/resumeLogin → home.
 */
const SSO_EMAIL = "sso@northwind.example";

async function authCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "rbqm_auth");
}

/** Opens the IdP's page through our start address and presses its button; answers the hand-off address seen. */
async function signInAtIdp(page: Page, start: string): Promise<string> {
  const handoffs: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/ng/saml/resumeLogin")) handoffs.push(request.url());
  });
  await page.goto(start);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Northwind test identity provider");
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/sso\?SAMLRequest=/);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sso\?|\/saml\//);
  expect(handoffs).toHaveLength(1);
  return handoffs[0]!;
}

test.describe("SAML single sign-on", () => {
  test("from the login page: the e-mail leads to the identity provider and back, signed in", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await page.goto(`/ng/login?continue=${encodeURIComponent("/ng/error?errorMessage=welcome")}`);
    await waitForHydration(page, javaScriptEnabled);
    await expectAccessible(page);
    await page.getByRole("textbox", { name: "Enter your email" }).fill(SSO_EMAIL);
    const handoffs: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/ng/saml/resumeLogin")) handoffs.push(request.url());
    });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Northwind test identity provider");
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ng\/error\?errorMessage=welcome$/);
    expect(handoffs).toHaveLength(1);
    expect(page.url()).not.toContain("token");
    expect(await authCookie(context)).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    await page.goto("/ng/");
    await expect(page.getByTestId("signed-in-user")).toHaveText("Sol Single-Sign-On");
  });

  test("/ng/saml/login signs a Northwind user in and lands on the start page", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    const handoff = await signInAtIdp(page, `/ng/saml/login?email=${encodeURIComponent(SSO_EMAIL)}&continue=/ng/`);
    expect(new URL(handoff).searchParams.get("token")).toBeTruthy();

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ng\/companies\/6560de000000000000000002$/);
    expect(page.url()).not.toContain("token");
    expect(await authCookie(context)).toBeDefined();
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByTestId("signed-in-user")).toHaveText("Sol Single-Sign-On");
    await expectAccessible(page);
  });

  test("keeps a foreign continue target out: the user still lands on this site", async ({ page, context }) => {
    await signInAtIdp(
      page,
      `/ng/saml/login?email=${encodeURIComponent(SSO_EMAIL)}&continue=${encodeURIComponent("//evil.example/x")}`,
    );
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ng\/companies\/6560de000000000000000002$/);
    expect(await authCookie(context)).toBeDefined();
    await expect(page.getByTestId("signed-in-user")).toHaveText("Sol Single-Sign-On");
  });

  test("a hand-off link opened in another browser signs no one in, and is spent", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // Hold the browser at the assertion consumer service's answer: it never follows the hand-off itself.
    let handoff = "";
    const isAcs = (url: URL) => url.pathname === "/saml/acs";
    await page.route(isAcs, async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      handoff = answer.headers()["location"] ?? "";
      await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>held</title>" });
    });
    await page.goto(`/ng/saml/login?email=${encodeURIComponent(SSO_EMAIL)}&continue=/ng/`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveTitle("held");
    expect(handoff).toMatch(/\/ng\/saml\/resumeLogin\?token=/);
    expect(await authCookie(page.context())).toBeUndefined();

    const other = await browser.newContext({ javaScriptEnabled });
    try {
      const stranger = await other.newPage();
      await stranger.goto(handoff);
      await expect(stranger).toHaveURL(/\/ng\/login\?error=sso$/);
      expect(await authCookie(other)).toBeUndefined();
    } finally {
      await other.close();
    }
    // Presented by a stranger, the hand-off died: its own browser cannot use it any more either.
    await page.unroute(isAcs);
    await page.goto(handoff);
    await expect(page).toHaveURL(/\/ng\/login\?error=sso$/);
    expect(await authCookie(page.context())).toBeUndefined();
  });

  test("an address that does not sign in through SAML goes back to sign-in with the SSO error", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await page.goto(`/ng/saml/login?email=${encodeURIComponent("admin@demo-pharma.example")}&continue=/ng/`);
    await expect(page).toHaveURL(/\/ng\/login\?error=sso&email=admin%40demo-pharma\.example$/);
    await waitForHydration(page, javaScriptEnabled);
    await expect(
      page.getByText("Single sign-on did not succeed. Please try again, or contact your administrator."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Enter your email" })).toHaveValue("admin@demo-pharma.example");
    expect(await authCookie(context)).toBeUndefined();
    await expectAccessible(page);
  });
});
