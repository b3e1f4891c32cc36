import { DEMO } from "../../server/seed/demo";
import { expect, holdChunk, signInAs, test, waitForHydration } from "./support";

/**
 * The shell's code loaded after hydration (docs/decisions/0052-server-eager-client-lazy-shell-code.md), with
 * JavaScript only: without it the outside link leads to /ng/leave and the menus are the platform's popovers
 * (tests/e2e/shell.spec.ts). The confirmation's implementation and the menus' keyboard code are held back, and the
 * user acts in that window: the confirmation opens once its code has come; a menu is its popover until then.
 */

const C = DEMO.company.id;
const STUDY = DEMO.studies.active.name;
const studyPage = `/ng/companies/${C}/studies/${STUDY}`;
const ADMIN = "admin@demo-pharma.example";

test.beforeEach(async ({ page }) => {
  test.slow();
  await signInAs(page, ADMIN);
});

test("a confirmation asked for before its code has come opens once it has (an outside link in the user menu)", async ({
  page,
  javaScriptEnabled,
}) => {
  const chunk = await holdChunk(page, "ConfirmDialogBox");
  await page.goto(studyPage);
  await waitForHydration(page, javaScriptEnabled);
  await page.getByTestId("menu-user").click();
  const designer = page.getByTestId("nav-studyDesigner");
  await designer.click();
  await expect.poll(() => chunk.asked.length).toBe(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${studyPage}$`));
  chunk.release();
  const dialog = page.getByRole("dialog", { name: "Warning" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("external-address")).toHaveText(/^https:\/\/designer\.rbqm\.example\/app\?/);
  // Cancel, the safe choice, has the focus: Enter closes the dialog and nothing is opened.
  await expect(dialog.getByTestId("confirm-cancel")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${studyPage}$`));
});

test("a menu is its popover until its keyboard code has come, then a WAI-ARIA menu button", async ({
  page,
  javaScriptEnabled,
}) => {
  const chunk = await holdChunk(page, "menu-keys");
  await page.goto(studyPage);
  await waitForHydration(page, javaScriptEnabled);
  await expect.poll(() => chunk.asked.length).toBe(1);
  const trigger = page.getByTestId("menu-help");
  const panel = page.getByTestId("menu-help-content");
  // Before: the platform's popover, plain links, no menu roles (as without script).
  await expect(trigger).not.toHaveAttribute("aria-haspopup");
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(panel.locator("a, button, [aria-disabled]").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  chunk.release();
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await trigger.focus();
  await page.keyboard.press("ArrowDown");
  await expect(panel).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  const items = panel.getByRole("menuitem");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();
});
