import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";

/**
 * React's errors of hydration (production codes): the server's markup and the browser's render differ, and React
 * throws the server's markup away (ADR 0064, ADR 0067).
 */
const HYDRATION_ERROR = /Minified React error #(418|419|421|423|425)\b|Hydration failed|did not match/;

/** Fails a test on any Content-Security-Policy violation, uncaught page error or hydration error. */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (/Content Security Policy|Refused to/i.test(message.text()) || HYDRATION_ERROR.test(message.text()))
          problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "CSP violations, page errors or hydration errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** One scripted context per browser (one per worker) for the JavaScript-off scans: made once, not per scan. */
const scriptedContexts = new WeakMap<Browser, Promise<BrowserContext>>();

function scriptedContext(browser: Browser): Promise<BrowserContext> {
  let context = scriptedContexts.get(browser);
  if (!context) {
    context = browser.newContext({ javaScriptEnabled: true });
    scriptedContexts.set(browser, context);
  }
  return context;
}

/**
 * WCAG 2.2 A/AA and axe's best practices: no violations. axe runs as a script, so for a page seen without
 * JavaScript the very document that page shows (its scripts removed) is checked in a scripted tab.
 *
 * Only violations are collected (`resultTypes`), and axe runs in the page itself ("legacy mode"): the default
 * opens a blank page per scan to merge frame results, which our pages (no iframes) do not need and which cost
 * more than half of each scan (measured 4.8–6.2 s against 2.4 s for a study page on the loaded 2-core machine).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const scripted = base.info().project.use.javaScriptEnabled !== false;
  let target = page;
  let cleanup = async () => {};
  if (!scripted) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    target = await (await scriptedContext(page.context().browser()!)).newPage();
    const url = page.url();
    await target.route(url, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await target.goto(url);
    cleanup = () => target.close();
  }
  // A settled page: while a navigation or revalidation runs, the loading bar (app/components/NavigationProgress.tsx)
  // is on screen outside the landmarks, which axe's region rule flags (a check that raced it failed at random).
  if (scripted)
    await page.waitForFunction(() => {
      const router = (
        window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }
      ).__remixRouter;
      return !router || (router.state.navigation.state === "idle" && router.state.revalidation === "idle");
    });
  try {
    const results = await new AxeBuilder({ page: target })
      .withTags(AXE_TAGS)
      .options({ resultTypes: ["violations"] })
      .setLegacyMode(true)
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary, scripted ? "axe violations" : "axe violations (JavaScript off)").toEqual([]);
  } finally {
    await cleanup();
  }
}

/**
 * With JavaScript on, waits until React has hydrated the page: the router, and the page's lazy view (an editor,
 * hydrated when its chunk has come: app/components/lazy-view.tsx, ADR 0064) unless `views` is false.
 */
export async function waitForHydration(
  page: Page,
  javaScriptEnabled: boolean,
  { views = true }: { views?: boolean } = {},
): Promise<void> {
  if (!javaScriptEnabled) return;
  await page.waitForFunction((views) => {
    const w = window as unknown as { __remixRouter?: { state: { initialized: boolean } }; __lazyViewsPending?: number };
    return w.__remixRouter?.state.initialized === true && (!views || !w.__lazyViewsPending);
  }, views);
}

/** Where the e2e service's SMTP peer writes the messages it receives (see playwright.config.ts). */
export const mailDir = () => path.join(os.tmpdir(), `rbqm-e2e-${Number(process.env.E2E_PORT ?? 3199)}-mail`);

export interface ReceivedMessage {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parseMessage(raw: string): ReceivedMessage {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join("\n\n");
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
  if (/quoted-printable/i.test(header("Content-Transfer-Encoding"))) body = decodeQuotedPrintable(body);
  else if (/base64/i.test(header("Content-Transfer-Encoding")))
    body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { to: header("X-Envelope-To"), subject: header("Subject"), text: body };
}

/**
 * Waits for a message to `to` that arrived after `since` (a Date.now() taken before the action that sends it), and
 * whose text holds `contains` when given (a file name: another test may mail the same user meanwhile).
 */
export async function waitForMail(
  to: string,
  since: number,
  timeoutMs = 15_000,
  contains?: string,
): Promise<ReceivedMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(mailDir())
      ? fs
          .readdirSync(mailDir())
          .filter((f) => f.endsWith(".eml"))
          .sort()
      : [];
    for (const file of files.reverse()) {
      if (Number(file.split("-")[0]) < since) continue;
      const message = parseMessage(fs.readFileSync(path.join(mailDir(), file), "utf8"));
      if (!message.to.toLowerCase().includes(to.toLowerCase())) continue;
      if (contains === undefined || message.text.includes(contains)) return message;
    }
    if (Date.now() > until) throw new Error(`no mail to ${to} since ${new Date(since).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The service's own origin, as a browser's form post to it carries (web posts without one are refused). */
export function sameOriginHeaders(): Record<string, string> {
  return { origin: new URL(base.info().project.use.baseURL!).origin };
}

/** The password of every seeded demo and e2e account (server/seed/demo.ts, tests/e2e/fixtures/seed.ts). */
export const SEEDED_PASSWORD = "Rbqm-Demo-2026";

/**
 * Signs the page's browser context in through the real sign-in forms, posted directly (the forms themselves are
 * tested in auth.spec.ts). The cookies land in the page's context.
 */
export async function signInAs(page: Page, email: string, password = SEEDED_PASSWORD): Promise<void> {
  const headers = sameOriginHeaders();
  const first = await page.request.post("/ng/login", { form: { intent: "continue", email }, headers, maxRedirects: 0 });
  expect(first.headers().location, `e-mail step for ${email}`).toBe("/ng/login/password");
  const second = await page.request.post("/ng/login/password", {
    form: { intent: "signIn", password },
    headers,
    maxRedirects: 0,
  });
  expect(second.status(), `password step for ${email}`).toBe(302);
}

/**
 * Follows a CTQ request's results page (…/ctqf/results?id=) until it is Finished: reloads every 2 s, up to 3 minutes,
 * and fails at once on the root error (tests/e2e/ctq-identification.spec.ts, ctq-evidence.spec.ts).
 */
export async function untilCtqFinished(page: Page): Promise<void> {
  const lists = page.getByTestId("ctq-criticalProcesses");
  for (let i = 0; i < 90 && !(await lists.isVisible()); i++) {
    await expect(page.getByTestId("root-error")).toHaveCount(0);
    await page.waitForTimeout(2000);
    await page.reload();
  }
  await expect(lists).toBeVisible();
}

/**
 * Holds back the browser's requests for a lazy chunk of the build (`…/<name>-<hash>.js`) until `release` is called;
 * `asked` lists the requests made (ADR 0051, 0052: a user acting before a part's code has come).
 */
export async function holdChunk(page: Page, name: string): Promise<{ asked: string[]; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(new RegExp(`/ng/build/(?:.*/)?${name}-[A-Z0-9]+\\.js$`), async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  return { asked, release };
}
