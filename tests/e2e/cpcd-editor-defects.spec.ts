import type { Locator, Page } from "@playwright/test";
import { EDITOR_STUDIES } from "./fixtures/seed";
import { expect as baseExpect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/** Posts that save wait on a machine shared with other work: more time than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Issue 24, "CP&CD and audit: defects found" (7-14) and the rationale on every save (ADR 0044), with JavaScript on
 * and off, with axe. Lists that change are the project's own study (tests/e2e/fixtures/seed.ts EDITOR_STUDIES:
 * DEMO-001's lists), so neither cpcd.spec.ts nor the other project is disturbed.
 */
const COMPANY = "6560de000000000000000001";
const ADMIN = "admin@demo-pharma.example";
const DUPLICATE = "This title already exists";
const TOO_LARGE = "The form was too large to be accepted (more than 1024 KB).";
const studyName = () => EDITOR_STUDIES[test.info().project.name as "js-on" | "js-off"].name;
const studyPage = (path: string) => `/ng/companies/${COMPANY}/studies/${studyName()}/${path}`;
const toolbar = (page: Page) => page.getByTestId("list-toolbar");
const listForm = (page: Page) => page.locator("form#cpcd-cp");

async function open(page: Page, address: string, javaScriptEnabled: boolean) {
  await page.goto(address);
  await waitForHydration(page, javaScriptEnabled);
}

/** A file of `bytes` bytes of CSV text. */
const csvFile = (name: string, bytes: number) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`title;details\n${"x".repeat(bytes)}`),
});

/** The header's controls (the bell, Help, the user's menu and every other link or button) a toast must not cover. */
async function expectHeaderUncovered(page: Page, toast: Locator) {
  const box = (await toast.boundingBox())!;
  const controls = page.locator("header").locator("a:visible, button:visible");
  const count = await controls.count();
  expect(count).toBeGreaterThan(2);
  for (let index = 0; index < count; index += 1) {
    const control = (await controls.nth(index).boundingBox())!;
    const overlaps =
      box.x < control.x + control.width &&
      control.x < box.x + box.width &&
      box.y < control.y + control.height &&
      control.y < box.y + box.height;
    expect(overlaps, `toast over header control ${index}: ${JSON.stringify(control)}`).toBe(false);
  }
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("defect 9: the duplicate message is on the row the user changed, not on the untouched one", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, ADMIN);
  for (const [tab, untouched] of [
    ["cp", 3],
    ["cd", 5],
  ] as const) {
    await open(page, studyPage(`cpcd?cpOrCd=${tab}`), javaScriptEnabled);
    const existing = await page.getByLabel(`Title, row ${untouched}`).inputValue();
    await page.getByLabel("Title, row 2").fill(` ${existing.toUpperCase()} `);
    if (!javaScriptEnabled) await toolbar(page).getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByLabel("Title, row 2")).toHaveAccessibleDescription(DUPLICATE);
    await expect(page.getByLabel("Title, row 2")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(`Title, row ${untouched}`)).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(`Title, row ${untouched}`)).toHaveAccessibleDescription("");
    if (tab === "cp") await expectAccessible(page);
  }
});

test("a rationale rides with the save into the audit entry; the Success toast covers none of the header's controls (defect 14)", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, ADMIN);
  const marker = `Inspector asked (${test.info().project.name})`;
  for (const [width, height, details] of [
    [1366, 768, "Reviewed at 1366"],
    [390, 844, "Reviewed at 390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await open(page, studyPage("cpcd?cpOrCd=cp"), javaScriptEnabled);
    await page.getByLabel("Details, row 1").fill(details);
    const rationale = listForm(page).getByLabel("Rationale for change");
    await expect(rationale).toHaveAccessibleDescription("Recorded in the audit trail with this change.");
    await rationale.fill(`${marker} ${width}`);
    if (width === 1366) await expectAccessible(page);
    await toolbar(page).getByRole("button", { name: "Save changes" }).click();
    const toast = page.getByTestId("toast").filter({ hasText: "Success!" });
    await expect(toast).toBeVisible();
    await expectHeaderUncovered(page, toast);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, studyPage("audit"), javaScriptEnabled);
  await expect(page.getByTestId("audit-entry").first()).toContainText(`${marker} 390`);
});

test("defect 10: Save on an unchanged list saves nothing, records nothing and says so", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, ADMIN);
  await open(page, studyPage("audit"), javaScriptEnabled);
  const newest = async () =>
    page
      .getByTestId("audit-entry")
      .first()
      .getByRole("link", { name: /^View audit entry / })
      .getAttribute("aria-label");
  const before = await newest();
  await open(page, studyPage("cpcd?cpOrCd=cp"), javaScriptEnabled);
  const save = toolbar(page).getByRole("button", { name: "Save changes" });
  if (javaScriptEnabled) {
    // With scripts Save waits for a change (001 §4); an edit undone is no change.
    await expect(save).toBeDisabled();
    const first = await page.getByLabel("Details, row 1").inputValue();
    await page.getByLabel("Details, row 1").fill(`${first} x`);
    await expect(save).toBeEnabled();
    await page.getByLabel("Details, row 1").fill(first);
    await expect(save).toBeDisabled();
  } else {
    await save.click();
    await expect(
      page.getByTestId("toast").filter({ hasText: "Nothing to save: the list has no changes." }),
    ).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: "Success!" })).toHaveCount(0);
  }
  await open(page, studyPage("audit"), javaScriptEnabled);
  expect(await newest()).toBe(before);
});

test("defect 7: after Cancel in 'Duplicate value found', Import opens again", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, ADMIN);
  await open(page, studyPage("cpcd?cpOrCd=cp"), javaScriptEnabled);
  const importDialog = page.getByRole("dialog", { name: "Import critical processes" });
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await page.getByTestId("cpcd-import").click();
    await expect(importDialog).toBeVisible();
    await importDialog.getByLabel("Items, one per line").fill("Randomisation;Again");
    await importDialog.getByLabel("Rationale for change").fill("Workshop");
    await importDialog.getByRole("button", { name: "Import" }).click();
    const question = page.getByRole("dialog", { name: "Duplicate value found" });
    await expect(question).toBeVisible();
    await expect(importDialog).toHaveCount(0);
    await question
      .getByRole("button", { name: "Cancel" })
      .or(question.getByRole("link", { name: "Cancel" }))
      .click();
    await expect(question).toHaveCount(0);
  }
  await page.getByTestId("cpcd-import").click();
  await expect(importDialog).toBeVisible();
  await expectAccessible(page);
});

test("defect 8, the class: every form that posts a file, over the limit, says so in place and keeps the edits", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, ADMIN);
  // 1. The CP&CD import (the study's: the company's lists have no import).
  await open(page, studyPage("cpcd?cpOrCd=cp"), javaScriptEnabled);
  const edited = `Unsaved edit (${test.info().project.name})`;
  await page.getByLabel("Details, row 1").fill(edited);
  await page.getByTestId("cpcd-import").click();
  const importDialog = page.getByRole("dialog", { name: "Import critical processes" });
  await importDialog.getByLabel("File (CSV or text)").setInputFiles(csvFile("big.csv", 2 * 1024 * 1024));
  await importDialog.getByLabel("Rationale for change").fill("Too big");
  const importButton = importDialog.getByRole("button", { name: "Import" });
  if (javaScriptEnabled) {
    // Checked before anything is posted: the field says why, Import waits.
    await expect(importDialog.getByLabel("File (CSV or text)")).toHaveAccessibleDescription(
      "The file is larger than 512 KB.",
    );
    await expect(importButton).toBeDisabled();
    // A post the browser cannot check (1.2 MB of pasted text in 400,000 characters) meets the service's limit:
    // the answer is said in the dialog, and the page, its edits included, stays.
    await importDialog.getByLabel("File (CSV or text)").setInputFiles([]);
    await importDialog.getByLabel("Items, one per line").fill(`Title;${"€".repeat(400_000)}`);
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await expect(importDialog.getByTestId("form-refused")).toContainText(TOO_LARGE);
    await expect(page.getByLabel("Details, row 1")).toHaveValue(edited);
    await expect(importDialog.getByLabel("Rationale for change")).toHaveValue("Too big");
  } else {
    await importButton.click();
    // The page again, the import dialog open with the reason in it.
    await expect(importDialog.getByTestId("form-refused")).toContainText(TOO_LARGE);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Critical Processes and Data (Study level)");
  await expectAccessible(page);

  // 2. The kit's sample form on the test page (a file field among others).
  await open(page, "/ng/testHeader", javaScriptEnabled);
  const sample = page.locator("form#sample");
  await sample.getByLabel("Title", { exact: true }).fill("Kept title");
  await sample.getByLabel("Email", { exact: true }).fill("kept@example.com");
  await sample.getByLabel("Category").selectOption({ index: 1 });
  await sample.getByLabel("File", { exact: true }).setInputFiles(csvFile("big.csv", 2 * 1024 * 1024));
  await sample.getByRole("button", { name: "Check" }).click();
  if (javaScriptEnabled) {
    await expect(sample.getByTestId("form-refused")).toContainText(TOO_LARGE);
    await expect(sample.getByLabel("Title", { exact: true })).toHaveValue("Kept title");
  } else {
    await expect(page.getByTestId("toast").filter({ hasText: TOO_LARGE })).toBeVisible();
  }
  // 3. The protocol uploads pass files on to the API as they arrive: their limit (UPLOAD_MAX_BYTES) is said on
  // their form, with and without scripts (tests/e2e/protocol-analysis.spec.ts, "bad uploads are refused").
});

test("defect 11: Add and the audit export's Download wait while their form is invalid, as Import does (001 §5)", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, ADMIN);
  await open(page, studyPage("cpcd?cpOrCd=cp"), javaScriptEnabled);
  await toolbar(page).getByRole("button", { name: "Add", exact: true }).click();
  const add = page.getByRole("dialog", { name: "Add critical process" });
  const addButton = add.getByRole("button", { name: "Add", exact: true });
  const importButton = () => page.getByRole("dialog", { name: "Import critical processes" }).getByRole("button");
  if (javaScriptEnabled) {
    await expect(addButton).toBeDisabled();
    await add.getByLabel("Title", { exact: true }).fill("Randomisation");
    await expect(addButton).toBeDisabled();
    await add.getByLabel("Title", { exact: true }).fill("Source data verification");
    await expect(addButton).toBeEnabled();
    await add.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("cpcd-import").click();
    await expect(importButton().filter({ hasText: "Import" })).toBeDisabled();
  } else {
    // Without scripts every button posts; the server says what is wrong (the same rules).
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await expect(add.getByLabel("Title", { exact: true })).toHaveAccessibleDescription("This field is required");
  }

  await open(page, studyPage("audit?dialog=export"), javaScriptEnabled);
  const exportDialog = page.getByRole("dialog", { name: "Download audit entries as CSV" });
  const download = exportDialog.getByRole("button", { name: "Download" });
  await exportDialog.getByLabel("From date").fill("2026-03-10");
  await exportDialog.getByLabel("To date").fill("2026-03-01");
  if (javaScriptEnabled) {
    await expect(download).toBeDisabled();
    await expect(exportDialog.getByLabel("From date")).toHaveAccessibleDescription(
      '"From" date must be earlier than or equal to "To" date',
    );
    await expectAccessible(page);
    await exportDialog.getByLabel("To date").fill("2026-03-20");
    await expect(download).toBeEnabled();
  } else {
    await download.click();
    await expect(exportDialog.getByLabel("From date")).toHaveAccessibleDescription(
      '"From" date must be earlier than or equal to "To" date',
    );
  }
});

test("defect 12: More Actions reads as the page's buttons, its label and chevron on one line", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, ADMIN);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, studyPage("audit"), javaScriptEnabled);
    const more = page.getByTestId("menu-audit-more-actions");
    const download = page
      .getByRole("link", { name: "Download as CSV" })
      .or(page.getByRole("button", { name: "Download as CSV" }));
    const [moreBox, downloadBox] = [(await more.boundingBox())!, (await download.first().boundingBox())!];
    // One line, the height of its neighbour; nothing spills out of it.
    expect(Math.abs(moreBox.height - downloadBox.height)).toBeLessThanOrEqual(2);
    const chevron = (await more.locator("svg").boundingBox())!;
    expect(chevron.y + chevron.height).toBeLessThanOrEqual(moreBox.y + moreBox.height);
    expect(chevron.x + chevron.width).toBeLessThanOrEqual(moreBox.x + moreBox.width);
    expect(await more.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expectAccessible(page);
});
