import { expect, signInAs, test, waitForHydration } from "./support";

/**
 * Issue 9: a network failure during a navigation keeps the page and shows the network toast of 000 §8, instead of the
 * crash screen. Scripts only (see playwright.config.ts): without them the browser itself shows that it is offline.
 */
test("a network failure during a navigation keeps the page and shows the network toast", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await signInAs(page, `user-${test.info().project.name}@e2e.example`);
  await page.goto("/ng/companies/6560de000000000000000001");
  await waitForHydration(page, javaScriptEnabled);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  await context.setOffline(true);
  await page.getByRole("link", { name: "Open the study overview: DEMO-002" }).click();
  // One toast for the one failed navigation (its data and its code both failed to load).
  await expect(
    page.getByText("There was an error while sending a request to the server. Please reload the page and try again."),
  ).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
  await expect(page.getByText("Umm... That wasn't supposed to happen")).toHaveCount(0);
  await context.setOffline(false);
});

test("a network failure while the study dropdown loads its list keeps the page and shows the network toast", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await signInAs(page, `user-${test.info().project.name}@e2e.example`);
  await page.goto("/ng/companies/6560de000000000000000001/studies/DEMO001");
  await waitForHydration(page, javaScriptEnabled);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  // The menu fetches its list once its code has come after hydration (ADR 0059); before that it is the server's popover.
  await expect(page.getByTestId("menu-study")).toHaveAttribute("aria-haspopup", "menu");
  await context.setOffline(true);
  await page.getByTestId("menu-study").click();
  await expect(
    page.getByText("There was an error while sending a request to the server. Please reload the page and try again."),
  ).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
  await expect(page.getByText("Umm... That wasn't supposed to happen")).toHaveCount(0);
  // The menu says the list could not be loaded, instead of loading for ever; opening it again tries again.
  await expect(page.getByTestId("menu-study-content")).toHaveText(
    "The list could not be loaded. Open the menu again to retry.",
  );
  await context.setOffline(false);
  await page.keyboard.press("Escape");
  await page.getByTestId("menu-study").click();
  await expect(page.getByTestId("study-entry-DEMO001")).toBeVisible();
});

test("the study dropdown's list failing a second time (its code already loaded) keeps the page too", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await signInAs(page, `user-${test.info().project.name}@e2e.example`);
  await page.goto("/ng/companies/6560de000000000000000001/studies/DEMO001");
  await waitForHydration(page, javaScriptEnabled);
  const menu = page.getByTestId("menu-study");
  await expect(menu).toHaveAttribute("aria-haspopup", "menu"); // its code has come (ADR 0059)
  await menu.click();
  await expect(page.getByTestId("study-entry-DEMO002")).toBeVisible();
  await page.keyboard.press("Escape");
  await context.setOffline(true);
  await menu.click();
  await expect(
    page.getByText("There was an error while sending a request to the server. Please reload the page and try again."),
  ).toHaveCount(1);
  await expect(page.getByText("Umm... That wasn't supposed to happen")).toHaveCount(0);
  // The list loaded before stays to choose from.
  await expect(page.getByTestId("study-entry-DEMO002")).toBeVisible();
  await context.setOffline(false);
});
