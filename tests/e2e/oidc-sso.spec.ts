import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support";

/**
 * Single sign-on through the OpenID Connect identity provider of the demo company Contoso Trials: the e2e peer
 * tests/e2e/peers/oidc-idp.ts (oidc-provider on 127.0.0.1), whose login form is a plain HTML form.
 */
const CORA = { email: "sso@contoso.example", name: "Cora Contoso" };
const STRANGER = "stranger@contoso.example";
/** The password of every account at the test IdP (tests/support/oidc-idp.ts, IDP_PASSWORD). */
const IDP_PASSWORD = "Contoso-IdP-2026";
const origin = () => test.info().project.use.baseURL!;

async function signInAtIdp(page: Page, email: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contoso sign-in");
  expect(new URL(page.url()).origin).not.toBe(origin());
  // The product sent the address along as login_hint.
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Password").fill(IDP_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function flowCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name === "rbqm_sso_oidc" || c.name.startsWith("rbqm_oidc_state"));
}

test.describe("OIDC single sign-on", () => {
  test("/ng/sso/oidc?email&continue → the IdP's login form → back on /ng/, signed in", async ({ page, context }) => {
    await page.goto(`/ng/sso/oidc?email=${encodeURIComponent(CORA.email)}&continue=${encodeURIComponent("/ng/")}`);
    expect(await flowCookies(context)).not.toEqual([]);
    await signInAtIdp(page, CORA.email);

    // Back on the product, at the continue path, with nothing of the flow left in the address.
    await expect(page).toHaveURL(`${origin()}/ng/companies/6560de000000000000000003`);
    await expect(page.getByTestId("signed-in-user")).toHaveText(CORA.name);
    const auth = (await context.cookies()).find((c) => c.name === "rbqm_auth");
    expect(auth).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(await flowCookies(context)).toEqual([]);
    await expectAccessible(page);
  });

  test("from the sign-in page: an address of an OIDC company goes to its IdP, then to the continue address", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    const target = "/ng/error?errorMessage=welcome";
    await page.goto(`/ng/login?continue=${encodeURIComponent(target)}`);
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Enter your email" }).fill(CORA.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await signInAtIdp(page, CORA.email);
    await expect(page).toHaveURL(`${origin()}${target}`);
    expect((await context.cookies()).some((c) => c.name === "rbqm_auth")).toBe(true);
    await page.goto("/ng/");
    await expect(page.getByTestId("signed-in-user")).toHaveText(CORA.name);
  });

  test("someone the IdP knows and the product does not comes back to sign-in with a message", async ({
    page,
    context,
  }) => {
    await page.goto(`/ng/sso/oidc?email=${encodeURIComponent(STRANGER)}`);
    await signInAtIdp(page, STRANGER);
    await expect(page).toHaveURL(`${origin()}/ng/login?error=sso`);
    await expect(page.getByRole("alert")).toHaveText(
      "Single sign-on did not succeed. Please try again, or contact your administrator.",
    );
    expect((await context.cookies()).some((c) => c.name === "rbqm_auth")).toBe(false);
    expect(await flowCookies(context)).toEqual([]);
    await expectAccessible(page);
  });

  test("a callback the browser did not start, and an address without OIDC, come back to sign-in", async ({
    page,
    context,
  }) => {
    await page.goto("/ng/sso/oidc/callback?code=forged&state=forged");
    await expect(page).toHaveURL(`${origin()}/ng/login?error=sso`);
    await page.goto(
      `/ng/sso/oidc?email=${encodeURIComponent("admin@demo-pharma.example")}&continue=${encodeURIComponent("//evil.example/")}`,
    );
    await expect(page).toHaveURL(`${origin()}/ng/login?error=sso`);
    expect((await context.cookies()).some((c) => c.name === "rbqm_auth")).toBe(false);
  });
});
