import type { Page } from "@playwright/test";
import { CPCD_STUDIES } from "./fixtures/seed";
import { expect as baseExpect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/** Posts that save wait on a machine shared with other work: more time than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Critical Processes and Data (issue 12; 001 §2, §4, §5, §6, §8): the study editor and the company editor, with and
 * without JavaScript, with axe. Lists that change are the project's own study (tests/e2e/fixtures/seed.ts: DEMO-001's
 * lists), so the two projects never save over each other; DEMO-001 and DEMO-002 are read.
 */
const COMPANY = "6560de000000000000000001";
const ADMIN = "admin@demo-pharma.example";
const DUPLICATE = "This title already exists";
const project = () => test.info().project.name as "js-on" | "js-off";
const studyName = () => CPCD_STUDIES[project()].name;
const cpcdPage = (study: string, tab?: string) =>
  `/ng/companies/${COMPANY}/studies/${study}/cpcd${tab === undefined ? "" : `?cpOrCd=${tab}`}`;
const titles = (page: Page) => page.getByTestId("list-row").getByRole("textbox", { name: /^Title, row/ });
const toolbar = (page: Page) => page.getByTestId("list-toolbar");
const success = (page: Page) => page.getByTestId("toast").filter({ hasText: "Success!" });

async function open(page: Page, address: string, javaScriptEnabled: boolean) {
  await page.goto(address);
  await waitForHydration(page, javaScriptEnabled);
}

// One study per project, changed step by step: the tests of a project run in order.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.describe("study CP&CD editor", () => {
  test("the tab comes from cpOrCd, normalised in the address; title, subtitle, Ask AI to CTQ identification", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage("DEMO001", "nonsense"), javaScriptEnabled);
    await expect(page).toHaveURL(new RegExp(`${cpcdPage("DEMO001", "cp").replace("?", "\\?")}$`));
    await open(page, cpcdPage("DEMO001"), javaScriptEnabled);
    await expect(page).toHaveURL(/cpcd\?cpOrCd=cp$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Critical Processes and Data (Study level)");
    await expect(page.getByText("Configure study-specific critical processes and data.")).toBeVisible();
    await expect(page).toHaveTitle(/Critical Processes and Data \(Study level\)/);
    // Ask AI leads to CTQ identification (issue 25).
    const askAi = page.getByTestId("cpcd-ask-ai");
    await expect(askAi).toHaveAttribute("href", /\/studies\/DEMO001\/ctqf\/identification$/);
    await expect(page.getByTestId("cpcd-ask-ai-reason")).toHaveCount(0);
    await expect(page.getByTestId("cpcd-tab-cp")).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Title, row 1", { exact: true })).toHaveValue("Informed consent");
    await expectAccessible(page);

    await page.getByTestId("cpcd-tab-cd").click();
    await expect(page).toHaveURL(/cpcd\?cpOrCd=cd$/);
    await expect(page.getByTestId("cpcd-tab-cd")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("columnheader")).toHaveText(["Is Critical?", "Title", "Details", "Actions"]);
    await expect(page.getByLabel("Title, row 1", { exact: true })).toHaveValue("Date of informed consent");
    await expect(page.getByLabel("Is Critical?, row 1", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Is Critical?, row 6", { exact: true })).not.toBeChecked();
    await expectAccessible(page);
  });

  test("processes: add, edit, delete after confirmation, a duplicate refused on its row, save; reload keeps them", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage(studyName(), "cp"), javaScriptEnabled);
    const save = toolbar(page).getByRole("button", { name: "Save changes" });
    await expect(titles(page)).toHaveCount(7);
    if (javaScriptEnabled) await expect(save).toBeDisabled();

    await page.getByLabel("Title, row 1").fill("Informed consent and re-consent");
    await toolbar(page).getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add critical process" });
    await expect(add).toBeVisible();
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent and re-consent");
    await expectAccessible(page);
    await add.getByLabel("Title", { exact: true }).fill("  RANDOMISATION ");
    // With scripts Add waits while the draft is invalid, the field saying why (001 §5; issue 24, defect 11).
    if (javaScriptEnabled) {
      await add.getByLabel("Title", { exact: true }).blur();
      await expect(add.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
    } else await add.getByRole("button", { name: "Add", exact: true }).click();
    await expect(add.getByLabel("Title", { exact: true })).toHaveAccessibleDescription(DUPLICATE);
    await add.getByLabel("Title", { exact: true }).fill(" Central data review ");
    await add.getByLabel("Details").fill("Monthly listings reviewed by the data manager.");
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await expect(add).toHaveCount(0);
    await expect(titles(page)).toHaveCount(8);
    await expect(page.getByLabel("Title, row 8")).toHaveValue("Central data review");

    await page.getByRole("button", { name: "Delete row 2" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
    await expect(confirm).toContainText("It cannot be undone.");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(titles(page)).toHaveCount(7);
    await expect(page.getByLabel("Title, row 2")).toHaveValue("Randomisation");

    // A title that differs only in case is refused on the later row.
    await page.getByLabel("Title, row 7").fill("randomisation");
    if (javaScriptEnabled) await expect(save).toBeDisabled();
    else await save.click();
    await expect(page.getByLabel("Title, row 7")).toHaveAccessibleDescription(DUPLICATE);
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent and re-consent");
    await page.getByLabel("Title, row 7").fill("Central data review");

    if (javaScriptEnabled) {
      // Leaving with unsaved changes asks, in the spec's words (001 §4); Cancel stays, with the edits.
      await page.getByTestId("cpcd-tab-cd").click();
      const guard = page.getByRole("dialog", { name: "Unsaved changes" });
      await expect(guard).toContainText(
        "You have unsaved changes made which will be lost. Are you sure you want to proceed and discard these changes?",
      );
      await guard.getByRole("link", { name: "Cancel" }).click();
      await expect(guard).toHaveCount(0);
      await expect(page).toHaveURL(/cpcd\?cpOrCd=cp$/);
      await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent and re-consent");
    }

    await save.click();
    await expect(success(page)).toBeVisible();
    await expect(page).toHaveURL(/cpcd\?cpOrCd=cp$/);
    await page.reload();
    await expect(titles(page)).toHaveCount(7);
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent and re-consent");
    await expect(page.getByLabel("Title, row 2")).toHaveValue("Randomisation");
    await expect(page.getByLabel("Title, row 7")).toHaveValue("Central data review");
    await expect(page.getByLabel("Details, row 7")).toHaveValue("Monthly listings reviewed by the data manager.");
  });

  test("data: Is Critical?, add, delete after confirmation, save; reload keeps them", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage(studyName(), "cd"), javaScriptEnabled);
    await expect(titles(page)).toHaveCount(8);
    await page.getByLabel("Is Critical?, row 6").check();
    await page.getByLabel("Details, row 6").fill("Central laboratory; hyperkalaemia above 5.5 mmol/L.");
    await toolbar(page).getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add critical data" });
    await expect(add).toBeVisible();
    await expectAccessible(page);
    await add.getByLabel("Title", { exact: true }).fill("eGFR");
    await add.getByLabel("Is Critical?").check();
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await expect(add).toHaveCount(0);
    await expect(page.getByLabel("Title, row 9")).toHaveValue("eGFR");
    await expect(page.getByLabel("Is Critical?, row 9")).toBeChecked();
    await expect(page.getByLabel("Is Critical?, row 6")).toBeChecked();

    await page.getByRole("button", { name: "Delete row 8" }).click();
    await page.getByRole("dialog", { name: "Confirm deletion" }).getByRole("button", { name: "Delete" }).click();
    await expect(titles(page)).toHaveCount(8);
    await toolbar(page).getByRole("button", { name: "Save changes" }).click();
    await expect(success(page)).toBeVisible();

    await page.reload();
    await expect(titles(page)).toHaveCount(8);
    await expect(page.getByLabel("Is Critical?, row 6")).toBeChecked();
    await expect(page.getByLabel("Details, row 6")).toHaveValue("Central laboratory; hyperkalaemia above 5.5 mmol/L.");
    await expect(page.getByLabel("Title, row 8")).toHaveValue("eGFR");
    await expect(page.getByLabel("Is Critical?, row 8")).toBeChecked();
    await expect(page.getByText("Concomitant antihypertensives")).toHaveCount(0);
  });

  test("a stale save shows the conflict, and the user's edits stay on screen", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage(studyName(), "cp"), javaScriptEnabled);
    await page.getByLabel("Title, row 3").fill("Randomisation by IRT");

    // Meanwhile, in another browser, someone saves the same list.
    const other = await browser.newContext({ javaScriptEnabled, baseURL: test.info().project.use.baseURL });
    try {
      const otherPage = await other.newPage();
      await signInAs(otherPage, ADMIN);
      await open(otherPage, cpcdPage(studyName(), "cp"), javaScriptEnabled);
      await otherPage.getByLabel("Details, row 1").fill("Changed in another browser.");
      await toolbar(otherPage).getByRole("button", { name: "Save changes" }).click();
      await expect(success(otherPage)).toBeVisible();
    } finally {
      await other.close();
    }

    await toolbar(page).getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Someone else changed this list" })).toBeVisible();
    await expect(page.getByLabel("Title, row 3")).toHaveValue("Randomisation by IRT");
    await expect(success(page)).toHaveCount(0);
    await expectAccessible(page);
    // Saving again is refused again: nothing is overwritten until the list is reloaded.
    await toolbar(page).getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Someone else changed this list" })).toBeVisible();
    await page.goto(cpcdPage(studyName(), "cp"));
    await expect(page.getByLabel("Details, row 1")).toHaveValue("Changed in another browser.");
    await expect(page.getByLabel("Title, row 3")).not.toHaveValue("Randomisation by IRT");
  });

  test("import with duplicates: the overwrite question lists them, Continue imports; the CSV export escapes formulas", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage(studyName(), "cp"), javaScriptEnabled);
    await page.getByTestId("cpcd-import").click();
    const dialog = page.getByRole("dialog", { name: "Import critical processes" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("Items, one per line").fill("RANDOMISATION;Through the new IRT\n=1+2;Looks like a formula");
    await dialog.getByLabel("Rationale for change").fill("CTQ workshop outcome");
    await dialog.getByRole("button", { name: "Import" }).click();

    const overwrite = page.getByRole("dialog", { name: "Duplicate value found" });
    await expect(overwrite).toBeVisible();
    await expect(overwrite.getByTestId("cpcd-duplicates")).toHaveText("RANDOMISATION");
    await expectAccessible(page);
    await overwrite.getByRole("button", { name: "Continue" }).click();
    await expect(success(page)).toBeVisible();
    await expect(overwrite).toHaveCount(0);
    await expect(page.getByLabel("Title, row 2")).toHaveValue("RANDOMISATION");
    await expect(page.getByLabel("Details, row 2")).toHaveValue("Through the new IRT");
    await expect(titles(page).last()).toHaveValue("=1+2");

    const csv = await page.request.get(`${cpcdPage(studyName())}/export?cpOrCd=cp`);
    expect(csv.headers()["content-disposition"]).toBe('attachment; filename="criticalProcesses.csv"');
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    expect(text.startsWith("title;details\r\n")).toBe(true);
    expect(text).toContain("\r\nRANDOMISATION;Through the new IRT\r\n");
    // The escaped formula cell is quoted (server/http/csv.ts), so a spreadsheet shows it as text.
    expect(text).toContain(`\r\n"'=1+2";Looks like a formula\r\n`);
    const data = await page.request.get(`${cpcdPage(studyName())}/export?cpOrCd=cd`);
    expect(data.headers()["content-disposition"]).toBe('attachment; filename="criticalData.csv"');
    expect((await data.text()).replace(/^\uFEFF/, "")).toMatch(/^isCritical;label;description\r\ntrue;/);
  });

  test("an import's mistakes are said in the dialog; the rationale is required", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage(studyName(), "cd"), javaScriptEnabled);
    await page.getByTestId("cpcd-import").click();
    const dialog = page.getByRole("dialog", { name: "Import critical data" });
    // A file is read only if its content is text, whatever its name and type.
    const file = dialog.getByLabel("File (CSV or text)");
    await file.setInputFiles({ name: "list.csv", mimeType: "text/csv", buffer: Buffer.from([0x50, 0x4b, 3, 4, 0, 0]) });
    await dialog.getByLabel("Rationale for change").fill("Review");
    await dialog.getByRole("button", { name: "Import" }).click();
    await expect(file).toHaveAccessibleDescription("The file is not a text file. Choose a CSV file saved as UTF-8.");
    await file.setInputFiles([]);
    await dialog.getByLabel("Rationale for change").fill("");
    await dialog.getByLabel("Items, one per line").fill(";no title\nAE;x\nae;y");
    if (javaScriptEnabled) {
      await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
      await expect(dialog.getByLabel("Rationale for change")).toHaveAccessibleDescription("This field is required");
    } else {
      await dialog.getByRole("button", { name: "Import" }).click();
      await expect(dialog.getByLabel("Rationale for change")).toHaveAccessibleDescription("This field is required");
    }
    await dialog.getByLabel("Rationale for change").fill("Review");
    await dialog.getByRole("button", { name: "Import" }).click();
    const problems = dialog.getByRole("alert");
    await expect(problems).toContainText("Line 1: a title is required.");
    await expect(problems).toContainText("Line 3: this title is already on line 2.");
    await expect(dialog.getByLabel("Items, one per line")).toHaveValue(";no title\nAE;x\nae;y");
    await expectAccessible(page);
  });

  test("the monitor sees the lists read-only, without Ask AI; no-access is sent to the error page", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, "monitor@demo-pharma.example");
    await open(page, cpcdPage("DEMO001", "cd"), javaScriptEnabled);
    await expect(page.getByTestId("cpcd-read-only")).toBeVisible();
    await expect(page.getByRole("cell", { name: "Date of informed consent" })).toBeVisible();
    await expect(page.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("Yes");
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByTestId("cpcd-ask-ai")).toHaveCount(0);
    await expect(page.getByTestId("cpcd-import")).toHaveCount(0);
    await expect(page.getByTestId("cpcd-export")).toBeVisible();
    await expectAccessible(page);

    await page.context().clearCookies();
    await signInAs(page, "noaccess@demo-pharma.example");
    await page.goto(cpcdPage("DEMO001", "cp"));
    await expect(page).toHaveURL(/\/ng\/error\?/);
    await expect(page.getByRole("alert")).toContainText("You lack the permissions to view this page.");
  });

  test("DEMO-002 shows the empty state on both tabs", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, ADMIN);
    await open(page, cpcdPage("DEMO002", "cp"), javaScriptEnabled);
    await expect(page.getByTestId("list-empty")).toHaveText(
      "No critical processes or data are configured for this study.",
    );
    await open(page, cpcdPage("DEMO002", "cd"), javaScriptEnabled);
    await expect(page.getByTestId("list-empty")).toHaveText(
      "No critical processes or data are configured for this study.",
    );
    await expectAccessible(page);
  });
});

test.describe("company CP&CD editor", () => {
  test("the company menu leads to it; its own wording; one list saved per project", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, ADMIN);
    await open(page, `/ng/companies/${COMPANY}`, javaScriptEnabled);
    await page.getByTestId("menu-riskManagement").click();
    const entry = page.getByTestId("menu-riskManagement-content").getByTestId("nav-companyCpcd");
    await expect(entry).toHaveAttribute("href", `/ng/companies/${COMPANY}/cpcd`);
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/ng/companies/${COMPANY}/cpcd\\?cpOrCd=cp$`));
    // js-on changes the company's processes, js-off its data: the projects never save the same list.
    const tab = javaScriptEnabled ? "cp" : "cd";
    await open(page, `/ng/companies/${COMPANY}/cpcd?cpOrCd=${tab}`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Critical Processes and Data (Company level)");
    await expect(page.getByTestId("cpcd-ask-ai")).toHaveCount(0);
    await expect(page.getByTestId("cpcd-import")).toHaveCount(0);
    if (tab === "cd") await expect(page.getByRole("columnheader")).toHaveText(["Title", "Details", "Actions"]);
    await expect(titles(page)).toHaveCount(tab === "cp" ? 10 : 12);
    await expectAccessible(page);
    await toolbar(page).getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: tab === "cp" ? "Add critical process" : "Add critical data" });
    await add.getByLabel("Title", { exact: true }).fill(`Company item ${project()}`);
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await toolbar(page).getByRole("button", { name: "Save changes" }).click();
    await expect(success(page)).toBeVisible();
    await page.reload();
    await expect(titles(page).last()).toHaveValue(`Company item ${project()}`);
  });
});
