import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, sameOriginHeaders, signInAs, test, waitForHydration, waitForMail } from "./support";

/**
 * What has landed holds up against a hostile client and a new user (issue 9): every web form with a broken or an
 * oversize body, posts without proof of origin, other host names, pages after Log Out, ended sessions, deep links
 * signed out, denials, network failures.
 */
const COMPANY = "6560de000000000000000001";
const STUDY = "DEMO001";
const project = () => test.info().project.name;
const baseURL = () => test.info().project.use.baseURL!;

/** Every web route that accepts a post, from the build's route manifest, as an address with demo parameters. */
function formRoutes(): string[] {
  const dir = path.join(process.cwd(), "public", "ng", "build");
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f))!;
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean }>;
  };
  const routes = manifest.routes;
  const addresses: string[] = [];
  for (const route of Object.values(routes)) {
    if (!route.hasAction) continue;
    const parts: string[] = [];
    for (let r: (typeof routes)[string] | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined)
      if (r.path) parts.unshift(r.path);
    const address = `/${parts.join("/")}`
      .replace(/\/+/g, "/")
      .replace(":companyId", COMPANY)
      .replace(":studyName", STUDY);
    if (!address.startsWith("/ng")) continue;
    addresses.push(route.index ? `${address}?index` : address);
  }
  return addresses;
}

const brokenMultipart = (request: APIRequestContext, address: string, headers: Record<string, string>) =>
  request.post(address, {
    headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
    data: "Email=a",
    maxRedirects: 0,
  });

test.describe("every web form", () => {
  test("a broken multipart body answers 400 with the page and a message, never 500", async ({ request }) => {
    const routes = formRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const address of routes) {
      const response = await brokenMultipart(request, address, sameOriginHeaders());
      expect(response.status(), address).toBe(400);
      expect(await response.text(), address).toContain("The form could not be read. Please try again.");
      const data = await brokenMultipart(request, address.replace(/(\?|$)/, ".data$1"), sameOriginHeaders());
      expect(data.status(), `${address} (data)`).toBe(400);
    }
  });

  test("a post that is no form (no body, no type, JSON, an empty multipart) answers 400 with the page, never 500", async ({
    request,
  }) => {
    const kinds: Record<string, { headers?: Record<string, string>; data?: string }> = {
      "no body, no type": {},
      JSON: { headers: { "content-type": "application/json" }, data: "{}" },
      "empty multipart": { headers: { "content-type": "multipart/form-data; boundary=x" }, data: "" },
      XML: { headers: { "content-type": "application/xml" }, data: "<form/>" },
    };
    for (const address of formRoutes()) {
      for (const [kind, { headers, data }] of Object.entries(kinds)) {
        const response = await request.post(address, {
          headers: { ...sameOriginHeaders(), ...headers },
          data,
          maxRedirects: 0,
        });
        expect(response.status(), `${address}: ${kind}`).toBe(400);
        expect(await response.text(), `${address}: ${kind}`).toContain("The form could not be read. Please try again.");
      }
    }
  });

  test("field names and control intents no form of ours sends cannot make a page build huge values, or crash", async ({
    request,
  }) => {
    const hostile = new URLSearchParams([
      ["intent", "continue"],
      ["email[9999999]", "x"],
      ["rows[9999999].title", "x"],
      [`a${".a".repeat(5000)}`, "x"],
      ["__intent__", "not json"],
    ]).toString();
    const update = JSON.stringify({
      type: "update",
      payload: { name: "rows", index: 9_999_999, value: { title: "x" } },
    });
    for (const address of formRoutes()) {
      for (const data of [hostile, `intent=save&__intent__=${encodeURIComponent(update)}`]) {
        const response = await request.post(address, {
          headers: { ...sameOriginHeaders(), "content-type": "application/x-www-form-urlencoded" },
          data,
          maxRedirects: 0,
        });
        expect(response.status(), address).toBeLessThan(500);
        expect((await response.body()).length, address).toBeLessThan(200_000);
      }
    }
  });

  test("signed in, values of a shape no form sends (a list or a row as plain text) never crash a page", async ({
    page,
  }) => {
    // 25 posts per form route, and the routes grow with the product.
    test.slow();
    // An account of its own: these posts may save the test page's list (empty), which other tests read.
    await signInAs(page, `hostile-${project()}@e2e.example`);
    const shapes = ["rows=x", "rows.title=x", "rows%5B0%5D=x", "draft=x", "rows=x&draft=x&email.x=y&password%5B0%5D=z"];
    // Log Out last, as it ends the session the other posts need.
    const routes = formRoutes().sort((a, b) => Number(a.includes("logout")) - Number(b.includes("logout")));
    for (const address of routes) {
      for (const intent of ["save", "openAdd", "add", "askDelete:0", "continue"]) {
        for (const shape of shapes) {
          const response = await page.request.post(address, {
            headers: { ...sameOriginHeaders(), "content-type": "application/x-www-form-urlencoded" },
            data: `intent=${encodeURIComponent(intent)}&${shape}`,
            maxRedirects: 0,
          });
          expect(response.status(), `${address} ${intent} ${shape}`).toBeLessThan(500);
        }
      }
    }
  });

  test("a method no form sends (PUT, PATCH, DELETE) is 405 with Allow, on pages and data alike", async ({
    request,
  }) => {
    for (const address of [...formRoutes(), "/ng/", "/ng/login.data", "/ng/error"]) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const response = await request.fetch(address, {
          method,
          headers: { ...sameOriginHeaders(), "content-type": "application/x-www-form-urlencoded" },
          data: "intent=logout",
          maxRedirects: 0,
        });
        expect(response.status(), `${method} ${address}`).toBe(405);
        expect(response.headers()["allow"], `${method} ${address}`).toBe("GET, HEAD, POST");
      }
    }
  });

  test("an oversize body answers 413 with a short page, whatever the route; nothing is echoed", async ({ request }) => {
    const big = `email=${"a".repeat(1024 * 1024 + 10)}`;
    for (const address of formRoutes()) {
      const response = await request.post(address, {
        headers: { ...sameOriginHeaders(), "content-type": "application/x-www-form-urlencoded" },
        data: big,
        maxRedirects: 0,
      });
      expect(response.status(), address).toBe(413);
      const body = await response.text();
      expect(body.length, address).toBeLessThan(200_000);
      expect(body, address).toContain("The form was too large to be accepted (more than 1024 KB).");
      expect(body).not.toContain("aaaaaaaaaa");
    }
  });

  test("a post without Origin or Referer is refused with a page that says why; one from elsewhere too", async ({
    request,
  }) => {
    for (const address of formRoutes()) {
      const bare = await request.post(address, { form: { intent: "logout" }, maxRedirects: 0 });
      expect(bare.status(), address).toBe(403);
      expect(await bare.text(), address).toContain("Your browser did not say where this form came from");
      const foreign = await request.post(address, {
        form: { intent: "logout" },
        headers: { origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(foreign.status(), address).toBe(403);
      expect(await foreign.text(), address).toContain("This one came from https://evil.example");
    }
    // A Referer of this site stands in for a missing Origin.
    const referred = await request.post("/ng/login?index", {
      form: { intent: "continue", email: "someone@else.example" },
      headers: { referer: `${baseURL()}/ng/login` },
      maxRedirects: 0,
    });
    expect(referred.status()).toBe(302);
  });
});

test.describe("addresses and origins", () => {
  test("another name of this machine works; a Host that differs from Origin is never a 500", async ({ request }) => {
    const port = new URL(baseURL()).port;
    const viaLocalhost = await request.post("/ng/login?index", {
      form: { intent: "continue", email: "x@y.example" },
      headers: { host: `localhost:${port}`, origin: `http://localhost:${port}` },
      maxRedirects: 0,
    });
    expect(viaLocalhost.status()).toBe(302);
    const mismatch = await request.post("/ng/oidc/logout", {
      form: { intent: "logout" },
      headers: { host: `localhost:${port}`, origin: baseURL() },
      maxRedirects: 0,
    });
    expect(mismatch.status()).not.toBe(500);
    const rebound = await request.get("/ng/login", { headers: { host: `evil.example:${port}` } });
    expect(rebound.status()).toBe(421);
    const page = await rebound.text();
    expect(page).toContain("This address is not served here");
    expect(page).toContain(`You opened http://evil.example:${port}, but this service answers at ${baseURL()}`);
  });

  test("a form posted to us from another site gets the refusal page, accessible, without sign-in", async ({ page }) => {
    // A page of another origin (here: no origin at all) with a form aimed at us, as a cross-site attack would be.
    await page.setContent(
      `<main><form method="post" action="${baseURL()}/ng/oidc/logout"><input type="hidden" name="intent" value="logout"><button>Send</button></form></main>`,
    );
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your form was not sent");
    await expect(page.getByText("Your browser did not say where this form came from")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("pages after the session", () => {
  test("every signed-in document and data answer is no-store, nosniff and not framable", async ({ page }) => {
    await signInAs(page, `user-${project()}@e2e.example`);
    for (const address of [
      `/ng/companies/${COMPANY}`,
      `/ng/companies/${COMPANY}/studies/${STUDY}`,
      "/ng/testHeader",
      "/ng/error?errorMessage=x",
    ]) {
      for (const target of [address, address.replace(/(\?|$)/, ".data$1")]) {
        const response = await page.request.get(target);
        expect(response.status(), target).toBe(200);
        expect(response.headers()["cache-control"], target).toBe("private, no-store");
        expect(response.headers()["x-content-type-options"], target).toBe("nosniff");
        expect(response.headers()["content-security-policy"], target).toContain("frame-ancestors 'none'");
      }
    }
    // A resource route's JSON (the study dropdown's list) is not stored either.
    const menu = await page.request.get(`/ng/companies/${COMPANY}/studyMenu`);
    expect(menu.status()).toBe(200);
    expect(menu.headers()["cache-control"]).toContain("no-store");
  });

  test("after Log Out, Back does not show the previous user's page", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, `user-${project()}@e2e.example`);
    await page.goto(`/ng/companies/${COMPANY}`);
    await expect(page.getByText(`E2E user ${project()}`).first()).toBeAttached();
    await waitForHydration(page, javaScriptEnabled);
    await page.request.post("/ng/oidc/logout", { form: { intent: "logout" }, headers: sameOriginHeaders() });
    await page.goto("/ng/login");
    await page.goBack();
    await expect(page).toHaveURL(/\/ng\/login/);
    await expect(page.getByText(`E2E user ${project()}`)).toHaveCount(0);
  });

  test("a session ended elsewhere (a password reset) sends the next page to sign-in, on every page", async ({
    page,
    browser,
  }) => {
    const email = `revoked-${project()}@e2e.example`;
    await signInAs(page, email);
    await page.goto("/ng/testHeader");
    await expect(page).toHaveURL(/\/ng\/testHeader$/);

    const other = await browser.newContext();
    try {
      const since = Date.now();
      const reset = await other.request.post("/ng/forgotPassword", {
        form: { intent: "reset", email },
        headers: sameOriginHeaders(),
      });
      expect(reset.status()).toBeLessThan(400);
      const mail = await waitForMail(email, since);
      const link = /https?:\/\/\S+\/ng\/setNewPassword\?\S+/.exec(mail.text)![0];
      const query = new URL(link).searchParams;
      const set = await other.request.post("/ng/setNewPassword", {
        form: {
          intent: "setPassword",
          token: query.get("token")!,
          userId: query.get("userId")!,
          password: "Another-Password-2026",
          confirmPassword: "Another-Password-2026",
        },
        headers: sameOriginHeaders(),
      });
      expect(set.status()).toBeLessThan(400);
    } finally {
      await other.close();
    }
    for (const address of ["/ng/testHeader", `/ng/companies/${COMPANY}`, `/ng/companies/${COMPANY}/studies/${STUDY}`]) {
      await page.goto(address);
      await expect(page, address).toHaveURL(/\/ng\/login(\?continue=.*)?$/);
    }
  });
});

test.describe("signed out, denied", () => {
  test("an unknown or deep /ng/ address, signed out, asks for sign-in and comes back", async ({ page }) => {
    await page.goto("/ng/companies/6560de000000000000000001/studies/DEMO001/somewhere/deep?x=1");
    await expect(page).toHaveURL(
      /\/ng\/login\?continue=%2Fng%2Fcompanies%2F6560de000000000000000001%2Fstudies%2FDEMO001%2Fsomewhere%2Fdeep%3Fx%3D1$/,
    );
    await page.goto("/ng/no-such-page");
    await expect(page).toHaveURL(/\/ng\/login\?continue=%2Fng%2Fno-such-page$/);
  });

  test("signed in, an unknown address is a 404 page with a title; an unknown study too", async ({ page }) => {
    await signInAs(page, `user-${project()}@e2e.example`);
    const response = await page.goto("/ng/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("RBQM Studio - Page not found");
    const study = await page.goto(`/ng/companies/${COMPANY}/studies/NOSUCHSTUDY`);
    expect(study?.status()).toBe(404);
    await expect(page).toHaveTitle("RBQM Studio - Page not found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("banner")).toBeVisible(); // inside the shell
    const malformed = await page.goto("/ng/companies/not-a-company-id");
    expect(malformed?.status()).toBe(404);
    await expectAccessible(page);
  });

  test("a permission denial reads as no access, inside the shell, with a way back", async ({ page }) => {
    await signInAs(page, "noaccess@demo-pharma.example");
    await page.goto(`/ng/companies/${COMPANY}/studies/${STUDY}`, { referer: `${baseURL()}/ng/empty?from=here` });
    await expect(page).toHaveURL(/\/ng\/error\?errorMessage=You(%20|\+)lack/);
    const alert = page.getByRole("alert").filter({ hasText: "You lack the permissions to view this page." });
    await expect(alert.getByRole("heading", { level: 1 })).toHaveText("You lack the permissions to view this page.");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute("href", "/ng/empty?from=here");
    await expectAccessible(page);
  });
});

test.describe("single sign-on from the plain login page (no continue address)", () => {
  test("SAML: /ng/login → the identity provider → signed in on the company's home", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/login");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Enter your email" }).fill("sso@northwind.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Northwind test identity provider");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000002$/);
    await expect(page.getByText("Sol Single-Sign-On").first()).toBeAttached();
  });

  test("OIDC: /ng/login → the identity provider → signed in on the company's home", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/login");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Enter your email" }).fill("sso@contoso.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contoso sign-in");
    await page.getByLabel("Password").fill("Contoso-IdP-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/ng\/companies\/6560de000000000000000003$/);
    await expect(page.getByText("Cora Contoso").first()).toBeAttached();
  });
});

test.describe("single sign-on that could not finish", () => {
  test("back on the login page: 'briefly unavailable' when the data was away, 'failed' otherwise; accessible", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/ng/login?error=unavailable");
    await waitForHydration(page, javaScriptEnabled);
    await expect(page.getByRole("alert")).toHaveText(
      "The service cannot reach its data right now. Nothing you entered was saved by this request. Please try again in a moment.",
    );
    await expectAccessible(page);
    await page.goto("/ng/login?error=sso");
    await expect(page.getByRole("alert")).not.toContainText("cannot reach its data");
    await expect(page.getByRole("alert")).not.toBeEmpty();
    await page.goto("/ng/login?error=other");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
