import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { findPostgresBin, startCluster } from "../support/postgres-cluster";

/** The service as operators run it: `node build/server.js` with environment variables. */

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  let output = "";
  const childEnv: NodeJS.ProcessEnv = {
    NODE_ENV: "production",
    PATH: process.env.PATH ?? "",
    HOME: os.tmpdir(),
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    ENV_FILE: "none",
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code: number | null) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the service on port ${port} did not become ready`);
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-service-"));

test.describe("the Node service", () => {
  // Each test starts whole services (migrations, seeding, password hashing): slow on a busy machine, not a speed goal.
  test.describe.configure({ timeout: 120_000 });
  test("stops at start with one clear line naming a bad variable", async () => {
    const run = start({ PORT: "abc", DATA_DIR: tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('Configuration error: PORT must be an integer between 1 and 65535 (got "abc")');
  });

  test("refuses to open an embedded database another process is using", async () => {
    const run = start({ PORT: String(await freePort()), DATA_DIR: E2E_DATA_DIR });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      /Startup failed: The embedded database in .* is in use by process \d+\. Stop it first, or set DATA_DIR/,
    );
  });

  test("starts on an empty DATA_DIR, seeds it, and shuts down cleanly on SIGTERM", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitReady(port);
      const settings = await fetch(`http://127.0.0.1:${port}/api/v2/settings`);
      expect(await settings.json()).toMatchObject({ productName: "RBQM Studio" });
      // A page is compressed for a client that asks, and says once that it varies so (server/main.ts).
      const page = `http://127.0.0.1:${port}/ng/error?errorMessage=hi`;
      const gzipped = await fetch(page, { headers: { "accept-encoding": "gzip" } });
      expect([gzipped.headers.get("content-encoding"), gzipped.headers.get("vary")]).toEqual([
        "gzip",
        "Accept-Encoding",
      ]);
      expect(await gzipped.text()).toContain('role="alert"');
      const plain = await fetch(page, { headers: { "accept-encoding": "identity" } });
      expect([plain.headers.get("content-encoding"), plain.headers.get("vary")]).toEqual([null, "Accept-Encoding"]);
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "app-secret"))).toBe(true);
      expect((fs.statSync(path.join(dataDir, "app-secret")).mode & 0o777).toString(8)).toBe("600");
    } finally {
      run.child.kill("SIGTERM");
    }
    expect(await run.exited).toBe(0);
    const lines = run
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        "database ready",
        "demo data seeded",
        "shutting down: finishing open requests",
        "stopped",
      ]),
    );
    // Every request line is structured and carries its request id.
    const requestLine = lines.find((l) => l.msg === "request" && l.path === "/api/v2/settings");
    expect(requestLine).toMatchObject({ level: "info", method: "GET", status: 200 });
    expect(requestLine!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // A second start on the same data seeds nothing more.
    const again = start({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitReady(port);
    } finally {
      again.child.kill("SIGTERM");
    }
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain("demo data seeded");
  });

  test("runs as an API service and a web service reaching it over HTTP (API_URL)", async ({ browser }) => {
    const apiPort = await freePort();
    const webPort = await freePort();
    const api = start({ PORT: String(apiPort), ROLE: "api", DATA_DIR: tempDir() });
    await waitReady(apiPort);
    const webBase = `http://127.0.0.1:${webPort}`;
    const web = start({
      PORT: String(webPort),
      PUBLIC_URL: webBase,
      API_URL: `http://127.0.0.1:${apiPort}`,
      DATA_DIR: tempDir(),
    });
    try {
      await waitReady(webPort);
      // The API role serves the API and nothing else.
      expect((await fetch(`http://127.0.0.1:${apiPort}/ng/error`)).status).toBe(404);
      // The web role proxies /api/* to it, and its pages load their data through it.
      const settings = await fetch(`http://127.0.0.1:${webPort}/api/v2/settings`);
      expect(await settings.json()).toMatchObject({ productName: "RBQM Studio" });
      const denied = await fetch(`http://127.0.0.1:${webPort}/api/companies/x/get`, { method: "POST" });
      expect(denied.status).toBe(401);
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${webPort}/ng/error?errorMessage=over%20http`);
      await expect(page.getByRole("alert")).toHaveText("over http");
      await expect(page.getByRole("link", { name: "Contact support" })).toBeVisible();
      await page.close();
      // A signed-in study page: its shell call (ADR 0062) and every other call go over HTTP to the API service.
      const context = await browser.newContext({ baseURL: webBase });
      const signedIn = await context.newPage();
      const post = (pathname: string, form: Record<string, string>) =>
        signedIn.request.post(pathname, { form, headers: { origin: webBase }, maxRedirects: 0 });
      await post("/ng/login", { intent: "continue", email: "admin@demo-pharma.example" });
      expect((await post("/ng/login/password", { intent: "signIn", password: "Rbqm-Demo-2026" })).status()).toBe(302);
      expect((await signedIn.goto("/ng/companies/6560de000000000000000001/studies/DEMO001"))?.status()).toBe(200);
      await expect(signedIn.getByRole("heading", { level: 1 })).toContainText("DEMO-001");
      await expect(signedIn.getByTestId("current-study")).toHaveText("DEMO-001");
      await context.close();
      // The request id travels from the web service to the API service.
      const traced = await fetch(`http://127.0.0.1:${webPort}/api/v2/settings`, {
        headers: { "x-request-id": "trace-me-123" },
      });
      expect(traced.headers.get("x-request-id")).toBe("trace-me-123");
      await expect.poll(() => api.output().includes('"reqId":"trace-me-123"')).toBe(true);
    } finally {
      web.child.kill("SIGTERM");
      api.child.kill("SIGTERM");
    }
    expect(await web.exited).toBe(0);
    expect(await api.exited).toBe(0);
  });
});

test.describe("the database going away", () => {
  test.describe.configure({ timeout: 180_000 });
  test("pages and API calls answer 503 with a clear message, and the service recovers by itself", async ({
    browser,
  }) => {
    const bin = findPostgresBin();
    expect(bin, "PostgreSQL must be installed for this test (CI installs it)").not.toBeNull();
    const cluster = await startCluster(bin!);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const run = start({
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: tempDir(),
      DATABASE_URL: cluster.url,
      SEED_DEMO_DATA: "true",
      APP_SECRET: "service-test-secret-0123456789-abcdefghijklmnop",
    });
    const context = await browser.newContext({ baseURL: base });
    try {
      await waitReady(port);
      const page = await context.newPage();
      const signIn = async (pathname: string, form: Record<string, string>) =>
        page.request.post(pathname, { form, headers: { origin: base }, maxRedirects: 0 });
      await signIn("/ng/login", { intent: "continue", email: "admin@demo-pharma.example" });
      expect((await signIn("/ng/login/password", { intent: "signIn", password: "Rbqm-Demo-2026" })).status()).toBe(302);
      const study = "/ng/companies/6560de000000000000000001/studies/DEMO001";
      expect((await page.goto(study))?.status()).toBe(200);

      cluster.pause();
      const down = await page.goto(study);
      expect(down?.status()).toBe(503);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("The service is briefly unavailable");
      await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
      const api = await page.request.post("/api/companies/6560de000000000000000001/get", {
        headers: { authorization: "Bearer x" },
      });
      expect([401, 503]).toContain(api.status());
      expect((await fetch(`${base}/readyz`)).status).toBe(503);

      cluster.resume();
      await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 30_000 }).toBe(200);
      // Still signed in: a database outage does not end anyone's session.
      expect((await page.goto(study))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("DEMO-001");
    } finally {
      await context.close();
      run.child.kill("SIGTERM");
      await run.exited;
      cluster.stop();
    }
  });
});
