import type { Page } from "@playwright/test";
import { DEMO } from "../../server/seed/demo";
import { e2eEmail } from "./fixtures/seed";
import { expect as baseExpect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/**
 * The Compliance & Data Quality pages (001 §2 "Compliance and Data Quality issues list", "Issue details"): the list
 * of the demo issues with its 21 columns and paging, the details page, the Update Status dialog that sends nothing,
 * the not-found text and the empty list. Every flow with JavaScript on and off, with axe.
 */
// Wide tables and axe on a shared, busy machine: more time than the suite's defaults, never a time asserted.
const expect = baseExpect.configure({ timeout: 15_000 });

const C = DEMO.company.id;
const S = DEMO.studies;
const listUrl = (studyName: string, query = "") => `/ng/companies/${C}/studies/${studyName}/cdq${query}`;
const COLUMNS = [
  "Issue ID",
  "Type",
  "Country",
  "Site",
  "Subject",
  "Title",
  "Category",
  "Sub-category",
  "Context",
  "Reasoning",
  "Source",
  "Severity",
  "Patient Safety Score",
  "Date of Occurrence",
  "Date of Detection",
  "Designee",
  "State",
  "Review Status",
  "Due Date",
  "Overdue",
  "Date of Last Update",
];

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

test.beforeEach(async ({ page }) => {
  test.slow();
  await signInAs(page, e2eEmail("user", test.info().project.name));
});

test("the list shows the seeded issues in 21 columns, in a scrolling box with a sticky header", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(listUrl(S.active.name));
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Compliance & Data Quality Issues" })).toBeVisible();
  await expect(page.getByRole("table").locator("thead th")).toHaveText(COLUMNS);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText("Showing items 1–10 out of 120")).toBeVisible();
  // The first row: an issue id linking to its details, entities, dates in the 000 §9 format, overdue as Yes/No.
  const first = rows(page).first();
  await expect(first.getByRole("link", { name: /^PD1-\d{4}$/ })).toBeVisible();
  await expect(first.locator("td").nth(13)).toHaveText(/^(N\/A|[A-Z][a-z]{2} \d{2}, \d{4} UTC)$/);
  await expect(first.locator("td").nth(18)).toHaveText(/^(Yes|No)$/);
  // The table scrolls in a box of at most 640px with a sticky header.
  const box = page.getByTestId("cdq-table-scroll");
  expect(await box.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("640px");
  expect(
    await page
      .locator("thead th")
      .first()
      .evaluate((el) => getComputedStyle(el).position),
  ).toBe("sticky");
  await expectAccessible(page);
});

test("the list pages through sizes 10, 20 and 50, keeping the size in the address", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(listUrl(S.active.name));
  await waitForHydration(page, javaScriptEnabled);
  // With scripts, a loading row shows while the next page is on its way; without them, the link is a page load.
  if (!javaScriptEnabled) {
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByText("Showing items 11–20 out of 120")).toBeVisible();
  } else {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/cdq.data**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByTestId("cdq-loading-row")).toHaveText("Loading...");
    release();
    await expect(page.getByTestId("cdq-loading-row")).toHaveCount(0);
    await expect(page.getByText("Showing items 11–20 out of 120")).toBeVisible();
    await page.unroute("**/cdq.data**");
  }

  // A bigger size: the choice is kept in the address, and the page starts again at 1.
  for (const size of [20, 50]) {
    await page.getByLabel("Items per page").selectOption(String(size));
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`cdq-pageSize=${size}`));
    await expect(rows(page)).toHaveCount(size);
  }
  // The last page of 50: 20 issues.
  await page.getByRole("link", { name: "Last page" }).click();
  await expect(page).toHaveURL(/cdq-page=3&cdq-pageSize=50|cdq-pageSize=50.*cdq-page=3/);
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText("Showing items 101–120 out of 120")).toBeVisible();
  // Reloaded from the address alone, the size is still 50.
  await page.reload();
  await expect(rows(page)).toHaveCount(20);
});

test("a page number past the end is limited to the last page, a bad size falls back to 10", async ({ page }) => {
  await page.goto(listUrl(S.second.name, "?cdq-page=999&cdq-pageSize=20"));
  await expect(page).toHaveURL(/cdq-page=4/);
  await expect(rows(page)).toHaveCount(20);
  await page.goto(listUrl(S.second.name, "?cdq-pageSize=15"));
  await expect(rows(page)).toHaveCount(10);
});

test("an issue id opens its details; Update Status opens the form and closes with nothing sent", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(listUrl(S.active.name));
  await waitForHydration(page, javaScriptEnabled);
  const link = rows(page).first().getByRole("link").first();
  const displayId = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/cdq\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(displayId);
  await expect(page.getByRole("heading", { name: "Current status" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Context" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveAttribute("readonly", "");
  await expect(page.getByRole("textbox", { name: "Reasoning" })).toHaveAttribute("readonly", "");
  const newTicket = page.getByRole("button", { name: "New Ticket" });
  await expect(newTicket).toHaveAttribute("aria-disabled", "true");
  await expect(newTicket).toHaveAccessibleDescription("Ticket creation is not available here.");
  await waitForHydration(page, javaScriptEnabled);
  await expectAccessible(page);

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") posts.push(`${request.method()} ${request.url()}`);
  });
  const detailsUrl = page.url();
  for (const button of ["Update", "Cancel"]) {
    await page.getByRole("link", { name: "Update Status" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Status" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("New issue state")).toBeVisible();
    await expect(dialog.getByLabel("New issue state").locator("option")).toHaveText(["Choose…", "Active", "Completed"]);
    await expect(dialog.getByLabel("New review status").locator("option")).toHaveText([
      "Choose…",
      "Reviewed",
      "Verified",
      "Rejected",
    ]);
    await expect(dialog.getByLabel("Review level").locator("option")).toHaveText([
      "Choose…",
      "Next",
      "Final",
      "Sponsor",
    ]);
    await expect(dialog.getByLabel("Designee").locator("option", { hasText: "Mona Monitor" })).toHaveCount(1);
    await expect(dialog.getByLabel("Comment")).toBeVisible();
    await expect(dialog.getByLabel("Due date")).toBeVisible();
    if (button === "Update") {
      await dialog.getByLabel("Comment").fill("Checked with the site.");
      await expectAccessible(page);
    }
    await dialog.getByRole("link", { name: button, exact: true }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(page.url().replace(/\?$/, "")).toBe(detailsUrl);
  }
  expect(posts).toEqual([]);
});

test("the Update Status dialog is rendered by the server from the address", async ({ page, javaScriptEnabled }) => {
  await page.goto(listUrl(S.second.name));
  const href = await rows(page).first().getByRole("link").first().getAttribute("href");
  await page.goto(`${href}?dialog=updateStatus`);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("dialog", { name: "Update Status" })).toBeVisible();
  await expectAccessible(page);
});

test("an unknown issue id shows the not-found text", async ({ page }) => {
  const response = await page.goto(`${listUrl(S.active.name)}/000000000000000000000000`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Compliance & Data Quality Issue not found" })).toBeVisible();
  await expectAccessible(page);
  // An issue of another study is not found here either.
  await page.goto(listUrl(S.second.name));
  const href = (await rows(page).first().getByRole("link").first().getAttribute("href"))!;
  await page.goto(href.replace(`/${S.second.name}/`, `/${S.active.name}/`));
  await expect(page.getByRole("heading", { name: "Compliance & Data Quality Issue not found" })).toBeVisible();
});

test("a study without issues shows the empty text", async ({ page }) => {
  await page.goto(listUrl(S.retired.name));
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText("No Compliance & Data Quality Issues found.")).toBeVisible();
  await expect(page.getByText("Showing items 0–0 out of 0")).toBeVisible();
  await expectAccessible(page);
});

test("a user without the permission is sent to the error page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const page = await context.newPage();
  await signInAs(page, DEMO.users.noAccess.email);
  await page.goto(listUrl(S.active.name));
  await expect(page).toHaveURL(/\/ng\/error/);
  await expect(page.getByText("You lack the permissions to view this page.")).toBeVisible();
  await context.close();
});
