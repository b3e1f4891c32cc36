import { AUDIT_STUDIES } from "./fixtures/seed";
import { expect as baseExpect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/** Saves wait on a machine shared with other work: more time than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * A change made in the product reaches the trail (issue 12 "the audit entry exists with per-item dataChanges",
 * issue 13 "a change made in the product appears at the top of the list"; 001 §2, §3): a CP&CD save of the project's
 * own study (tests/e2e/fixtures/seed.ts AUDIT_STUDIES) is the newest entry of that study's audit list, expands to one
 * change per item (the first two, then how many more: ADR 0041), and its entry page shows them all, Old Value / New
 * Value, Deleted and Created, and the request and response as YAML. With JavaScript on and off, with axe.
 */
const COMPANY = "6560de000000000000000001";
const studyName = () => AUDIT_STUDIES[test.info().project.name as "js-on" | "js-off"].name;
const studyPage = (path: string) => `/ng/companies/${COMPANY}/studies/${studyName()}/${path}`;

test.describe.configure({ timeout: 120_000 });

test("a CP&CD save is the newest audit entry, with one data change per item, and its entry page shows them", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, "admin@demo-pharma.example");
  const marker = `Consent audited (${test.info().project.name})`;
  const oldDetails = "Signed ICF version 3.0 or later before the washout period starts.";

  // The change: row 1's details edited, row 2 deleted (confirmed), one process added; then Save changes.
  await page.goto(studyPage("cpcd?cpOrCd=cp"));
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent");
  await expect(page.getByLabel("Details, row 1")).toHaveValue(oldDetails);
  await expect(page.getByLabel("Title, row 2")).toHaveValue("Eligibility assessment");
  await page.getByLabel("Details, row 1").fill(marker);
  await page.getByRole("button", { name: "Delete row 2" }).click();
  await page.getByRole("dialog", { name: "Confirm deletion" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm deletion" })).toHaveCount(0);
  const toolbar = page.getByTestId("list-toolbar");
  await toolbar.getByRole("button", { name: "Add", exact: true }).click();
  const add = page.getByRole("dialog", { name: "Add critical process" });
  await add.getByLabel("Title", { exact: true }).fill("Audit follow-up review");
  await add.getByLabel("Details").fill("Added to be seen in the trail.");
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(add).toHaveCount(0);
  await toolbar.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Success!" })).toBeVisible();

  // The study's audit list: the save is at the top, collapsed, and opens to the per-item changes.
  await page.goto(studyPage("audit"));
  await waitForHydration(page, javaScriptEnabled);
  const first = page.getByTestId("audit-entry").first();
  await expect(first).toContainText("Save study critical processes");
  await expect(first).toContainText("Ada Admin");
  const details = first.locator("details");
  await expect(details).not.toHaveAttribute("open", /.*/);
  await first.locator("summary").click();
  await expect(details).toHaveAttribute("open", /.*/);
  await expect(first.getByText("Old Value", { exact: true })).toBeVisible();
  await expect(first.getByText(`details: ${oldDetails}`)).toBeVisible();
  await expect(first.getByText(`details: ${marker}`)).toBeVisible();
  await expect(first.getByText("Created", { exact: true })).toBeVisible();
  await expect(first.getByText("title: Audit follow-up review")).toBeVisible();
  // The list shows a bounded summary (ADR 0041): the first two changes, then how many more and a link to them all.
  await expect(first.getByText("Changes not shown here: 1.", { exact: true })).toBeVisible();
  await expect(first.getByText("title: Eligibility assessment")).toHaveCount(0);
  await expect(first.getByRole("link", { name: /^View all data changes of audit entry / })).toBeVisible();
  // One change per item, never the whole list: the untouched rows are not in it.
  await expect(first.getByText("title: Randomisation")).toHaveCount(0);
  await expectAccessible(page);

  // Its entry page: the row, the changes, and the request and response as YAML.
  const view = first.getByRole("link", { name: /^View audit entry / });
  const id = (await view.getAttribute("aria-label"))!.replace("View audit entry ", "");
  await view.click();
  await expect(page).toHaveURL(new RegExp(`/audit/${id}$`));
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: `Audit Entry ${id}` })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Save study critical processes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Old Value" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "New Value" })).toBeVisible();
  await expect(page.getByText(`details: ${oldDetails}`)).toBeVisible();
  await expect(page.getByText(`details: ${marker}`).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Deleted" })).toBeVisible();
  await expect(page.getByText("title: Eligibility assessment").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Created" })).toBeVisible();
  await expect(page.getByText("title: Audit follow-up review").first()).toBeVisible();
  const request = page.getByRole("region", { name: "Request" }).locator("pre");
  await expect(request).toContainText("criticalProcesses:");
  await expect(request).toContainText(`details: ${marker}`);
  await expect(page.getByRole("region", { name: "Response" }).locator("pre")).toContainText("isSuccess: true");
  await expectAccessible(page);
});
