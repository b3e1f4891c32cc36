import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

/** Fails a test on any Content-Security-Policy violation or uncaught page error. */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "CSP violations or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * WCAG 2.2 A/AA and axe's best practices: no violations. axe runs as a script, so for a page seen without
 * JavaScript the very document that page shows (its scripts removed) is checked in a second, scripted tab.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const scripted = base.info().project.use.javaScriptEnabled !== false;
  let target = page;
  let cleanup = async () => {};
  if (!scripted) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    target = await context.newPage();
    const url = page.url();
    await target.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await target.goto(url);
    cleanup = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(summary, scripted ? "axe violations" : "axe violations (JavaScript off)").toEqual([]);
  } finally {
    await cleanup();
  }
}

/** With JavaScript on, waits until React has hydrated the page. */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter;
    return router?.state.initialized === true;
  });
}
