import type { Page } from "@playwright/test";
import { expect, expectAccessible, sameOriginHeaders, test, waitForHydration, waitForMail } from "./support";

const PASSWORD = "Rbqm-Demo-2026";
const project = () => test.info().project.name;
const account = (role: "user" | "mfa" | "reset" | "refresh") => `${role}-${project()}@e2e.example`;

async function enterEmail(page: Page, email: string, javaScriptEnabled: boolean) {
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("textbox", { name: "Enter your email" }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function enterPassword(page: Page, password: string, javaScriptEnabled: boolean) {
  await expect(page).toHaveURL(/\/ng\/login\/password$/);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signIn(page: Page, email: string, javaScriptEnabled: boolean, password = PASSWORD) {
  await page.goto("/ng/login");
  await enterEmail(page, email, javaScriptEnabled);
  await enterPassword(page, password, javaScriptEnabled);
  await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000001$/);
}

const codeFrom = (text: string) => /\b(\d{8})\b/.exec(text)?.[1] ?? "";

test.describe("sign-in", () => {
  test("e-mail → password → the continue address; signed in, the login page goes on to /", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await page.goto(`/ng/login?continue=${encodeURIComponent("/ng/error?errorMessage=welcome")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("sign in");
    await expect(page.getByRole("textbox", { name: "Enter your email" })).toHaveAttribute(
      "placeholder",
      "enter your email",
    );
    await expectAccessible(page);
    await enterEmail(page, `  ${account("user")} `, javaScriptEnabled);
    await expect(page.getByText(`login as ${account("user")}`)).toBeVisible();
    await expectAccessible(page);
    await enterPassword(page, PASSWORD, javaScriptEnabled);
    await expect(page).toHaveURL(/\/ng\/error\?errorMessage=welcome$/);

    const cookie = (await context.cookies()).find((c) => c.name === "rbqm_auth");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookie!.value).not.toContain("eyJ"); // sealed: no readable JWT in the browser
    expect((await context.cookies()).find((c) => c.name === "rbqm_login")).toBeUndefined();

    await page.goto("/ng/");
    await expect(page.getByTestId("signed-in-user")).toHaveText(`E2E user ${project()}`);
    await page.goto("/ng/login");
    await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000001$/);
  });

  test("a page that needs sign-in sends the visitor to /ng/login with continue", async ({ page }) => {
    await page.goto("/ng/");
    await expect(page).toHaveURL(/\/ng\/login$/);
    await page.goto("/ng/login/password");
    await expect(page).toHaveURL(/\/ng\/login$/);
    await page.goto("/ng/login/code");
    await expect(page).toHaveURL(/\/ng\/login$/);
  });

  test("a wrong password shows the reasons; 'Sign in as another user' starts again", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/login");
    await enterEmail(page, account("user"), javaScriptEnabled);
    await enterPassword(page, "not-the-password", javaScriptEnabled);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("We could not sign you in. Please make sure that:");
    await expect(alert).toContainText("you are using the correct email address");
    await expect(alert).toContainText("you didn't get the case of one of the letters in your password wrong");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign in as another user" }).click();
    await expect(page).toHaveURL(/\/ng\/login$/);
    await page.goto("/ng/login/password");
    await expect(page).toHaveURL(/\/ng\/login$/);
  });

  test("continue is kept only as a same-origin path, on the page and in a forged post", async ({ page, request }) => {
    for (const bad of [
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "%2F%2Fevil.example",
      "/ng/%0d%0aSet-Cookie:x=1",
      "https://evil.example/",
    ]) {
      await page.goto(`/ng/login?continue=${encodeURIComponent(bad)}`);
      await expect(page.locator('input[name="continue"]')).toHaveValue("/ng/");
    }
    const first = await request.post("/ng/login", {
      form: { intent: "continue", email: account("user"), continue: "//evil.example/steal" },
      headers: sameOriginHeaders(),
      maxRedirects: 0,
    });
    expect(first.headers().location).toBe("/ng/login/password");
    const second = await request.post("/ng/login/password", {
      form: { intent: "signIn", password: PASSWORD },
      headers: sameOriginHeaders(),
      maxRedirects: 0,
    });
    expect(second.status()).toBe(302);
    expect(second.headers().location).toBe("/ng/");
  });

  test("an unknown address is asked for a password like any other", async ({ page, javaScriptEnabled }) => {
    await page.goto("/ng/login");
    await enterEmail(page, `nobody-${project()}@e2e.example`, javaScriptEnabled);
    await expect(page).toHaveURL(/\/ng\/login\/password$/);
  });

  test("a blocked account is denied with the spec's text", async ({ page, javaScriptEnabled }) => {
    await page.goto("/ng/login");
    await enterEmail(page, "blocked@demo-pharma.example", javaScriptEnabled);
    await enterPassword(page, PASSWORD, javaScriptEnabled);
    await expect(page.getByRole("alert")).toHaveText(
      "Dear Customer, your account is restricted from signing into our system. Please contact your administrator or RBQM Studio Support team.",
    );
    await expect(page).toHaveURL(/\/ng\/login\/password$/);
  });

  test("e-mailed code: wrong code, resend, the new code signs in", async ({ page, javaScriptEnabled }) => {
    await page.goto("/ng/login");
    await enterEmail(page, account("mfa"), javaScriptEnabled);
    const first = Date.now();
    await enterPassword(page, PASSWORD, javaScriptEnabled);
    await expect(page).toHaveURL(/\/ng\/login\/code$/);
    await expect(page.getByText(account("mfa"))).toBeVisible();
    await expectAccessible(page);
    const firstCode = codeFrom((await waitForMail(account("mfa"), first)).text);
    expect(firstCode).toMatch(/^\d{8}$/);

    await waitForHydration(page, javaScriptEnabled);
    const wrong = firstCode === "00000000" ? "11111111" : "00000000";
    await page.getByLabel("Verification code").fill(wrong);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("the code did not expire");

    const second = Date.now();
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("button", { name: "resend code" }).click();
    await expect(page.getByRole("status")).toHaveText("The code was sent successfully.");
    const secondMail = await waitForMail(account("mfa"), second);
    const secondCode = codeFrom(secondMail.text);
    expect(secondMail.subject).toContain("sign-in code");

    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Verification code").fill(secondCode);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000001$/);
    await expect(page.getByTestId("signed-in-user")).toHaveText(`E2E mfa ${project()}`);
  });

  test("forgot password → e-mailed link → set a new password → sign in with it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/login");
    await enterEmail(page, account("reset"), javaScriptEnabled);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/ng\/forgotPassword\?email=/);
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(account("reset"));
    await expectAccessible(page);
    await waitForHydration(page, javaScriptEnabled);
    const since = Date.now();
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toContainText("we have sent it a link");
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();
    await expect(page.getByRole("link", { name: "sign in as another user" })).toBeVisible();

    const mail = await waitForMail(account("reset"), since);
    const link = /https?:\/\/\S+\/ng\/setNewPassword\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expectAccessible(page);
    await waitForHydration(page, javaScriptEnabled);
    const newPassword = `New-Pass-${project()}-2026`;
    await page.getByLabel("New password").fill("short");
    await page.getByLabel("Repeat password").fill("short");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Set password" }).click();
    else await page.getByLabel("New password").blur();
    await expect(page.getByText("Please enter the password that is at least 11 characters long")).toBeVisible();

    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Repeat password").fill(newPassword);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password has been changed");
    await expect(page.getByRole("button", { name: "Set password" })).toBeDisabled();

    // The link works once.
    await page.goto(link!);
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("New password").fill(`${newPassword}-again`);
    await page.getByLabel("Repeat password").fill(`${newPassword}-again`);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("alert")).toContainText("The link you used is out of date");

    await signIn(page, account("reset"), javaScriptEnabled, newPassword);
  });

  test("a failed single sign-on comes back to the login page with a message", async ({ page }) => {
    await page.goto("/ng/login?error=sso");
    await expect(page.getByRole("alert")).toHaveText(
      "Single sign-on did not succeed. Please try again, or contact your administrator.",
    );
  });

  test("an expired access token is refreshed without the user noticing", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, account("refresh"), javaScriptEnabled);
    const before = (await context.cookies()).find((c) => c.name === "rbqm_auth")!.value;
    // The e2e service issues 20-second access tokens; past three quarters of that the app refreshes.
    await page.waitForTimeout(16_000);
    await page.goto("/ng/");
    await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000001$/);
    await expect(page.getByTestId("signed-in-user")).toHaveText(`E2E refresh ${project()}`);
    const after = (await context.cookies()).find((c) => c.name === "rbqm_auth")!.value;
    expect(after).not.toBe(before);
    // And again, with the rotated refresh token.
    await page.waitForTimeout(16_000);
    await page.reload();
    await expect(page.getByTestId("signed-in-user")).toBeVisible();
  });

  test("Log Out ends the session: the start page asks for sign-in again", async ({ page, javaScriptEnabled }) => {
    await signIn(page, account("user"), javaScriptEnabled);
    await waitForHydration(page, javaScriptEnabled);
    // Log Out lives in the user menu of the header.
    await page.getByTestId("menu-user").click();
    await page.getByTestId("nav-logOut").click();
    await expect(page).toHaveURL(/\/ng\/logoff$/);
    await page.goto("/ng/");
    await expect(page).toHaveURL(/\/ng\/login$/);
  });
});
