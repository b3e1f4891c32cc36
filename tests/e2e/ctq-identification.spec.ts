import fs from "node:fs";
import path from "node:path";
import type { Download, Page } from "@playwright/test";
import { DEMO } from "@server/seed/demo";
import { findSharedProtocols } from "../support/shared-protocols";
import { CTQ_STUDIES } from "./fixtures/seed";
import { expect, expectAccessible, signInAs, test, untilCtqFinished, waitForHydration } from "./support";

/**
 * Issue 25, CTQ identification end to end, JavaScript on and off: a study manager fills the form from the company
 * lists, uploads roche-wa42380-covacta.docx, follows the request to Finished, edits and deletes items, downloads both
 * CSVs (their bytes), inserts processes and data into a study that already holds some of them, meets the overwrite
 * warning twice (processes, then data), continues, and finds the items on the study CP&CD page; Cancel clears the
 * rationale and inserts nothing; a failing second insert (data holding one label twice) leaves the processes inserted,
 * shows no success and keeps the confirmation open with the rationale and the error; a monitor sees the results without the insert menu.
 */
/** The project's own study (tests/e2e/fixtures/seed.ts CTQ_STUDIES), holding DEMO-001's lists: inserts stay in it. */
const studyPath = () =>
  `/ng/companies/${DEMO.company.id}/studies/${CTQ_STUDIES[test.info().project.name as "js-on" | "js-off"].name}`;
const manager = DEMO.users.manager;
const PROTOCOLS = findSharedProtocols();
if (!PROTOCOLS) throw new Error("The shared protocols were not found: set PROTOCOLS_DIR to ../shared/protocols.");
const PROTOCOL = path.join(PROTOCOLS, "roche-wa42380-covacta.docx");

test.describe.configure({ mode: "serial", timeout: 300_000 });

let report = "";

const saved = async (download: Download) => fs.readFileSync((await download.path())!).toString("utf8");

test("a study manager fills the form from the company lists and follows the request to Finished", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, manager.email);
  await page.goto(`${studyPath()}/protocolAnalysisTool`);
  await page.getByRole("link", { name: "Generate CTQ" }).click();
  await expect(page).toHaveURL(/ctqf\/identification$/);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "CTQ identification", level: 1 })).toBeVisible();
  await expect(page.getByTestId("ctq-warning")).toContainText("not saved company-wide");
  const processes = page.getByRole("textbox", { name: "Critical Processes" });
  const data = page.getByRole("textbox", { name: "Critical Data" });
  // The demo company has CP&CD: nothing is filled in by itself.
  await expect(processes).toHaveValue("");
  await page.getByRole("button", { name: "Identify CTQ" }).click();
  await expect(page.getByTestId("cpcd-error")).toHaveText("Add examples of CP&CD");
  await page.getByRole("button", { name: "Add company CP&CD" }).click();
  await expect(processes).toHaveValue(/^Informed consent; Consent obtained/);
  await expect(data).not.toHaveValue("");
  await expectAccessible(page);
  // No file: said on the field, the lists kept.
  await page.getByRole("button", { name: "Identify CTQ" }).click();
  await expect(page.getByTestId("upload-error")).toHaveText("Choose a protocol file (.pdf or .docx).");
  await expect(processes).toHaveValue(/^Informed consent; Consent obtained/);

  await page.getByLabel("Protocol file").setInputFiles({
    name: `covacta-ctq-${javaScriptEnabled ? "on" : "off"}.docx`,
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: fs.readFileSync(PROTOCOL),
  });
  await page.getByRole("button", { name: "Identify CTQ" }).click();
  const sent = page.getByTestId("request-sent");
  await expect(sent).toContainText("Your request was sent successfully.");
  await expectAccessible(page);
  await sent.getByTestId("follow-request").click();
  await expect(page).toHaveURL(/ctqf\/results\?id=/);
  report = page.url();
  await untilCtqFinished(page);
  await expect(page.getByRole("heading", { name: "AI-Enhanced Critical to Quality Factors", level: 1 })).toBeVisible();
  await expect(page.getByTestId("ai-caution")).toBeVisible();
  await expectAccessible(page);
});

test("edit and delete items, download both CSVs as edited", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, manager.email);
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  const processRows = page.getByTestId("ctq-row-criticalProcesses");
  const dataRows = page.getByTestId("ctq-row-criticalData");
  await expect(processRows.first()).toBeVisible();
  const count = await dataRows.count();
  expect(count).toBeGreaterThan(1);
  const title = `=1+1 CTQ e2e ${javaScriptEnabled ? "on" : "off"}`;
  await processRows
    .first()
    .getByRole("textbox", { name: /^Title/ })
    .fill(title);
  await dataRows
    .last()
    .getByRole("button", { name: /Delete row/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(dataRows).toHaveCount(count - 1);
  await expect(processRows.first().getByRole("textbox", { name: /^Title/ })).toHaveValue(title);

  const [cp] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-criticalProcesses").click()]);
  expect(cp.suggestedFilename()).toBe("criticalProcesses.csv");
  const cpText = await saved(cp);
  expect(cpText.startsWith("\uFEFFtitle;details\r\n")).toBe(true);
  // A formula-like cell gets an apostrophe and quotes (001 §9, OWASP).
  expect(cpText).toContain(`\r\n"'${title}";`);
  expect(cpText.endsWith("\r\n")).toBe(true);
  const [cd] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-criticalData").click()]);
  expect(cd.suggestedFilename()).toBe("criticalData.csv");
  const cdText = await saved(cd);
  expect(cdText.startsWith("\uFEFFisCritical;label;description\r\n")).toBe(true);
  expect(cdText.split("\r\n").filter(Boolean)).toHaveLength(count);
});

/** The Insert in study menu (the house menu button, ADR 0024/0049): a popover of submit buttons, a menu with script. */
async function openInsert(page: Page, item: string) {
  await page.getByTestId("menu-ctq-insert").click();
  await page.getByTestId("menu-ctq-insert-content").getByText(item, { exact: true }).click();
}

/** With script, the WAI-ARIA menu button: arrows move, Escape closes onto the button, Enter opens the confirmation. */
async function insertByKeyboard(page: Page) {
  const trigger = page.getByTestId("menu-ctq-insert");
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await trigger.focus();
  await page.keyboard.press("ArrowDown");
  const items = page.getByRole("menu").getByRole("menuitem");
  await expect(items).toHaveText([
    "Insert critical processes and data",
    "Insert critical processes only",
    "Insert critical data only",
  ]);
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(2)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("Enter");
}

test("insert into a study that holds some of the items: the overwrite warning, Continue, the study's lists", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, manager.email);
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  const mode = javaScriptEnabled ? "on" : "off";
  const processRows = page.getByTestId("ctq-row-criticalProcesses");
  const dataRows = page.getByTestId("ctq-row-criticalData");
  // One item of each list as the study already has it (the demo study's lists), one new.
  await processRows
    .nth(0)
    .getByRole("textbox", { name: /^Title/ })
    .fill("Informed consent");
  await processRows
    .nth(1)
    .getByRole("textbox", { name: /^Title/ })
    .fill(`CTQ process ${mode}`);
  await dataRows
    .nth(0)
    .getByRole("textbox", { name: /^Label/ })
    .fill("Date of informed consent");
  await dataRows
    .nth(1)
    .getByRole("textbox", { name: /^Label/ })
    .fill(`CTQ datum ${mode}`);

  // Cancel on the warning: nothing more inserted, the rationale cleared.
  await openInsert(page, "Insert critical processes only");
  let dialog = page.getByRole("dialog", { name: "Update critical processes" });
  await dialog.getByRole("textbox", { name: /Rationale for change/ }).fill("Cancelled insert");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  let warning = page.getByRole("dialog", { name: "Duplicate value found" });
  await expect(warning.getByTestId("duplicates-criticalProcesses")).toContainText("Informed consent");
  await expectAccessible(page);
  await warning.getByRole("button", { name: "Cancel" }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByTestId("insert-success")).toHaveCount(0);

  await openInsert(page, "Insert critical processes and data");
  dialog = page.getByRole("dialog", { name: "Update critical processes and critical data" });
  const rationale = dialog.getByRole("textbox", { name: /Rationale for change/ });
  await expect(rationale).toHaveValue("");
  await rationale.fill(`From the CTQ identification (${mode})`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  warning = page.getByRole("dialog", { name: "Duplicate value found" });
  await expect(warning.getByTestId("duplicates-criticalProcesses")).toContainText("Informed consent");
  await warning.getByRole("button", { name: "Continue" }).click();
  // Processes are in; data meets its own duplicates, and Continue inserts data only.
  await expect(warning.getByTestId("duplicates-criticalData")).toContainText("Date of informed consent");
  await warning.getByRole("button", { name: "Continue" }).click();
  const success = page.getByTestId("insert-success");
  await expect(success).toContainText("Success!");
  const link = success.getByRole("link", { name: /Critical Processes and Data/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expectAccessible(page);
  // The edits stay on the page.
  await expect(processRows.nth(1).getByRole("textbox", { name: /^Title/ })).toHaveValue(`CTQ process ${mode}`);

  await page.goto(`${studyPath()}/cpcd`);
  await expect(
    page.getByRole("textbox", { name: /Title/ }).and(page.locator(`[value="CTQ process ${mode}"]`)),
  ).toHaveCount(1);
  await page.goto(`${studyPath()}/cpcd?cpOrCd=cd`);
  await expect(page.getByRole("textbox").and(page.locator(`[value="CTQ datum ${mode}"]`))).toHaveCount(1);
  // Both imports are in the study's audit trail with the rationale.
  await page.goto(`${studyPath()}/audit`);
  await expect(
    page.getByTestId("audit-entry").filter({ hasText: `From the CTQ identification (${mode})` }),
  ).toHaveCount(2);
});

test("a failing second insert (data holding one label twice): processes in, no success, the confirmation open", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, manager.email);
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  const mode = javaScriptEnabled ? "on" : "off";
  const processRows = page.getByTestId("ctq-row-criticalProcesses");
  const dataRows = page.getByTestId("ctq-row-criticalData");
  await expect(processRows.first()).toBeVisible();
  // Every item new to the study, so that nothing meets the overwrite warning; two data labels the same but for case.
  const processCount = await processRows.count();
  for (let i = 0; i < processCount; i++)
    await processRows
      .nth(i)
      .getByRole("textbox", { name: /^Title/ })
      .fill(`Failing insert ${mode} process ${i}`);
  const dataCount = await dataRows.count();
  expect(dataCount).toBeGreaterThan(1);
  for (let i = 0; i < dataCount; i++)
    await dataRows
      .nth(i)
      .getByRole("textbox", { name: /^Label/ })
      .fill(i === 1 ? `FAILING insert ${mode} twin` : `Failing insert ${mode} ${i === 0 ? "twin" : `datum ${i}`}`);

  if (javaScriptEnabled) await insertByKeyboard(page);
  else await openInsert(page, "Insert critical processes and data");
  const dialog = page.getByRole("dialog", { name: "Update critical processes and critical data" });
  const rationale = dialog.getByRole("textbox", { name: /Rationale for change/ });
  await rationale.fill(`Failing insert (${mode})`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  // 001 §4: no success, the confirmation stays open with the rationale and a clear error.
  await expect(dialog.getByTestId("insert-error")).toContainText(
    `“FAILING insert ${mode} twin” is in the list more than once`,
  );
  await expect(rationale).toHaveValue(`Failing insert (${mode})`);
  await expect(page.getByTestId("insert-success")).toHaveCount(0);
  await expectAccessible(page);
  // The processes went in first (seen in another tab: this one keeps its edits).
  const other = await page.context().newPage();
  await other.goto(`${studyPath()}/cpcd`);
  await expect(other.getByRole("textbox").and(other.locator(`[value="Failing insert ${mode} process 0"]`))).toHaveCount(
    1,
  );
  await other.goto(`${studyPath()}/cpcd?cpOrCd=cd`);
  await expect(other.getByRole("textbox").and(other.locator(`[value="Failing insert ${mode} twin"]`))).toHaveCount(0);

  // The user closes the confirmation, renames one label, and inserts the data: no overwrite warning for processes.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  if (javaScriptEnabled) await expect(page.getByTestId("menu-ctq-insert")).toBeFocused();
  await dataRows
    .nth(1)
    .getByRole("textbox", { name: /^Label/ })
    .fill(`Failing insert ${mode} renamed`);
  await openInsert(page, "Insert critical data only");
  const data = page.getByRole("dialog", { name: "Update critical data" });
  await data.getByRole("textbox", { name: /Rationale for change/ }).fill(`Failing insert fixed (${mode})`);
  await data.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("insert-success")).toContainText("Success!");
  await other.goto(`${studyPath()}/cpcd?cpOrCd=cd`);
  for (const label of [`Failing insert ${mode} twin`, `Failing insert ${mode} renamed`])
    await expect(other.getByRole("textbox").and(other.locator(`[value="${label}"]`))).toHaveCount(1);
  await other.goto(`${studyPath()}/cpcd`);
  await expect(other.getByRole("textbox").and(other.locator(`[value="Failing insert ${mode} process 0"]`))).toHaveCount(
    1,
  );
  await other.close();
});

test("a monitor sees the results without the insert menu", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, DEMO.users.monitor.email);
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByTestId("ctq-criticalProcesses")).toBeVisible();
  await expect(page.getByTestId("insert-menu")).toHaveCount(0);
});
