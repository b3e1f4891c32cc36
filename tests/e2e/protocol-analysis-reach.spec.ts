import type { Page } from "@playwright/test";
import { DEMO } from "@server/seed/demo";
import { simpleProtocolPdf } from "../support/protocol-files";
import { analysisGateUrl, HOLD_MARK } from "./peers/analysis-gate";
import { expect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/**
 * Issue 24 (reach): Protocol Analysis can be found by whoever may open it, no product link ends on a 404, a monitor is
 * not offered what they may not do, CTQ says it is not there yet, a running request is followed to its end (with and
 * without JavaScript), and the same upload twice asks first.
 */
const study = `/ng/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}`;
const manager = DEMO.users.manager;
const gate = analysisGateUrl(Number(process.env.E2E_PORT ?? 3199) + 1);

test.describe.configure({ timeout: 180_000 });

/** Every link of this product (/ng/…) in the page: the header's menus, the overview's cards, the page itself. */
async function productLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/ng/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return [...new Set(hrefs)].filter((href) => !href.includes("/logout") && !href.startsWith("/ng/companyLogo"));
}

for (const role of ["manager", "monitor"] as const) {
  test(`the ${role} reaches Protocol Analysis and Study CP&CD, and no product link is a 404`, async ({ page }) => {
    await signInAs(page, DEMO.users[role].email);
    await page.goto(study);
    const links = await productLinks(page);
    expect(links).toContain(`${study}/protocolAnalysisTool`);
    expect(links).toContain(`${study}/cpcd`);
    await expect(page.getByRole("main").getByRole("link", { name: "Protocol Analysis", exact: true })).toBeVisible();
    // Crawl one level: each page linked from the shell and the overview, and the product links it offers.
    const seen = new Set<string>();
    for (const href of links) {
      for (const next of [href, ...(await linksOf(page, href))]) {
        if (seen.has(next)) continue;
        seen.add(next);
        const res = await page.request.get(next, { maxRedirects: 0 });
        expect(res.status(), next).not.toBe(404);
        expect(res.status(), next).toBeLessThan(500);
      }
    }
    // The study CP&CD page leads into the tool.
    await page.goto(`${study}/cpcd`);
    await page.getByTestId("cpcd-protocol-analysis").click();
    await expect(page.getByRole("heading", { name: "Protocol Analysis Tool", level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}

async function linksOf(page: Page, href: string): Promise<string[]> {
  const res = await page.request.get(href);
  if (res.status() !== 200 || !(res.headers()["content-type"] ?? "").includes("text/html")) return [];
  const html = await res.text();
  return [...html.matchAll(/href="(\/ng\/[^"#]*)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, "&"))
    .filter((next) => !next.includes("/logout"));
}

test("a user without access sees no way into Protocol Analysis", async ({ page }) => {
  await signInAs(page, DEMO.users.noAccess.email);
  await page.goto(study);
  expect(await productLinks(page)).not.toContain(`${study}/protocolAnalysisTool`);
});

test("a monitor is told of the complexity tool and is not offered New request (defect 5)", async ({ page }) => {
  await signInAs(page, DEMO.users.monitor.email);
  await page.goto(`${study}/protocolAnalysisTool`);
  const step1 = page.getByTestId("step-1");
  await expect(step1.getByRole("link", { name: /Open complexity assessment/ })).toHaveAttribute(
    "href",
    "https://complexity.rbqm.example/assess",
  );
  await expect(step1).not.toContainText("No complexity tool is configured");
  await page.goto(`${study}/riskAssessment/results?id=ffffffffffffffffffffffff`);
  await expect(page.getByRole("heading", { name: "AI Risk Assessment", exact: false, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New request" })).toHaveCount(0);
  await page.goto(`${study}/riskAssessment/results?id=ffffffffffffffffffffffff&dialog=newRequest`);
  await expect(page.getByRole("dialog", { name: "Start a new request?" })).toHaveCount(0);
});

test("Generate CTQ and Ask AI lead to CTQ identification (issue 25; issue 24, defect 4 until then)", async ({
  page,
}) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/protocolAnalysisTool`);
  const step2 = page.getByTestId("step-2");
  await expect(step2.getByRole("link", { name: "Generate CTQ" })).toHaveAttribute("href", /\/ctqf\/identification$/);
  await expect(step2).not.toContainText("Not available yet");
  await page.goto(`${study}/cpcd`);
  await expect(page.getByTestId("cpcd-ask-ai")).toHaveAttribute("href", /\/ctqf\/identification$/);
  await expectAccessible(page);
});

test("follow a running request to Finished, by itself with JavaScript, by Refresh without", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/riskAssessment/identification`);
  await waitForHydration(page, javaScriptEnabled);
  const name = `live ${HOLD_MARK} ${javaScriptEnabled ? "on" : "off"} ${Date.now()}.pdf`;
  await page.getByLabel("Protocol file").setInputFiles({
    name,
    mimeType: "application/pdf",
    buffer: await simpleProtocolPdf(),
  });
  await page.getByRole("button", { name: "Create Risk Assessment" }).click();
  await page.getByTestId("request-sent").getByRole("link", { name: "Follow the request" }).click();
  await expect(page).toHaveURL(/riskAssessment\/results\?id=[0-9a-f]{24}$/);
  await waitForHydration(page, javaScriptEnabled);
  const step = page.getByTestId("current-step");
  // The job waits at the gate once InProgress: the page gets there by itself, or by Refresh.
  await expect(async () => {
    if (!javaScriptEnabled) await page.getByTestId("refresh").click();
    await expect(step).toHaveText(/Reading the file/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("elapsed")).toContainText("Running for");
  await expectAccessible(page);
  // The landing page's list shows it running too.
  const results = page.url();
  if (javaScriptEnabled) await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

  await fetch(`${gate}/release`, { method: "POST", body: name });

  const rows = page.getByTestId("risk-row");
  if (javaScriptEnabled) {
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // No reload happened: the page is the same document.
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  } else {
    await expect(async () => {
      await page.getByTestId("refresh").click();
      await expect(rows.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  expect(page.url()).toBe(results);
  await expect(page.getByTestId("in-progress")).toHaveCount(0);
  await expect(page.getByRole("link", { name: name })).toBeVisible();
  await page.goto(`${study}/protocolAnalysisTool`);
  await expect(page.getByTestId("recent-request").filter({ hasText: name })).toContainText("Finished");
});

test("the same upload twice asks first, and goes ahead when confirmed", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, manager.email);
  await page.goto(`${study}/riskAssessment/identification`);
  await waitForHydration(page, javaScriptEnabled);
  const file = {
    name: `repeat ${javaScriptEnabled ? "on" : "off"} ${Date.now()}.pdf`,
    mimeType: "application/pdf",
    buffer: await simpleProtocolPdf(),
  };
  const input = page.getByLabel("Protocol file");
  const submit = page.getByRole("button", { name: "Create Risk Assessment" });
  await input.setInputFiles(file);
  await submit.click();
  await expect(page.getByTestId("request-sent")).toBeVisible();
  // The form is empty again.
  expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);

  await input.setInputFiles(file);
  await submit.click();
  const dialog = page.getByRole("dialog", { name: "Analyse this file again?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(file.name);
  await expectAccessible(page);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await input.setInputFiles(file);
  await submit.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, analyse it again" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("request-sent")).toBeVisible();
});
