import { expect, expectAccessible, signInAs, test, waitForHydration } from "./support";

test.describe("error page /ng/error", () => {
  test("shows the passed errorMessage in an alert, with the logo, a way back and support", async ({
    page,
    javaScriptEnabled,
  }) => {
    const response = await page.goto("/ng/error?errorMessage=hi");
    expect(response?.status()).toBe(200);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - Error");
    // The passed message is what happened: it leads the page, in the alert; the page's own texts follow.
    await expect(page.getByRole("alert").getByRole("heading", { level: 1 })).toHaveText("hi");
    await expect(page.getByText("Umm... That wasn't supposed to happen")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute("href", "/ng/");
    await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute(
      "href",
      "mailto:support@rbqm.example?subject=Problem%20report",
    );
    const logo = page.getByRole("img", { name: "Company logo" });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
  });

  test("without an errorMessage shows no alert", async ({ page }) => {
    await page.goto("/ng/error");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Umm... That wasn't supposed to happen");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("shows markup in the message as text, never as markup", async ({ page }) => {
    const attack = "<img src=x onerror=\"document.title='owned'\"><b>bold</b>";
    await page.goto(`/ng/error?errorMessage=${encodeURIComponent(attack)}`);
    await expect(page.getByRole("alert")).toHaveText(attack);
    await expect(page.locator("main img")).toHaveCount(1);
    await expect(page.locator("main b")).toHaveCount(0);
    await expect(page).not.toHaveTitle("owned");
  });

  test("'Go back' returns to the page the user came from", async ({ page, javaScriptEnabled }) => {
    await page.goto("/ng/forgotPassword");
    await page.goto("/ng/error?errorMessage=oops", { referer: page.url() });
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/ng\/forgotPassword$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
  });

  test("needs no sign-in and keeps a foreign referrer out of the back link", async ({ page }) => {
    await page.goto("/ng/error?errorMessage=x", { referer: "https://evil.example/phish" });
    await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute("href", "/ng/");
  });
});

test.describe("pages and 404", () => {
  test("the site root leads to /ng/, which asks a signed-out visitor to sign in", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/ng\/login$/);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - Sign in");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("sign in");
    await expectAccessible(page);
  });

  test("an unknown /ng/ address gets a real 404 page (signed in; signed out it asks for sign-in first)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, `user-${test.info().project.name}@e2e.example`);
    const response = await page.goto("/ng/no/such/page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page, javaScriptEnabled);
    await expect(page).toHaveTitle("RBQM Studio - Page not found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/ng/");
    await expectAccessible(page);
  });

  test("an unknown address outside /ng/ is a 404 too", async ({ page }) => {
    const response = await page.goto("/no-such-thing");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("pages carry a nonce-based Content-Security-Policy and hardening headers", async ({ page }) => {
    const response = await page.goto("/ng/error");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test.describe("locales", () => {
  test("?lng=xx switches to the test locale and a cookie keeps it", async ({ page, context, javaScriptEnabled }) => {
    await page.goto("/ng/error?lng=xx&errorMessage=data");
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("data");
    await expect(page.getByText("⟦Umm... That wasn't supposed to happen⟧")).toBeVisible();
    // Every text on the page comes from the locale file (or is the data passed in).
    const texts = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style") || parent.closest("[hidden]")) continue;
        const text = node.textContent?.trim() ?? "";
        if (text) found.push(text);
      }
      return found;
    });
    const unmarked = texts.filter(
      (text) => !/^⟦[\s\S]*⟧$/.test(text) && !/^[\s:.,;!?()-]*$/.test(text) && text !== "data",
    );
    expect(unmarked).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === "lng")).toMatchObject({
      value: "xx",
      httpOnly: true,
      sameSite: "Lax",
    });

    await page.goto("/ng/");
    await expect(page.locator("html")).toHaveAttribute("data-locale", "xx");
    await page.goto("/ng/login?lng=deven");
    await expect(page.locator("html")).toHaveAttribute("data-locale", "deven");
  });

  test("an unsupported ?lng= falls back to deven", async ({ page }) => {
    await page.goto("/ng/error?lng=fr");
    await expect(page.locator("html")).toHaveAttribute("data-locale", "deven");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Umm... That wasn't supposed to happen");
  });

  test("with JavaScript the browser loads its messages from /locales/{locale}.json", async ({
    page,
    javaScriptEnabled,
  }) => {
    const requested = page
      .waitForResponse((r) => r.url().endsWith("/locales/deven.json"), { timeout: javaScriptEnabled ? 10_000 : 1_500 })
      .catch(() => null);
    await page.goto("/ng/error");
    const response = await requested;
    if (javaScriptEnabled) expect(response?.status()).toBe(200);
    else expect(response).toBeNull();
  });
});

test.describe("service endpoints", () => {
  test("GET /api/v2/settings answers JSON", async ({ request }) => {
    const response = await request.get("/api/v2/settings");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({
      productName: "RBQM Studio",
      apiUrl: "/",
      rbqmSupportEmail: "support@rbqm.example",
    });
  });

  test("an unauthenticated API call gets 401 in the result wrapper", async ({ request }) => {
    const response = await request.post("/api/companies/6560de000000000000000001/get");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ title: "NotAuthenticated", status: 401 });
  });

  test("/locales/{locale}.json serves deven and xx, and 404 for others", async ({ request }) => {
    const deven = await request.get("/locales/deven.json");
    expect(deven.status()).toBe(200);
    expect(await deven.json()).toMatchObject({ errorPage: { title: "Umm... That wasn't supposed to happen" } });
    expect((await request.get("/locales/xx.json")).status()).toBe(200);
    const missing = await request.get("/locales/fr.json");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: "locale fr not found" });
  });

  test("/healthz and /readyz answer", async ({ request }) => {
    expect(await (await request.get("/healthz")).json()).toMatchObject({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "pglite" });
  });
});
