import type { Page } from "@playwright/test";
import { expect, holdChunk, signInAs, test, waitForHydration } from "./support";

/**
 * The editable lists' checks come with the validation runtime after the first paint (ADR 0050, ADR 0059): until its
 * chunk has come, every post goes to the server as it stands, Delete too (the server applies its remove intent, as
 * without scripts); once it has, a field is checked when left and a Delete is done in place. The runtime's chunk is
 * held back here. Only DEMO-001's page is read: nothing is saved (a Delete is the server's reply, not a save).
 */
const COMPANY = "6560de000000000000000001";
const ADMIN = "admin@demo-pharma.example";
const cpcdPage = `/ng/companies/${COMPANY}/studies/DEMO001/cpcd?cpOrCd=cp`;
const titles = (page: Page) => page.getByTestId("list-row").getByRole("textbox", { name: /^Title, row/ });
const REQUIRED = /required|enter/i;

test("before the runtime has come a Delete is the server's; once it has, fields are checked in place", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  await signInAs(page, ADMIN);
  const chunk = await holdChunk(page, "list-runtime");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documents.push(request.url());
  });
  await page.goto(cpcdPage);
  await waitForHydration(page, javaScriptEnabled);
  if (javaScriptEnabled) await expect.poll(() => chunk.asked.length).toBe(1);
  const count = await titles(page).count();
  const third = await page.getByLabel("Title, row 3", { exact: true }).inputValue();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  await page.getByRole("button", { name: "Delete row 2" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm deletion" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(titles(page)).toHaveCount(count - 1);
  await expect(page.getByLabel("Title, row 2", { exact: true })).toHaveValue(third);
  if (!javaScriptEnabled) {
    // Without scripts the server rendered the confirmation (a post) and applied the Delete (another).
    expect(chunk.asked).toEqual([]);
    return;
  }
  // The server applied it: one post, a fetch (the page stays).
  expect(posts).toHaveLength(1);
  expect(documents).toHaveLength(1);

  // The runtime has come: a field left empty says why at once, and a Delete is done here, nothing posted.
  chunk.release();
  const first = page.getByLabel("Title, row 1", { exact: true });
  await expect(async () => {
    await first.fill("");
    await first.blur();
    await expect(first).toHaveAccessibleDescription(REQUIRED, { timeout: 1_000 });
  }).toPass();
  await page.getByRole("button", { name: "Delete row 2" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(titles(page)).toHaveCount(count - 2);
  // Row 1's message stays on row 1 (the rows after the deleted one move up, their messages with them).
  await expect(first).toHaveAccessibleDescription(REQUIRED);
  expect(posts).toHaveLength(1);
  expect(documents).toHaveLength(1);
});
