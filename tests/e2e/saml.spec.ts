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
  test("signs a Northwind user in through the identity provider and lands on the start page", async ({ page, context, javaScriptEnabled }) => {
    const handoff = await signInAtIdp(page, `/ng/saml/login?email=${encodeURIComponent(SSO_EMAIL)}&continue=/ng/`);
    expect(new URL(handoff).searchParams.get("token")).toBeTruthy();

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ng\/$/);
    expect(page.url()).not.toContain("token");
    const cookie = await authCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("RBQM Studio");
    await expectAccessible(page);
  });

  test("keeps a foreign continue target out: the user still lands on this site", async ({ page, context }) => {
    await signInAtIdp(page, `/ng/saml/login?email=${encodeURIComponent(SSO_EMAIL)}&continue=${encodeURIComponent("//evil.example/x")}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ng\/$/);
    expect(await authCookie(context)).toBeDefined();
  });

  test("a hand-off link opened in another browser signs no one in, and is spent", async ({ page, browser, javaScriptEnabled }) => {
    // Stop at the hand-off: this browser never redeems it.
    await page.route("**/ng/saml/resumeLogin?**", (route) => route.fulfill({ status: 204 }));
    const handoff = await signInAtIdp(page, `/ng/saml/login?email=${encodeURIComponent(SSO_EMAIL)}&continue=/ng/`);

    const other = await browser.newContext({ javaScriptEnabled });
    try {
      const stranger = await other.newPage();
      await stranger.goto(handoff);
      await expect(stranger).toHaveURL(/\/ng\/login\?error=sso$/);
      expect(await authCookie(other)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  test("an address that does not sign in through SAML goes back to sign-in with the SSO error", async ({ page, context }) => {
    await page.goto(`/ng/saml/login?email=${encodeURIComponent("admin@demo-pharma.example")}&continue=/ng/`);
    await expect(page).toHaveURL(/\/ng\/login\?error=sso&email=admin%40demo-pharma\.example$/);
    expect(await authCookie(context)).toBeUndefined();
  });
});
