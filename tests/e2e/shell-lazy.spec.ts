import type { Page } from "@playwright/test";
import { DEMO } from "../../server/seed/demo";
import { expect, holdChunk, signInAs, test, waitForHydration } from "./support";

/**
 * The shell's code loaded after hydration (docs/decisions/0052-server-eager-client-lazy-shell-code.md): the dialogs'
 * implementations and the menus' keyboard code are chunks the browser asks for once the page has hydrated. Here each
 * chunk is held back, and the user acts in that window: a dialog asked for opens once its code has come, with nothing
 * lost and the keyboard working; a menu is the popover it is without script until then. Without JavaScript nothing
 * changes: the server renders every dialog and menu whole.
 */

const C = DEMO.company.id;
const STUDY = DEMO.studies.active.name;
const studyPage = `/ng/companies/${C}/studies/${STUDY}`;
const ADMIN = "admin@demo-pharma.example";

/** The first CDQ issue's details page of the demo study. */
async function issuePage(page: Page): Promise<string> {
  await page.goto(`${studyPage}/cdq`);
  const href = await page.getByRole("table").locator("tbody tr").first().getByRole("link").first().getAttribute("href");
  return new URL(href!, page.url()).pathname;
}

test.beforeEach(async ({ page }) => {
  test.slow();
  await signInAs(page, ADMIN);
});

test("a URL-state dialog clicked before its code has come opens once it has: in place, whole, keyboard and all", async ({
  page,
  javaScriptEnabled,
}) => {
  const issue = await issuePage(page);
  const chunk = await holdChunk(page, "DialogBox");
  await page.goto(issue);
  await waitForHydration(page, javaScriptEnabled);
  const trigger = page.getByRole("link", { name: "Update Status" });
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  if (!javaScriptEnabled) {
    // Without scripts the trigger is a link to the address that names the dialog: the server renders it, open.
    await trigger.click();
    await expect(page).toHaveURL(/\?dialog=updateStatus$/);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Comment")).toBeEditable();
    expect(chunk.asked).toEqual([]);
    return;
  }
  // The chunk is asked for after hydration and held: the click comes before it.
  await expect.poll(() => chunk.asked.length).toBe(1);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await trigger.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(issue);

  chunk.release();
  await expect(dialog).toBeVisible();
  // Opened in place (no document load, the address unchanged), modal, the focus inside it.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(new URL(page.url()).search).toBe("");
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  // The keyboard works in it: typing into a field, Tab staying inside, Escape leaving a static dialog open.
  await dialog.getByLabel("Comment").focus();
  await page.keyboard.type("Checked with the site.");
  await expect(dialog.getByLabel("Comment")).toHaveValue("Checked with the site.");
  await page.keyboard.press("Tab");
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // Once here, the next opening is at once.
  await trigger.click();
  await expect(dialog).toBeVisible();
  expect(chunk.asked).toHaveLength(1);
});

test("a server-rendered open dialog stays whole while its code is held, and works once it has come", async ({
  page,
  javaScriptEnabled,
}) => {
  const issue = await issuePage(page);
  const chunk = await holdChunk(page, "DialogBox");
  await page.goto(`${issue}?dialog=updateStatus`);
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Comment").fill("Typed before the code came.");
  if (!javaScriptEnabled) return;
  // A page with a dialog open asks for the dialog's code before it hydrates, and hydrates once it has come (ADR
  // 0052): meanwhile the server's markup, what was typed into it included, stays as it is.
  await expect.poll(() => chunk.asked.length).toBe(1);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Comment")).toHaveValue("Typed before the code came.");
  chunk.release();
  await waitForHydration(page, javaScriptEnabled);
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByLabel("Comment")).toHaveValue("Typed before the code came.");
  await dialog.getByRole("link", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${issue}$`));
});

test("the study list is the server's until the header's code has come; then it loads on opening, a failure a toast", async ({
  page,
  javaScriptEnabled,
}) => {
  // The study dropdown's loader comes with the menus' keyboard code, after hydration (ADR 0059).
  const chunk = await holdChunk(page, "menu-keys");
  const listAsked: string[] = [];
  page.on("request", (request) => {
    if (/\/studyMenu/.test(request.url())) listAsked.push(request.url());
  });
  await page.goto(studyPage);
  await waitForHydration(page, javaScriptEnabled);
  if (javaScriptEnabled) await expect.poll(() => chunk.asked.length).toBe(1);
  const trigger = page.getByTestId("menu-study");
  const panel = page.getByTestId("menu-study-content");
  // Before (and without scripts): the server's list in the platform's popover, the current study bold.
  await trigger.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId(`study-entry-${STUDY}`).locator("strong")).toBeVisible();
  await expect(panel.getByRole("link").first()).toHaveAttribute("href", /\/ng\/companies\//);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  expect(listAsked).toEqual([]);
  if (!javaScriptEnabled) {
    expect(chunk.asked).toEqual([]);
    return;
  }

  // The code has come: an opening asks for the list. A failed request is the network toast and a line in the menu.
  await page.route("**/studyMenu**", (route) => route.abort("failed"), { times: 1 });
  chunk.release();
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await trigger.click();
  await expect(panel).toContainText("The list could not be loaded.");
  await expect(page.getByTestId("toast")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // The next opening loads it again: "Loading" while the answer is held, then the list, the current study bold.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/studyMenu**", async (route) => {
    await held;
    await route.continue();
  });
  await trigger.click();
  await expect(panel).toContainText("Loading");
  answer();
  await expect(panel.getByTestId(`study-entry-${STUDY}`).locator("strong")).toBeVisible();
  await expect(panel.getByRole("menuitem")).not.toHaveCount(0);
  expect(listAsked).toHaveLength(2);
});
