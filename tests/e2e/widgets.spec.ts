import { expect, expectAccessible, signInAs, test, waitForHydration } from "./support";

/** The shared widgets (000 §4.6, §5, §8, §9) in a real browser, on the shell's test page /ng/testHeader. */
test.describe("shared widgets on /ng/testHeader", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin@demo-pharma.example");
  });

  test("the shell and the widgets render, are accessible, and page through the address", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/testHeader?x=1");
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - Header test page");
    await expect(page.getByTestId("signed-in-user")).toHaveText("Ada Admin");
    await expect(page.getByText("Showing items 1–50 out of 230")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Page 3" }).click();
    await expect(page.getByTestId("paging-state")).toHaveText("3/50");
    await expect(page).toHaveURL(/\?x=1&t-page=3&t-pageSize=50$/);
    await expect(page.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Showing items 101–150 out of 230")).toBeVisible();

    await page.getByLabel("Items per page").selectOption("20");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("paging-state")).toHaveText("1/20");
    await expect(page).toHaveURL(/\?x=1&t-page=1&t-pageSize=20$/);

    // Invalid values from the address fall back (000 §5): a size not allowed → 50; a page beyond the last → the last.
    await page.goto("/ng/testHeader?t-page=99&t-pageSize=7");
    await expect(page.getByTestId("paging-state")).toHaveText("5/50");
    await page.goto("/ng/testHeader?t-page=abc");
    await expect(page.getByTestId("paging-state")).toHaveText("1/50");
  });

  test("timestamps, YAML, result alert, actors, references and the id sentence", async ({ page }) => {
    await page.goto("/ng/testHeader");
    await expect(page.getByTestId("timestamps")).toHaveText(
      "Nov 21, 2026 08:09:10 UTC · Nov 21, 2026 UTC · 08:09:10 · N/A",
    );
    await expect(page.getByTestId("yaml-valid")).toContainText("a: 1");
    await expect(page.getByTestId("yaml-malformed")).toContainText("Malformed data: ");
    await expect(page.getByTestId("yaml-empty")).toHaveText("No data");
    const alert = page.getByRole("alert").filter({ hasText: "It failed." });
    await expect(alert.locator("strong, b").first()).toHaveText("Boom");
    const actors = page.getByTestId("actors");
    await expect(actors).toContainText("Ann Example");
    await expect(actors).toContainText("blocked");
    await expect(actors).toContainText("not found");
    await expect(actors).toContainText("Unexpected data structure");
    await expect(actors.getByRole("link", { name: /SUBJ-1/ })).toHaveAttribute(
      "href",
      "/patients/study/DEMO001/patient/SUBJ-1",
    );
    await expect(actors.getByRole("link", { name: /TCK-1/ })).toHaveAttribute("href", "/tickets/T1?studyName=DEMO001");
    await expect(page.getByTestId("id-sentence")).toHaveText(/^(an? \w+ \w+ \w+ \w+)( and an? \w+ \w+ \w+ \w+){2}$/);
  });

  test("collapsible section, copy with its 'copied' note, inputs and their messages", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/testHeader");
    await waitForHydration(page, javaScriptEnabled);
    const details = page.locator("details", { hasText: "Data changes" });
    await page.getByText("Data changes", { exact: true }).click();
    await expect(details).toHaveAttribute("open", "");
    await expect(page.getByText("Inside the section")).toBeVisible();
    await expect(page.getByLabel("Busy title")).toBeDisabled();
    if (javaScriptEnabled) {
      await page.getByText("Data changes", { exact: true }).click();
      await expect(details).not.toHaveAttribute("open", "");
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy" }).click();
      await expect(page.getByRole("status").filter({ hasText: "copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("5f1b2c3d4e5f60718293a4b5");
      await expect(page.getByText("copied", { exact: true })).toHaveCount(0, { timeout: 4_000 });
      await page.getByLabel("Email").fill("a b@x.example");
      await expect(page.getByLabel("Email")).toHaveValue("ab@x.example");
      await page.getByLabel("Title", { exact: true }).focus();
      await page.getByLabel("Title", { exact: true }).blur();
      await expect(page.getByLabel("Title", { exact: true })).toHaveAccessibleDescription("This field is required");
      await expectAccessible(page);
    } else {
      // Copying needs a script; without one the id stays selectable and no dead button is offered.
      await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
      await expect(page.getByTestId("sample-id")).toHaveText("5f1b2c3d4e5f60718293a4b5");
    }
  });

  test("load more is a link that keeps the address and asks for the next part", async ({ page }) => {
    await page.goto("/ng/testHeader?x=1");
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/\/ng\/testHeader\?x=1&more=1$/);
    await expect(page.getByRole("link", { name: "Load more" })).toHaveAttribute("href", "/ng/testHeader?x=1&more=2");
  });
});
