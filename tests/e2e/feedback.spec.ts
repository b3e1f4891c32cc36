import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/** The company administrator may call everything in Demo Pharma, nothing in Northwind (server/seed/demo.ts). */
const ALLOWED = "api/companies/6560de000000000000000001/get";
const DENIED = "api/companies/6560de000000000000000002/get";
const WARNING_TEXT = "You are about to navigate to a page outside of the system. Are you sure you wish to proceed?";
const NETWORK_TEXT = "There was an error while sending a request to the server. Please reload the page and try again.";
const CLASSIC_TEXT = "This page belongs to the classic application, which this deployment doesn't include.";

async function openTestApi(page: Page, javaScriptEnabled: boolean, path = "/ng/testApi") {
  await signInAs(page, "admin@demo-pharma.example");
  await page.goto(path);
  // The title, not the heading: once a modal dialog of the address is open, the rest of the page is inert (hidden
  // from assistive technology and from role queries).
  await expect(page).toHaveTitle("RBQM Studio - Test API");
  await waitForHydration(page, javaScriptEnabled);
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const checkSection = (page: Page) => page.getByRole("region", { name: "Permission check" });
const inlineSection = (page: Page) => page.getByRole("region", { name: "Check without leaving the page" });

async function postCheck(page: Page, address: string) {
  await checkSection(page).getByLabel("Permission address").fill(address);
  await checkSection(page).getByRole("button", { name: "Check", exact: true }).click();
}

test.describe("toasts", () => {
  test("a posted form redirects and its toast shows, in the polite live region; Close removes it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTestApi(page, javaScriptEnabled);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    // The live region is there before any toast, so additions are announced.
    const area = page.getByRole("region", { name: "Messages" });
    await expect(area.getByTestId("toast-area")).toHaveAttribute("aria-live", "polite");

    await postCheck(page, ALLOWED);
    await expect(page).toHaveURL(new RegExp(`/ng/testApi\\?address=${encodeURIComponent(ALLOWED)}&result=Allow$`));
    const shown = toast(page, `Allow: ${ALLOWED}`);
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute("data-type", "information");
    await expect(area.getByTestId("toast-area")).toContainText(`Allow: ${ALLOWED}`);
    await expect(checkSection(page).getByTestId("last-result")).toHaveText(`Last result: ${ALLOWED}: Allow`);
    await expectAccessible(page);

    await waitForHydration(page, javaScriptEnabled);
    await shown.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    // The page itself is unchanged (without JavaScript Close reloads it; the flash was used up).
    await expect(checkSection(page).getByTestId("last-result")).toHaveText(`Last result: ${ALLOWED}: Allow`);
    await page.reload();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("with JavaScript a toast leaves by itself after 5 s; without, it stays", async ({ page, javaScriptEnabled }) => {
    await openTestApi(page, javaScriptEnabled);
    await postCheck(page, DENIED);
    const shown = toast(page, `Deny: ${DENIED}`);
    await expect(shown).toBeVisible();
    if (javaScriptEnabled) {
      await expect(shown).toHaveCount(0, { timeout: 12_000 });
    } else {
      await page.waitForTimeout(6_000);
      await expect(shown).toBeVisible();
    }
    await expect(checkSection(page).getByTestId("last-result")).toHaveText(`Last result: ${DENIED}: Deny`);
  });

  test("an invalid post shows the field error and no toast", async ({ page, javaScriptEnabled }) => {
    await openTestApi(page, javaScriptEnabled);
    const check = checkSection(page).getByRole("button", { name: "Check", exact: true });
    const address = checkSection(page).getByLabel("Permission address");
    if (javaScriptEnabled) {
      // With scripts the button waits for a valid form (001 §5), and leaving the field says why.
      await expect(check).toBeDisabled();
      await address.fill("x");
      await address.fill("");
      await expect(check).toBeDisabled();
    } else {
      await check.click();
    }
    await expect(checkSection(page).getByText("Please enter an address.")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });
});

test.describe("loading", () => {
  test("a navigation shows the progress bar; the fetcher form disables its part, shows a spinner and a toast", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTestApi(page, javaScriptEnabled);
    const inline = inlineSection(page);
    const url = page.url();
    if (!javaScriptEnabled) {
      // Without JavaScript the fetcher's form is an ordinary post that answers with the page.
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await inline.getByLabel("Permission address").fill(ALLOWED);
      await inline.getByRole("button", { name: "Check here" }).click();
      await expect(inline.getByTestId("inline-result")).toHaveText(`${ALLOWED}: Allow`);
      await expect(toast(page, `Allow: ${ALLOWED}`)).toBeVisible();
      return;
    }

    // Requests to the page's action wait until the test has looked at the busy state.
    let release = () => {};
    let gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/ng\/testApi\.data/, async (route) => {
      if (route.request().method() === "POST") await gate;
      await route.continue();
    });

    // A navigation (form post): the global bar.
    await postCheck(page, ALLOWED);
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await expect(bar).toBeVisible();
    release();
    await expect(toast(page, `Allow: ${ALLOWED}`)).toBeVisible();
    await expect(bar).toHaveCount(0);

    // A fetcher: partial loading, no navigation, no global bar.
    gate = new Promise<void>((resolve) => (release = resolve));
    const here = page.url();
    await inline.getByLabel("Permission address").fill(DENIED);
    await inline.getByRole("button", { name: "Check here" }).click();
    await expect(inline.getByRole("group", { name: "Check without leaving the page" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    await expect(inline.getByRole("button", { name: "Check here" })).toBeDisabled();
    await expect(inline.getByLabel("Permission address")).toBeDisabled();
    await expect(inline.getByTestId("spinner")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    release();
    await expect(inline.getByTestId("inline-result")).toHaveText(`${DENIED}: Deny`);
    await expect(toast(page, `Deny: ${DENIED}`)).toBeVisible();
    await expect(inline.getByRole("button", { name: "Check here" })).toBeEnabled();
    await expect(inline.getByTestId("spinner")).toHaveCount(0);
    expect(page.url()).toBe(here);
    expect(here).not.toBe(url);

    // No answer at all: the network-error toast, in danger style, and the page stays.
    await page.unroute(/\/ng\/testApi\.data/);
    await page.route(/\/ng\/testApi\.data/, (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await inline.getByRole("button", { name: "Check here" }).click();
    const failed = toast(page, NETWORK_TEXT);
    await expect(failed).toBeVisible();
    await expect(failed).toHaveAttribute("data-type", "error");
    await expect(inline.getByRole("button", { name: "Check here" })).toBeEnabled();
    await expectAccessible(page);
  });
});

test.describe("confirmation dialog", () => {
  test("Clear asks first: the dialog is static, Cancel closes it, Confirm posts and a warning toast shows", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTestApi(page, javaScriptEnabled, `/ng/testApi?address=${encodeURIComponent(ALLOWED)}&result=Allow`);
    const trigger = page.getByRole("link", { name: "Clear", exact: true });
    const dialog = page.getByRole("dialog", { name: "Clear the result" });
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toHaveAttribute("href", /[?&]dialog=clear$/);

    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Do you want to clear the last permission check result?");
    if (javaScriptEnabled) {
      // Opened in place as a modal dialog, the URL untouched; focus is inside.
      await expect(dialog).toHaveAttribute("aria-modal", "true");
      expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
      await expect(page).not.toHaveURL(/dialog=/);
      await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
      // Static: neither Escape nor a click on the backdrop closes it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 400);
      await expect(dialog).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/ng\/testApi\?.*dialog=clear$/);
    }
    await expectAccessible(page);

    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page.getByTestId("last-result")).toBeVisible();
    if (javaScriptEnabled) await expect(trigger).toBeFocused();

    await waitForHydration(page, javaScriptEnabled);
    await trigger.click();
    await dialog.getByRole("button", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/ng\/testApi$/);
    const cleared = toast(page, "The result was cleared.");
    await expect(cleared).toBeVisible();
    await expect(cleared).toHaveAttribute("data-type", "warning");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("last-result")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("opened by its address, the dialog is rendered by the server; Cancel leaves the URL state", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTestApi(page, javaScriptEnabled, "/ng/testApi?dialog=clear");
    const dialog = page.getByRole("dialog", { name: "Clear the result" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/ng/testApi");
    await waitForHydration(page, javaScriptEnabled);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/ng\/testApi$/);
  });
});

test.describe("external links", () => {
  test("a link outside the system asks first ('Warning'), then opens the address in a new tab", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    // No network needed: the outside site is answered here.
    await context.route("https://example.org/**", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Example</title><p>outside</p>",
      }),
    );
    await openTestApi(page, javaScriptEnabled);
    const link = page.getByRole("link", { name: "Example website (outside the system)" });
    await expect(link).toHaveAttribute("href", "/ng/leave?to=https%3A%2F%2Fexample.org%2F");
    await link.click();

    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Warning" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(WARNING_TEXT);
      await expect(dialog).toContainText("https://example.org/");
      await expect(page).toHaveURL(/\/ng\/testApi$/);
      await expectAccessible(page);
      const proceed = dialog.getByRole("link", { name: "Proceed" });
      await expect(proceed).toHaveAttribute("target", "_blank");
      await expect(proceed).toHaveAttribute("rel", "noopener noreferrer");
      const opened = context.waitForEvent("page");
      await proceed.click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toBe("https://example.org/");
      await expect(tab.getByText("outside")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(link).toBeFocused();
      await tab.close();
      // Cancel keeps the user here.
      await link.click();
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/ng\/testApi$/);
    } else {
      await expect(page).toHaveURL(/\/ng\/leave\?to=https%3A%2F%2Fexample\.org%2F$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warning");
      await expect(page.getByText(WARNING_TEXT)).toBeVisible();
      await expect(page.getByTestId("external-address")).toHaveText("https://example.org/");
      const proceed = page.getByRole("link", { name: "Proceed" });
      await expect(proceed).toHaveAttribute("href", "https://example.org/");
      await expect(proceed).toHaveAttribute("target", "_blank");
      await expect(proceed).toHaveAttribute("rel", "noopener noreferrer");
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/ng\/testApi$/);
    }
  });

  test("/ng/leave needs no sign-in and offers only absolute http(s) addresses", async ({ page }) => {
    const ok = await page.goto(`/ng/leave?to=${encodeURIComponent("https://example.org/a?b=1")}`);
    expect(ok?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warning");
    await expect(page.getByText(WARNING_TEXT)).toBeVisible();
    await expect(page.getByRole("link", { name: "Proceed" })).toHaveAttribute("href", "https://example.org/a?b=1");
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/ng/");
    await expectAccessible(page);

    for (const bad of [
      "javascript:alert(1)",
      "/ng/",
      "//evil.example/",
      "data:text/html,x",
      "https://user:pw@example.org/",
    ]) {
      const response = await page.goto(`/ng/leave?to=${encodeURIComponent(bad)}`);
      expect(response?.status(), bad).toBe(400);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This address cannot be opened");
      await expect(page.getByRole("link", { name: "Proceed" })).toHaveCount(0);
    }
    expect((await page.goto("/ng/leave"))?.status()).toBe(400);
    await expectAccessible(page);
  });
});

test.describe("legacy pages", () => {
  test("a page of the classic application answers 404 with a clear text and a link to /ng/", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTestApi(page, javaScriptEnabled);
    const legacy = page.getByRole("link", { name: "Dashboard of DEMO001 (classic application)" });
    await expect(legacy).toHaveAttribute("href", "/db?studyName=DEMO001");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/db"),
      legacy.click(),
    ]);
    expect(response.status()).toBe(404);
    await expect(page).toHaveURL(/\/db\?studyName=DEMO001$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is part of the classic application");
    await expect(page.getByText(CLASSIC_TEXT)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/ng/");
    await expect(page).toHaveTitle("RBQM Studio - Classic application page");
    await expectAccessible(page);

    for (const path of [
      "/patients/study/DEMO001/patient/S-001",
      "/viewMitigation?name=M1&studyName=DEMO001",
      "/yourAccount?welcome",
    ]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(page.getByText(CLASSIC_TEXT)).toBeVisible();
    }
    // Anything else outside /ng/ stays the normal 404.
    const other = await page.goto("/no-such-page");
    expect(other?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByText(CLASSIC_TEXT)).toHaveCount(0);
  });

  test("/ng/testApi needs sign-in", async ({ page }) => {
    await page.goto("/ng/testApi");
    await expect(page).toHaveURL(/\/ng\/login\?continue=%2Fng%2FtestApi$/);
  });
});
