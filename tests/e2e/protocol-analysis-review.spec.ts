import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO } from "@server/seed/demo";
import { findSharedProtocols } from "../support/shared-protocols";
import { expect, expectAccessible, signInAs, test, waitForHydration, waitForMail } from "./support";

/**
 * Issue 24: a reviewer reads and checks the AI risk rows of a real protocol's report (novartis-clik066b2204, analysed
 * once per project by the offline analyzer), JavaScript on and off: the review layout at 390, 1366 and 1920 px
 * (defect 2), the evidence of a row, the category filter, and Insert in RACT that keeps the table and asks before a
 * second insert (defect 3). Screenshots of the results page at the three widths go into the test's output.
 */
const study = `/ng/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}`;
const manager = DEMO.users.manager;
// The real protocols are read where they are (DEVELOPERS.md): beside this clone, or beside the one it was cloned from.
const PROTOCOLS = findSharedProtocols();
if (!PROTOCOLS) throw new Error("The shared protocols were not found: set PROTOCOLS_DIR to ../shared/protocols.");
const PROTOCOL = path.join(PROTOCOLS, "novartis-clik066b2204.pdf");

test.describe.configure({ mode: "serial", timeout: 240_000 });

let report = "";

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, manager.email);
  await page.goto(`${study}/riskAssessment/identification`);
  const name = `novartis-review-${testInfo.project.name}.pdf`;
  const since = Date.now();
  await page
    .getByLabel("Protocol file")
    .setInputFiles({ name, mimeType: "application/pdf", buffer: fs.readFileSync(PROTOCOL) });
  await page.getByRole("button", { name: "Create Risk Assessment" }).click();
  await expect(page.getByTestId("request-sent")).toBeVisible();
  const mail = await waitForMail(manager.email, since, 180_000, name);
  report = /https?:\/\/\S+riskAssessment\/results\?id=[0-9a-f]{24}/.exec(mail.text)![0];
  await context.close();
});

async function openReport(page: Page, javaScriptEnabled: boolean, width = 1366) {
  await page.setViewportSize({ width, height: 900 });
  await signInAs(page, manager.email);
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  const rows = page.getByTestId("risk-row");
  await expect(rows.first()).toBeVisible();
  return rows;
}

/** Every visible text box and select of the rows: its width, and whether its text needs scrolling. */
const boxes = (page: Page) =>
  page.locator("[data-testid=risk-row] textarea, [data-testid=risk-row] select").evaluateAll((elements) =>
    elements
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({
        name: (e as HTMLTextAreaElement).name,
        width: e.getBoundingClientRect().width,
        scrolls: e.scrollHeight > e.clientHeight + 2,
      })),
  );

test("a reviewer reads every row in full at 390, 1366 and 1920 px", async ({ page, javaScriptEnabled }, testInfo) => {
  for (const width of [390, 1366, 1920]) {
    const rows = await openReport(page, javaScriptEnabled, width);
    expect(await rows.count()).toBeGreaterThan(5);
    // Before the checks, so that a failing layout leaves its pictures too: the whole page, and its first screen.
    await page.screenshot({ path: testInfo.outputPath(`results-${width}px.png`), fullPage: true });
    await page.screenshot({ path: testInfo.outputPath(`results-${width}px-first-screen.png`) });
    const measured = await boxes(page);
    expect(measured.length).toBeGreaterThan(20);
    // No text box narrower than 240 px (defect 2: 78–103 px at 1366, about 20 px at 390), none that scrolls.
    expect(
      measured.filter((b) => b.width < 240),
      `narrow boxes at ${width} px`,
    ).toEqual([]);
    expect(
      measured.filter((b) => b.scrolls),
      `scrolling boxes at ${width} px`,
    ).toEqual([]);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The citation is under the row's fields, not in a column beside them.
    const first = rows.first();
    const lastField = await first.getByRole("textbox").last().boundingBox();
    const citation = await first.getByTestId("row-citation").boundingBox();
    expect(citation!.y).toBeGreaterThan(lastField!.y + lastField!.height);
    if (width !== 1920) await expectAccessible(page);
  }
});

test("a row's evidence opens the recognised protocol at its page with the quote marked", async ({
  page,
  javaScriptEnabled,
}) => {
  const rows = await openReport(page, javaScriptEnabled);
  const first = rows.first();
  const quote = (await first.getByTestId("row-citation").locator("q").innerText()).trim();
  const cited = (await first.getByTestId("evidence-link").innerText()).trim();
  const link = first.getByRole("link", { name: /p\. \d+/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await page.goto((await link.getAttribute("href"))!);
  await expect(page.getByRole("heading", { name: "Evidence in the protocol", level: 1 })).toBeVisible();
  await expect(page.getByTestId("evidence-citation")).toHaveText(
    cited.replace(/\s*\(the evidence, in a new tab\)$/, ""),
  );
  const marked = page.getByTestId("evidence-quote");
  await expect(marked).toBeVisible();
  const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  expect(squash(await marked.innerText())).toBe(squash(quote));
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to the risk assessment results" }).click();
  await expect(rows.first()).toBeVisible();
});

test("rows filter by category", async ({ page, javaScriptEnabled }) => {
  const rows = await openReport(page, javaScriptEnabled);
  const total = await rows.count();
  const filter = page.getByLabel("Show category");
  const category = await rows.first().getByRole("combobox", { name: "Category" }).inputValue();
  // An edit made before filtering survives the filter, with or without scripts (no edit lost on a round trip).
  const edited = `Filtered question ${javaScriptEnabled ? "on" : "off"} ${Date.now()}`;
  await rows.first().getByRole("textbox", { name: "Question" }).fill(edited);
  await filter.selectOption(category);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
  const shown = page.locator("[data-testid=risk-row]:visible");
  await expect(shown.first()).toBeVisible();
  const count = await shown.count();
  expect(count).toBeLessThan(total);
  for (const value of await shown
    .getByRole("combobox", { name: "Category" })
    .evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)))
    expect(value).toBe(category);
  await expect(page.getByTestId("list-filter-summary")).toHaveText(`Showing ${count} of ${total} rows.`);
  await expect(rows.first().getByRole("textbox", { name: "Question" })).toHaveValue(edited);
  await expect(filter).toHaveValue(category);
});

test("insert keeps the table as inserted, says how many went in, and asks before inserting again", async ({
  page,
  javaScriptEnabled,
}) => {
  const rows = await openReport(page, javaScriptEnabled);
  const count = await rows.count();
  const question = `Reviewed question ${javaScriptEnabled ? "on" : "off"} ${Date.now()}`;
  await rows.first().getByRole("textbox", { name: "Question" }).fill(question);
  if (javaScriptEnabled) {
    // Unsaved edits are guarded (001 §4's text) when leaving the page.
    await page.getByRole("link", { name: "Back to Protocol Analysis Tool" }).click();
    const guard = page.getByRole("dialog", { name: "Unsaved changes" });
    await expect(guard).toContainText("You have unsaved changes made which will be lost.");
    await guard.getByRole("link", { name: "Cancel" }).click();
    await expect(guard).toBeHidden();
  }
  await rows
    .last()
    .getByRole("button", { name: /Delete row/ })
    .click();
  await page.getByRole("dialog", { name: "Confirm deletion" }).getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(count - 1);

  await page.getByRole("button", { name: "Insert in RACT" }).click();
  const success = page.getByTestId("insert-success");
  await expect(success).toContainText(`Rows inserted into the RACT working draft: ${count - 1}, at`, {
    timeout: 20_000,
  });
  await expect(success.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  // The table stays as inserted: the deleted row stays deleted, the edit stays.
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.first().getByRole("textbox", { name: "Question" })).toHaveValue(question);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Insert in RACT" }).click();
  const again = page.getByRole("dialog", { name: "Insert these rows again?" });
  await expect(again).toContainText(`already inserted into the RACT working draft: ${count - 1}`);
  await expectAccessible(page);
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.first().getByRole("textbox", { name: "Question" })).toHaveValue(question);

  // Cancelled: the working draft has the row once.
  await page.goto(`${study}/riskAssessment/workingDraft`);
  const drafted = page.getByTestId("draft-row").filter({ hasText: question });
  await expect(drafted).toHaveCount(1);

  // The insert is on record (ADR 0042): a reload shows the rows as inserted, and Insert still asks.
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.first().getByRole("textbox", { name: "Question" })).toHaveValue(question);
  await expect(page.getByTestId("insert-success")).toContainText(`working draft: ${count - 1}, at`);
  await page.getByRole("button", { name: "Insert in RACT" }).click();
  await again.getByRole("button", { name: "Insert again" }).click();
  await expect(page.getByTestId("insert-success")).toContainText(`working draft: ${count - 1}, at`);
  await expect(again).toBeHidden();
  await page.goto(`${study}/riskAssessment/workingDraft`);
  await expect(drafted).toHaveCount(2);
});
