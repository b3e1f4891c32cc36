import type { Locator, Page } from "@playwright/test";
import { DEMO } from "@server/seed/demo";
import { simpleProtocolPdf } from "../support/protocol-files";
import { expect as baseExpect, holdChunk, signInAs, test, waitForHydration, waitForMail } from "./support";

/**
 * The editors' views hydrate when their chunk has come (ADR 0064, app/components/lazy-view.tsx). While a view's chunk
 * is held back the page is the server's HTML: the user types into a row, the router revalidates, the address changes
 * (a navigation within the page) and a toast shows (the study menu's load failed); then the chunk comes, the view
 * hydrates, and what was typed (a text box and a text area) is still there, with no React error: none of those updates
 * reached the dehydrated view (React #421 would have thrown its HTML away, and the typed text with it).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const study = `/ng/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}`;
const REACT_ERROR = /Minified React error|#421|#418|#423/;

test.describe.configure({ timeout: 180_000 });

/** The console's errors and the page's uncaught errors (React reports a recoverable error, #421 too, as one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const viewsPending = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lazyViewsPending?: number }).__lazyViewsPending ?? 0);

/** Updates of the page while its view waits for its code: a revalidation, a navigation to `probe`, a toast. */
async function updatesWhileHeld(page: Page, probe: string) {
  await page.evaluate(async () => {
    await (window as unknown as { __remixRouter: { revalidate: () => Promise<void> } }).__remixRouter.revalidate();
  });
  await page.evaluate(async (href) => {
    const router = (window as unknown as { __remixRouter: { navigate: (to: string, o: object) => Promise<void> } })
      .__remixRouter;
    await router.navigate(href, { replace: true, preventScrollReset: true });
  }, probe);
  await expect(page).toHaveURL(/probe=1/);
  // The study menu's list fails to load: the network toast (the shell's toast area) shows.
  const trigger = page.getByTestId("menu-study");
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await page.route("**/studyMenu**", (route) => route.abort("failed"), { times: 1 });
  await trigger.click();
  await expect(page.getByTestId("toast")).toHaveCount(1);
  await page.keyboard.press("Escape");
}

/** Opens `url` with the view's chunk held back, types `typed` into its fields, updates the page, then releases it. */
async function typeWhileHeld(page: Page, url: string, chunkName: string, fields: [Locator, string][]) {
  const errors = consoleErrors(page);
  const chunk = await holdChunk(page, chunkName);
  await page.goto(url);
  await waitForHydration(page, true, { views: false });
  await expect.poll(() => chunk.asked.length).toBe(1);
  for (const [field, text] of fields) await field.fill(text);
  await updatesWhileHeld(page, `${new URL(page.url()).pathname}${new URL(page.url()).search}&probe=1`);
  // Still the server's HTML, with what was typed.
  expect(await viewsPending(page)).toBe(1);
  for (const [field, text] of fields) await expect(field).toHaveValue(text);

  chunk.release();
  await waitForHydration(page, true);
  for (const [field, text] of fields) await expect(field).toHaveValue(text);
  expect(errors.filter((error) => REACT_ERROR.test(error))).toEqual([]);
}

test("CP&CD: typed while the editor's code is held back, kept through updates and hydration", async ({ page }) => {
  await signInAs(page, DEMO.users.admin.email);
  const title = page.getByLabel("Title, row 1", { exact: true });
  const details = page.getByLabel("Details, row 1", { exact: true });
  await typeWhileHeld(page, `${study}/cpcd?cpOrCd=cp`, "CpcdViews", [
    [title, "Typed before the editor's code"],
    [details, "Details typed before hydration"],
  ]);
  // The editor has hydrated with the typed rows: it counts them as edits, and Delete asks in place.
  await expect(page.getByTestId("list-modified")).not.toBeEmpty();
  await page.getByRole("button", { name: "Delete row 1" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm deletion" })).toBeVisible();
});

test("risk assessment results: typed while the view's code is held back, kept through updates and hydration", async ({
  page,
}) => {
  const manager = DEMO.users.manager;
  await signInAs(page, manager.email);
  const since = Date.now();
  await page.goto(`${study}/riskAssessment/identification`);
  await waitForHydration(page, true);
  await page.getByLabel("Protocol file").setInputFiles({
    name: "lazy-view.pdf",
    mimeType: "application/pdf",
    buffer: await simpleProtocolPdf(),
  });
  await page.getByRole("button", { name: "Create Risk Assessment" }).click();
  await expect(page.getByTestId("request-sent")).toBeVisible();
  const mail = await waitForMail(manager.email, since, 90_000, "lazy-view.pdf");
  const report = /https?:\/\/\S+riskAssessment\/results\?id=[0-9a-f]{24}/.exec(mail.text)![0];

  const row = page.getByTestId("risk-row").first();
  await typeWhileHeld(page, report, "ResultsPage", [[row.getByRole("textbox", { name: /^Question/ }), "Typed early"]]);
  // The view has hydrated: Delete asks in place.
  await row.getByRole("button", { name: /Delete row/ }).click();
  await expect(page.getByRole("dialog", { name: "Confirm deletion" })).toBeVisible();
});
