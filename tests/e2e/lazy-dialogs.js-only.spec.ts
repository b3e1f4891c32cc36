import type { Page } from "@playwright/test";
import { expect as baseExpect, holdChunk, signInAs, test, waitForHydration } from "./support";

/**
 * The editors' dialogs load their code when they first open (ADR 0051, app/components/lazy-part.tsx): a dialog asked
 * for right after hydration, while its chunk is still on its way, opens once it arrives and works (keyboard too); a
 * dialog the server rendered open (its address) hydrates as it stands, its chunk loaded before hydration. Without
 * scripts the server renders every dialog (tests/e2e/cpcd.spec.ts, js-off). Only DEMO-001's page is read: nothing is
 * saved.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const COMPANY = "6560de000000000000000001";
const ADMIN = "admin@demo-pharma.example";
const cpcdPage = `/ng/companies/${COMPANY}/studies/DEMO001/cpcd?cpOrCd=cp`;
const titles = (page: Page) => page.getByTestId("list-row").getByRole("textbox", { name: /^Title, row/ });
const toolbar = (page: Page) => page.getByTestId("list-toolbar");

/** Fails on any error the page logs (a hydration that threw the server's markup away logs one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("Add asked for while its chunk is held back opens when it arrives; Add and Delete work by keyboard", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await signInAs(page, ADMIN);
  const chunk = await holdChunk(page, "ListDialogs");
  await page.goto(cpcdPage);
  await waitForHydration(page, true);
  const count = await titles(page).count();
  // The dialogs' code is no part of the page's first visit.
  expect(chunk.asked.length > 0).toBe(false);

  await toolbar(page).getByRole("button", { name: "Add", exact: true }).click();
  await expect.poll(() => chunk.asked.length > 0).toBe(true);
  const add = page.getByRole("dialog", { name: "Add critical process" });
  await expect(add).toHaveCount(0);
  chunk.release();
  await expect(add).toBeVisible();
  await expect(add).toHaveAttribute("aria-modal", "true");
  await expect(add.getByLabel("Title", { exact: true })).toBeFocused();
  await page.keyboard.type("Loaded when opened");
  await add.getByRole("button", { name: "Add", exact: true }).press("Enter");
  await expect(add).toHaveCount(0);
  await expect(titles(page)).toHaveCount(count + 1);
  await expect(page.getByLabel(`Title, row ${count + 1}`, { exact: true })).toHaveValue("Loaded when opened");
  await expect(page.getByTestId("list-modified")).not.toBeEmpty();

  await page.getByRole("button", { name: `Delete row ${count + 1}` }).press("Enter");
  const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(titles(page)).toHaveCount(count);
  await expect(page.getByTestId("list-modified")).toBeEmpty();
  expect(errors).toEqual([]);
});

test("the import dialog the address opened hydrates as the server rendered it, and works", async ({ page }) => {
  const errors = consoleErrors(page);
  await signInAs(page, ADMIN);
  await page.goto(`${cpcdPage}&dialog=import`);
  const dialog = page.getByRole("dialog", { name: "Import critical processes" });
  await expect(dialog).toBeVisible();
  await waitForHydration(page, true);
  // Once hydrated it is the modal dialog, with its form's checks (the rationale is required).
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await dialog.getByLabel("Items, one per line").fill("A new process;Its details");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await dialog.getByLabel("Rationale for change").fill("Review");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeEnabled();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/cpcd\?cpOrCd=cp$/);
  expect(errors).toEqual([]);
});
