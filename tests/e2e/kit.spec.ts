import type { Page } from "@playwright/test";
import { expect, sameOriginHeaders, test, waitForHydration } from "./support";

/**
 * The form, dialog and editable-list kit (docs/decisions/0023-forms-dialogs-and-lists.md), and the defects it makes
 * impossible: typing before hydration erased, a disabled button as the only explanation, a password echoed back.
 */
const project = () => test.info().project.name;
const MISMATCH = "The passwords are not the same. Please note that passwords are case-sensitive.";
const TOO_SHORT = "Please enter the password that is at least 11 characters long";

/**
 * Opens a page while its scripts are held back; returns the function that lets them through. Without JavaScript
 * nothing is held (the page has no scripts to run).
 */
async function openWithScriptsHeld(page: Page, address: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/ng/build/**", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(address, { waitUntil: "commit" });
  return release;
}

test.describe("typing before the page's scripts have run is kept", () => {
  test("/ng/login: the e-mail typed early survives hydration and is the one posted", async ({ page, javaScriptEnabled }) => {
    const release = await openWithScriptsHeld(page, "/ng/login");
    const email = page.getByRole("textbox", { name: "Enter your email" });
    await email.fill(`early-${project()}@e2e.example`);
    release();
    await waitForHydration(page, javaScriptEnabled);
    await expect(email).toHaveValue(`early-${project()}@e2e.example`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/ng\/login\/password$/);
    await expect(page.getByText(`login as early-${project()}@e2e.example`)).toBeVisible();
  });

  test("/ng/forgotPassword: the e-mail typed early survives hydration", async ({ page, javaScriptEnabled }) => {
    const release = await openWithScriptsHeld(page, "/ng/forgotPassword");
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill(`early-reset-${project()}@e2e.example`);
    release();
    await waitForHydration(page, javaScriptEnabled);
    await expect(email).toHaveValue(`early-reset-${project()}@e2e.example`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toContainText("we have sent it a link");
  });

  test("/ng/setNewPassword: both passwords typed early survive hydration", async ({ page, javaScriptEnabled }) => {
    const release = await openWithScriptsHeld(page, "/ng/setNewPassword?token=not-a-real-token&userId=6560de0000000000000000aa");
    await page.getByLabel("New password").fill("Typed-Early-2026");
    await page.getByLabel("Repeat password").fill("Typed-Early-2026");
    release();
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByLabel("New password")).toHaveValue("Typed-Early-2026");
    await expect(page.getByLabel("Repeat password")).toHaveValue("Typed-Early-2026");
    await page.getByRole("button", { name: "Set password" }).click();
    // The token is made up: the service answers that the link is out of date, which proves the post went through.
    await expect(page.getByRole("alert")).toContainText("The link you used is out of date");
  });
});

test.describe("a disabled button is never the only explanation", () => {
  test("/ng/setNewPassword says the passwords differ, and that one is too short, in both modes", async ({ page, javaScriptEnabled }) => {
    await page.goto("/ng/setNewPassword?token=not-a-real-token&userId=6560de0000000000000000aa");
    await waitForHydration(page, javaScriptEnabled);
    const submit = page.getByRole("button", { name: "Set password" });
    await page.getByLabel("New password").fill("Long-Enough-2026");
    await page.getByLabel("Repeat password").fill("Long-Enough-2027");
    if (javaScriptEnabled) {
      await expect(submit).toBeDisabled();
    } else {
      await submit.click();
    }
    const repeat = page.getByLabel("Repeat password");
    await expect(page.getByText(MISMATCH)).toBeVisible();
    // The message belongs to its field for assistive technology.
    await expect(repeat).toHaveAttribute("aria-invalid", "true");
    await expect(repeat).toHaveAccessibleDescription(MISMATCH);

    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("New password").fill("short");
    await page.getByLabel("Repeat password").fill("short");
    if (javaScriptEnabled) await expect(submit).toBeDisabled();
    else await submit.click();
    await expect(page.getByText(TOO_SHORT)).toBeVisible();
  });
});

test.describe("a secret is never echoed", () => {
  const SECRET = "Echo-Secret-Never-Back-7731";

  test("a password step post with an unknown intent returns no password, as a page or as data", async ({ page }) => {
    const headers = sameOriginHeaders();
    const first = await page.request.post("/ng/login", {
      form: { intent: "continue", email: `echo-${project()}@e2e.example` },
      headers,
      maxRedirects: 0,
    });
    expect(first.headers().location).toBe("/ng/login/password");
    for (const address of ["/ng/login/password", "/ng/login/password.data"]) {
      const answer = await page.request.post(address, { form: { intent: "bogus", password: SECRET }, headers, maxRedirects: 0 });
      expect(answer.status(), address).toBeLessThan(500);
      const body = await answer.text();
      expect(body.length, address).toBeGreaterThan(0);
      expect(body, address).not.toContain(SECRET);
    }
  });

  test("/ng/setNewPassword with an unknown intent returns neither password", async ({ page }) => {
    const headers = sameOriginHeaders();
    const query = "?token=not-a-real-token&userId=6560de0000000000000000aa";
    for (const address of [`/ng/setNewPassword${query}`, `/ng/setNewPassword.data${query}`]) {
      const answer = await page.request.post(address, {
        form: { intent: "bogus", token: "not-a-real-token", userId: "6560de0000000000000000aa", password: SECRET, confirmPassword: `${SECRET}-2` },
        headers,
        maxRedirects: 0,
      });
      expect(answer.status(), address).toBeLessThan(500);
      const body = await answer.text();
      expect(body.length, address).toBeGreaterThan(0);
      expect(body, address).not.toContain(SECRET);
    }
  });
});
