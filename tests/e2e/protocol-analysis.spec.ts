import { DEMO } from "@server/seed/demo";
import { scannedLikePdf, simpleProtocolPdf } from "../support/protocol-files";
import { expect, expectAccessible, signInAs, test, waitForHydration, waitForMail } from "./support";

/**
 * The Protocol Analysis Tool (issue 15), JavaScript on and off: upload → e-mail → results with cited rows → edit,
 * delete (confirmed) → Insert in RACT → the working draft; New request; bad uploads; the landing page without access.
 */
const study = `/ng/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}`;
const manager = DEMO.users.manager;

test.describe.configure({ timeout: 180_000 });

test("upload a protocol, follow the e-mail, edit and insert the rows into the RACT", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/protocolAnalysisTool`);
  await expect(page.getByRole("heading", { name: "Protocol Analysis Tool", level: 1 })).toBeVisible();
  await expect(page.getByTestId("no-access")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Generate Risk Assessment" }).click();
  await expect(page).toHaveURL(/riskAssessment\/identification$/);
  await waitForHydration(page, javaScriptEnabled);

  // The PDF limitations modal.
  await page.getByRole("link", { name: "PDF processing limitations" }).click();
  const limitations = page.getByRole("dialog", { name: "PDF processing limitations" });
  await expect(limitations.getByRole("listitem")).toHaveCount(6);
  await expect(limitations).toContainText("There is no OCR");
  await expectAccessible(page);
  await limitations.getByRole("link", { name: "Close" }).click();
  await expect(limitations).toBeHidden();

  const since = Date.now();
  const fileName = `ACE-221 ${javaScriptEnabled ? "on" : "off"}.pdf`;
  await page.getByLabel("Protocol file").setInputFiles({
    name: fileName,
    mimeType: "application/pdf",
    buffer: await simpleProtocolPdf(),
  });
  await page.getByRole("button", { name: "Create Risk Assessment" }).click();
  const sent = page.getByTestId("request-sent");
  await expect(sent).toContainText("Your request was sent successfully. A link to the report will arrive by email.");
  await expectAccessible(page);

  // Its own mail: another spec's analysis for the same manager may finish first (and its rows would be inserted here).
  const mail = await waitForMail(manager.email, since, 45_000, fileName);
  expect(mail.subject).toContain("ready");
  const link = /https?:\/\/\S+riskAssessment\/results\?id=[0-9a-f]{24}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await waitForHydration(page, javaScriptEnabled);
  const rows = page.getByTestId("risk-row");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  await expect(page.getByTestId("row-citation").first()).toContainText(/p\. \d+/);
  await expect(page.getByTestId("ai-caution")).toBeVisible();
  await expect(page.getByRole("link", { name: /recognized protocol/ })).toBeVisible();
  await expectAccessible(page);

  // Edit the first row's question; delete the last row after the confirmation.
  const question = `Edited question ${javaScriptEnabled ? "on" : "off"} ${Date.now()}`;
  await rows
    .first()
    .getByRole("textbox", { name: /^Question/ })
    .fill(question);
  await rows
    .last()
    .getByRole("button", { name: /Delete row/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.first().getByRole("textbox", { name: /^Question/ })).toHaveValue(question);

  await page.getByRole("button", { name: "Insert in RACT" }).click();
  const success = page.getByTestId("insert-success");
  await expect(success).toContainText("Success!", { timeout: 20_000 });
  const draftLink = success.getByRole("link", { name: "Open the RACT working draft" });
  await expect(draftLink).toHaveAttribute("target", "_blank");
  await page.goto((await draftLink.getAttribute("href"))!);
  await expect(page.getByTestId("draft-row").filter({ hasText: question })).toHaveCount(1);
  await expectAccessible(page);
});

test("New request asks first, then returns to the upload form", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/riskAssessment/results?id=ffffffffffffffffffffffff`);
  await waitForHydration(page, javaScriptEnabled);
  await expect(page.getByRole("alert").filter({ hasText: "The risk assessment does not exist." })).toBeVisible();
  await page.getByRole("link", { name: "New request" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a new request?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Yes, start a new request" }).click();
  await expect(page).toHaveURL(/riskAssessment\/identification$/);
});

test("bad uploads are refused with their message", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/riskAssessment/identification`);
  await waitForHydration(page, javaScriptEnabled);
  const cases: [string, Buffer, string][] = [
    ["setup.pdf", Buffer.from("MZ\x90\x00 a program"), "Only a native PDF (.pdf) or Word (.docx) file is accepted."],
    ["empty.pdf", Buffer.alloc(0), "The file is empty."],
    [
      "big.pdf",
      Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(5 * 1024 * 1024)]),
      "larger than the limit of 4 MB",
    ],
  ];
  for (const [name, buffer, message] of cases) {
    await page.getByLabel("Protocol file").setInputFiles({ name, mimeType: "application/pdf", buffer });
    await page.getByRole("button", { name: "Create Risk Assessment" }).click();
    await expect(page.getByTestId("upload-error")).toContainText(message);
  }
  await expectAccessible(page);
});

test("a scanned PDF ends with the limitation message", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/riskAssessment/identification`);
  await waitForHydration(page, javaScriptEnabled);
  const since = Date.now();
  const fileName = `scan-${javaScriptEnabled ? "on" : "off"}.pdf`;
  await page.getByLabel("Protocol file").setInputFiles({
    name: fileName,
    mimeType: "application/pdf",
    buffer: await scannedLikePdf(),
  });
  await page.getByRole("button", { name: "Create Risk Assessment" }).click();
  await expect(page.getByTestId("request-sent")).toBeVisible();
  const mail = await waitForMail(manager.email, since, 45_000, fileName);
  expect(mail.subject).toContain("failed");
  const link = /https?:\/\/\S+riskAssessment\/results\?id=[0-9a-f]{24}/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByTestId("root-error")).toContainText("The protocol could not be read.");
  await expectAccessible(page);
});

test("the landing page tells a user without access, and disables the steps", async ({ page }) => {
  await signInAs(page, DEMO.users.monitor.email);
  await page.goto(`${study}/protocolAnalysisTool`);
  await expect(page.getByTestId("no-access")).toContainText("You have no required privilege");
  await expect(page.getByTestId("step-3").getByRole("link", { name: "Generate Risk Assessment" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expectAccessible(page);
});
