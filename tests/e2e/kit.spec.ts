import type { Page } from "@playwright/test";
import { expect, expectAccessible, sameOriginHeaders, signInAs, test, waitForHydration } from "./support";

/**
 * The form, dialog and editable-list kit (docs/decisions/0023-forms-dialogs-and-lists.md), and the defects it makes
 * impossible: typing before hydration erased, a disabled button as the only explanation, a password echoed back.
 */
const project = () => test.info().project.name;
const MISMATCH = "The passwords are not the same. Please note that passwords are case-sensitive.";
const TOO_SHORT = "Please enter the password that is at least 11 characters long";
const DUPLICATE = "This title already exists";
const UNSAVED =
  "You have unsaved changes made which will be lost. Are you sure you want to proceed and discard these changes?";

/**
 * Opens a page while its scripts are held back; returns the function that lets them through. Without JavaScript
 * nothing is held (the page has no scripts to run).
 */
async function openWithScriptsHeld(page: Page, address: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/ng/build/**", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(address, { waitUntil: "commit" });
  return release;
}

test.describe("typing before the page's scripts have run is kept", () => {
  test("/ng/login: the e-mail typed early survives hydration and is the one posted", async ({
    page,
    javaScriptEnabled,
  }) => {
    const release = await openWithScriptsHeld(page, "/ng/login");
    const email = page.getByRole("textbox", { name: "Enter your email" });
    await email.fill(`early-${project()}@e2e.example`);
    release();
    await waitForHydration(page, javaScriptEnabled);
    await expect(email).toHaveValue(`early-${project()}@e2e.example`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/ng\/login\/password$/);
    await expect(page.getByText(`login as early-${project()}@e2e.example`)).toBeVisible();
  });

  test("/ng/forgotPassword: the e-mail typed early survives hydration", async ({ page, javaScriptEnabled }) => {
    const release = await openWithScriptsHeld(page, "/ng/forgotPassword");
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill(`early-reset-${project()}@e2e.example`);
    release();
    await waitForHydration(page, javaScriptEnabled);
    await expect(email).toHaveValue(`early-reset-${project()}@e2e.example`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toContainText("we have sent it a link");
  });

  test("/ng/setNewPassword: both passwords typed early survive hydration", async ({ page, javaScriptEnabled }) => {
    const release = await openWithScriptsHeld(
      page,
      "/ng/setNewPassword?token=not-a-real-token&userId=6560de0000000000000000aa",
    );
    await page.getByLabel("New password").fill("Typed-Early-2026");
    await page.getByLabel("Repeat password").fill("Typed-Early-2026");
    release();
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByLabel("New password")).toHaveValue("Typed-Early-2026");
    await expect(page.getByLabel("Repeat password")).toHaveValue("Typed-Early-2026");
    await page.getByRole("button", { name: "Set password" }).click();
    // The token is made up: the service answers that the link is out of date, which proves the post went through.
    await expect(page.getByRole("alert")).toContainText("The link you used is out of date");
  });
});

test.describe("a disabled button is never the only explanation", () => {
  test("/ng/setNewPassword says the passwords differ, and that one is too short, in both modes", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/setNewPassword?token=not-a-real-token&userId=6560de0000000000000000aa");
    await waitForHydration(page, javaScriptEnabled);
    const submit = page.getByRole("button", { name: "Set password" });
    await page.getByLabel("New password").fill("Long-Enough-2026");
    await page.getByLabel("Repeat password").fill("Long-Enough-2027");
    if (javaScriptEnabled) {
      await expect(submit).toBeDisabled();
    } else {
      await submit.click();
    }
    const repeat = page.getByLabel("Repeat password");
    await expect(page.getByText(MISMATCH)).toBeVisible();
    // The message belongs to its field for assistive technology.
    await expect(repeat).toHaveAttribute("aria-invalid", "true");
    await expect(repeat).toHaveAccessibleDescription(MISMATCH);

    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("New password").fill("short");
    await page.getByLabel("Repeat password").fill("short");
    if (javaScriptEnabled) await expect(submit).toBeDisabled();
    else await submit.click();
    await expect(page.getByText(TOO_SHORT)).toBeVisible();
  });
});

test.describe("a secret is never echoed", () => {
  const SECRET = "Echo-Secret-Never-Back-7731";

  test("a password step post with an unknown intent returns no password, as a page or as data", async ({ page }) => {
    const headers = sameOriginHeaders();
    const first = await page.request.post("/ng/login", {
      form: { intent: "continue", email: `echo-${project()}@e2e.example` },
      headers,
      maxRedirects: 0,
    });
    expect(first.headers().location).toBe("/ng/login/password");
    for (const address of ["/ng/login/password", "/ng/login/password.data"]) {
      const answer = await page.request.post(address, {
        form: { intent: "bogus", password: SECRET },
        headers,
        maxRedirects: 0,
      });
      expect(answer.status(), address).toBeLessThan(500);
      const body = await answer.text();
      expect(body.length, address).toBeGreaterThan(0);
      expect(body, address).not.toContain(SECRET);
    }
  });

  test("/ng/setNewPassword with an unknown intent returns neither password", async ({ page }) => {
    const headers = sameOriginHeaders();
    const query = "?token=not-a-real-token&userId=6560de0000000000000000aa";
    for (const address of [`/ng/setNewPassword${query}`, `/ng/setNewPassword.data${query}`]) {
      const answer = await page.request.post(address, {
        form: {
          intent: "bogus",
          token: "not-a-real-token",
          userId: "6560de0000000000000000aa",
          password: SECRET,
          confirmPassword: `${SECRET}-2`,
        },
        headers,
        maxRedirects: 0,
      });
      expect(answer.status(), address).toBeLessThan(500);
      const body = await answer.text();
      expect(body.length, address).toBeGreaterThan(0);
      expect(body, address).not.toContain(SECRET);
    }
  });
});

test.describe("the editable list on /ng/testHeader (001 §2, §4, §5)", () => {
  // Each project has its own account, so its own list in the test store.
  const account = () => `user-${project()}@e2e.example`;
  const titles = (page: Page) => page.getByTestId("list-row").getByRole("textbox", { name: /^Title, row/ });

  test("add through the dialog, edit, delete after confirmation, a duplicate refused on its row, save; no edit lost", async ({
    page,
    javaScriptEnabled,
  }) => {
    // A long flow with three full axe scans of a page of 230 list items: on the 2-core CI machine, beside the other
    // worker, it came within a few seconds of 60 s (and over it once after the issue 21 merge, as did the base code
    // under the same load).
    test.setTimeout(120_000);
    await signInAs(page, account());
    await page.goto("/ng/testHeader");
    await waitForHydration(page, javaScriptEnabled);
    const list = page.getByTestId("critical-processes");
    const toolbar = list.getByTestId("list-toolbar");
    const save = toolbar.getByRole("button", { name: "Save changes" });
    await expect(titles(page)).toHaveCount(2);
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent");
    if (javaScriptEnabled) await expect(save).toBeDisabled(); // nothing changed yet (001 §4)

    // An edit, then Add: the edit is still there, with or without scripts.
    await page.getByLabel("Title, row 1").fill("Informed consent v2");
    if (javaScriptEnabled) await expect(list.getByTestId("list-modified")).toHaveText("You have unsaved changes.");
    await toolbar.getByRole("button", { name: "Add", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Add critical process" });
    await expect(add).toBeVisible();
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");
    // Without scripts the page came back from the server with the edit, and knows it is one.
    await expect(list.getByTestId("list-modified")).toHaveText("You have unsaved changes.");
    if (javaScriptEnabled) await expect(add.getByLabel("Title", { exact: true })).toBeFocused();
    await expectAccessible(page);

    // The add modal applies the row rules (001 §5): required, then unique regardless of case. With scripts its Add
    // waits while the draft is invalid, the field saying why (001 §5; issue 24, defect 11); without, it posts.
    const addButton = add.getByRole("button", { name: "Add", exact: true });
    const tryAdd = async () => {
      if (!javaScriptEnabled) return addButton.click();
      await add.getByLabel("Title", { exact: true }).blur();
      await expect(addButton).toBeDisabled();
    };
    // With scripts an empty draft's Add waits (the Title is marked required); without, the post says so.
    if (javaScriptEnabled) await expect(addButton).toBeDisabled();
    else {
      await addButton.click();
      await expect(add.getByLabel("Title", { exact: true })).toHaveAccessibleDescription("This field is required");
    }
    await add.getByLabel("Title", { exact: true }).fill("  informed CONSENT v2 ");
    await tryAdd();
    await expect(add.getByLabel("Title", { exact: true })).toHaveAccessibleDescription(DUPLICATE);
    await add.getByLabel("Title", { exact: true }).fill("  Data review ");
    await add.getByLabel("Details").fill("Monthly, by the data manager.");
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await expect(add).toHaveCount(0);
    await expect(titles(page)).toHaveCount(3);
    await expect(page.getByLabel("Title, row 3")).toHaveValue("Data review");
    await expect(page.getByLabel("Details, row 3")).toHaveValue("Monthly, by the data manager.");
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");

    // Delete asks first; Cancel keeps the row, Confirm removes it; the other edits stay.
    await list.getByRole("button", { name: "Delete row 2" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
    await expect(confirm).toContainText("It cannot be undone.");
    if (javaScriptEnabled) await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(titles(page)).toHaveCount(3);
    await list.getByRole("button", { name: "Delete row 2" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(titles(page)).toHaveCount(2);
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");
    await expect(page.getByLabel("Title, row 2")).toHaveValue("Data review");

    // A title that differs only in case is refused on the later row.
    await page.getByLabel("Title, row 2").fill("INFORMED consent V2");
    if (javaScriptEnabled) await expect(save).toBeDisabled();
    else await save.click();
    await expect(page.getByLabel("Title, row 2")).toHaveAccessibleDescription(DUPLICATE);
    await expect(page.getByLabel("Title, row 2")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title, row 1")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");
    await page.getByLabel("Title, row 2").fill("Data review");
    // With scripts the message goes as the value is corrected; without, the next post checks again.
    if (javaScriptEnabled) await expect(page.getByLabel("Title, row 2")).not.toHaveAttribute("aria-invalid", "true");

    if (javaScriptEnabled) {
      // Leaving inside the app asks (001 §4); Cancel stays, with the edits.
      await page.getByRole("link", { name: "Page 2" }).click();
      const guard = page.getByRole("dialog", { name: "Unsaved changes" });
      await expect(guard).toContainText(UNSAVED);
      await guard.getByRole("link", { name: "Cancel" }).click();
      await expect(guard).toHaveCount(0);
      await expect(page).toHaveURL(/\/ng\/testHeader$/);
      await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");
    }

    await save.click();
    await expect(page.getByTestId("toast").filter({ hasText: "Success!" })).toBeVisible();
    await expect(titles(page)).toHaveCount(2);
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");
    await expect(list.getByTestId("list-modified")).toHaveText("");
    await expectAccessible(page);

    // The saved list is what the page shows from now on.
    await page.goto("/ng/testHeader");
    await expect(titles(page)).toHaveCount(2);
    await expect(page.getByLabel("Title, row 1")).toHaveValue("Informed consent v2");
    await expect(page.getByLabel("Title, row 2")).toHaveValue("Data review");
    await expect(page.getByLabel("Details, row 2")).toHaveValue("Monthly, by the data manager.");
  });

  test("unsaved edits: closing the tab asks (scripts), or Add carries them (no scripts)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, `refresh-${project()}@e2e.example`);
    await page.goto("/ng/testHeader");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Title, row 2").fill("Randomisation and blinding");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => void dialog.accept().then(() => resolve(dialog.type()))),
    );
    if (javaScriptEnabled) {
      await page.close({ runBeforeUnload: true });
      expect(await asked).toBe("beforeunload");
    } else {
      // Without scripts the edits ride in the form: Add posts them and the page comes back with them.
      await page.getByTestId("list-toolbar").getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Add critical process" })).toBeVisible();
      await expect(page.getByLabel("Title, row 2")).toHaveValue("Randomisation and blinding");
    }
  });
});

test.describe("the kit's fields and dialogs on /ng/testHeader", () => {
  test("every field kind, its aria wiring and the server's check, in both modes", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, "monitor@demo-pharma.example");
    await page.goto("/ng/testHeader");
    await waitForHydration(page, javaScriptEnabled);
    const form = page.getByRole("region", { name: "A form" });
    const check = form.getByRole("button", { name: "Check" });
    await expect(form.getByLabel("Title", { exact: true })).toHaveAttribute("maxlength", "200");
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(form.getByLabel("Notes")).toHaveAttribute("rows", "3");
    await expect(form.getByLabel("File")).toHaveAttribute("type", "file");
    await expect(form.getByLabel("Due date")).toHaveAttribute("type", "date");
    await expect(form.getByLabel("Critical")).toHaveAttribute("type", "checkbox");
    await expect(form.getByLabel("Category")).toHaveValue("");
    if (javaScriptEnabled) {
      await expect(check).toBeDisabled();
      // The password toggle exists once scripts run.
      await form.getByRole("button", { name: "Show password" }).click();
      await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
      await form.getByRole("button", { name: "Hide password" }).click();
    } else {
      await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(0);
    }

    await form.getByLabel("Email").fill("not-an-email");
    if (!javaScriptEnabled) await check.click();
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Value is not a valid email address");
    await expect(form.getByLabel("Title", { exact: true })).toHaveAccessibleDescription("This field is required");
    await expect(form.getByLabel("Category")).toHaveAttribute("aria-invalid", "true");
    if (javaScriptEnabled) await expect(check).toBeDisabled();
    await expectAccessible(page);

    await form.getByLabel("Title", { exact: true }).fill("A title");
    await form.getByLabel("Email").fill("ann@example.org");
    await form.getByLabel("Category").selectOption("Safety");
    await form.getByLabel("Notes").fill("  some notes  ");
    await form.getByLabel("Due date").fill("2026-12-31");
    await form.getByLabel("Critical").check();
    await form.getByLabel("Password", { exact: true }).fill("Never-Echoed-2026");
    await check.click();
    await expect(form.getByRole("status").filter({ hasText: "All fields are valid." })).toBeVisible();
    // The server's answer keeps the values, but never the password.
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("A title");
    expect(await page.content()).not.toContain("Never-Echoed-2026");
  });

  test("a dialog opened from the address is rendered by the server, modal with scripts", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, "monitor@demo-pharma.example");
    await page.goto("/ng/testHeader?dialog=sample");
    await waitForHydration(page, javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: "A dialog" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      "This dialog was opened from the address, so it works without JavaScript too.",
    );
    await expect(page).toHaveTitle("RBQM Studio - Header test page");
    if (javaScriptEnabled) {
      // Modal once the dialog's code has come, a chunk after hydration (ADR 0052).
      await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
      await expect(dialog.getByRole("link", { name: "Close" })).toBeFocused();
    }
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/ng\/testHeader$/);

    await waitForHydration(page, javaScriptEnabled);
    const trigger = page.getByRole("link", { name: "Open a dialog" });
    await trigger.click();
    await expect(dialog).toBeVisible();
    if (javaScriptEnabled) {
      // Opened in place; this one is dismissible: Escape closes it and the focus goes back.
      await expect(page).toHaveURL(/\/ng\/testHeader$/);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(trigger).toBeFocused();
    } else {
      await expect(page).toHaveURL(/\/ng\/testHeader\?dialog=sample$/);
    }
  });
});
