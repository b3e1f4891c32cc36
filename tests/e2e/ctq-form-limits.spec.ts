import { DEMO } from "@server/seed/demo";
import { expect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/**
 * Issue 25 with issue 24's defect 8 (the class held by tests/unit/form-kit-file-forms.test.ts): the CTQ identification
 * form refuses a bad protocol in place, with its reason, and keeps both lists the user wrote, with and without
 * scripts. The e2e server's upload limit is 4 MB (playwright.config.ts).
 */
const study = `/ng/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}`;
const PROCESSES = "Informed consent; Who may consent, re-consent\nDosing; As the protocol says";
const DATA = "Primary endpoint; The measure and its timing";

test("bad protocol files are refused on the CTQ form with the lists kept", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, DEMO.users.manager.email);
  await page.goto(`${study}/ctqf/identification`);
  await waitForHydration(page, javaScriptEnabled);
  const processes = page.getByRole("textbox", { name: "Critical Processes" });
  const data = page.getByRole("textbox", { name: "Critical Data" });
  await processes.fill(PROCESSES);
  await data.fill(DATA);
  const cases: [string, Buffer, string][] = [
    ["setup.pdf", Buffer.from("MZ\x90\x00 a program"), "Only a native PDF (.pdf) or Word (.docx) file is accepted."],
    ["notes.txt", Buffer.from("plain text"), "Only a native PDF (.pdf) or Word (.docx) file is accepted."],
    [
      "big.pdf",
      Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(5 * 1024 * 1024)]),
      "larger than the limit of 4 MB",
    ],
  ];
  for (const [name, buffer, message] of cases) {
    await page.getByLabel("Protocol file").setInputFiles({ name, mimeType: "application/pdf", buffer });
    await page.getByRole("button", { name: "Identify CTQ" }).click();
    await expect(page.getByTestId("upload-error")).toContainText(message);
    await expect(processes).toHaveValue(PROCESSES);
    await expect(data).toHaveValue(DATA);
  }
  await expect(page.getByTestId("request-sent")).toHaveCount(0);
  await expectAccessible(page);
});
