import fs from "node:fs";
import path from "node:path";
import { DEMO } from "@server/seed/demo";
import { findSharedProtocols } from "../support/shared-protocols";
import { expect, expectAccessible, signInAs, test, untilCtqFinished, waitForHydration } from "./support";

/**
 * Issue 25, "each row's citation with its evidence": a CTQ item's Source opens …/ctqf/evidence, the recognised
 * protocol at the cited page with the quote marked, JavaScript on and off (the risk rows' evidence page, given a CTQ
 * item). The CTQ request is made once per project through the form (novartis-clik066b2204, a PDF: pages to cite).
 */
const study = `/ng/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}`;
const manager = DEMO.users.manager;
const PROTOCOLS = findSharedProtocols();
if (!PROTOCOLS) throw new Error("The shared protocols were not found: set PROTOCOLS_DIR to ../shared/protocols.");
const PROTOCOL = path.join(PROTOCOLS, "novartis-clik066b2204.pdf");

test.describe.configure({ mode: "serial", timeout: 300_000 });

let report = "";

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, manager.email);
  await page.goto(`${study}/ctqf/identification`);
  await page.getByRole("button", { name: "Add company CP&CD" }).click();
  await page.getByLabel("Protocol file").setInputFiles({
    name: `novartis-ctq-evidence-${testInfo.project.name}.pdf`,
    mimeType: "application/pdf",
    buffer: fs.readFileSync(PROTOCOL),
  });
  await page.getByRole("button", { name: "Identify CTQ" }).click();
  await page.getByTestId("request-sent").getByTestId("follow-request").click();
  await expect(page).toHaveURL(/ctqf\/results\?id=/);
  report = page.url();
  await untilCtqFinished(page);
  await context.close();
});

test("a CTQ item's Source opens the recognised protocol at its page with the quote marked", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, manager.email);
  await page.goto(report);
  await waitForHydration(page, javaScriptEnabled);
  const rows = page.getByTestId("ctq-row-criticalData");
  await expect(rows.first()).toBeVisible();
  // Every item's quote is where its citation says (the results page checks each against its page).
  await expect(page.getByTestId("quote-not-found")).toHaveCount(0);
  const first = rows.first();
  const quote = (await first.getByTestId("row-citation").locator("q").innerText()).trim();
  const cited = (await first.getByTestId("evidence-link").innerText()).trim();
  const link = first.getByRole("link", { name: /p\. \d+/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/\/ctqf\/evidence\?id=[0-9a-f]{24}&item=[^&#]+#quote$/);
  await page.goto(href);
  await expect(page.getByRole("heading", { name: "Evidence in the protocol", level: 1 })).toBeVisible();
  await expect(page.getByTestId("evidence-citation")).toHaveText(
    cited.replace(/\s*\(the evidence, in a new tab\)$/, ""),
  );
  const marked = page.getByTestId("evidence-quote");
  await expect(marked).toBeVisible();
  const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  expect(squash(await marked.innerText())).toBe(squash(quote));
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to the CTQ results" }).click();
  await expect(rows.first()).toBeVisible();

  // An item the request does not have: said, nothing marked.
  await page.goto(href.replace(/item=[^&#]+/, "item=nothing"));
  await expect(page.getByRole("alert")).toHaveText("This item has no source in the protocol.");
  await expect(page.getByTestId("evidence-quote")).toHaveCount(0);
});

test("a monitor reads an item's evidence; a user without the CTQ result's permission is refused", async ({
  page,
  browser,
}) => {
  await signInAs(page, DEMO.users.monitor.email);
  await page.goto(report);
  const href = (await page.getByTestId("evidence-link").first().getAttribute("href"))!;
  await page.goto(href);
  await expect(page.getByTestId("evidence-quote")).toBeVisible();
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const other = await context.newPage();
  await signInAs(other, DEMO.users.noAccess.email);
  await other.goto(new URL(href, page.url()).href);
  await expect(other).toHaveURL(/\/ng\/error/);
  await expect(other.getByText("You lack the permissions to view this page.")).toBeVisible();
  await expect(other.getByTestId("evidence-quote")).toHaveCount(0);
  await context.close();
});
