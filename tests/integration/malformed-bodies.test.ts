import { DEMO } from "@server/seed/demo";
import { apiRoutes } from "@server/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 9: a broken or oversize body is the caller's mistake. Every POST route of the API, from the route table,
 * answers a broken multipart body with 400 and an oversize form with 413 (or refuses the caller first), in the
 * result wrapper, never with a 500.
 */
const posts = apiRoutes.filter((route) => route.method === "POST");
const address = (path: string) =>
  path
    .replace(":companyId", DEMO.company.id)
    .replace(":studyName", DEMO.studies.active.name)
    .replace(":userId", DEMO.users.admin.id)
    .replace(/:[A-Za-z]+/g, "x");

describe.each(dbKinds())("malformed bodies on %s", (kind) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    token = await api.token(DEMO.users.admin.id);
  });
  afterAll(async () => {
    await api.close();
  });

  it("POST /api/auth/login with a broken multipart body: 400 ValidationFailed", async () => {
    const response = await api.call("POST", "/api/auth/login", {
      headers: { "content-type": "multipart/form-data" },
      body: "Email=a",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ title: "ValidationFailed" });
  });

  it.each(posts.map((route) => [route.path]))(
    "%s: a broken multipart body is 400 (or the caller is refused first)",
    async (path) => {
      const response = await api.call("POST", `/api${address(path)}`, {
        token,
        headers: { "content-type": "multipart/form-data; boundary=zz" },
        body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      });
      expect([400, 401, 403, 404]).toContain(response.status);
      expect(response.headers.get("content-type")).toContain("json");
    },
  );

  it.each(posts.map((route) => [route.path]))(
    "%s: an oversize form is 413 without being read whole (or the caller is refused first)",
    async (path) => {
      let sent = 0;
      const chunk = new TextEncoder().encode(`a=${"x".repeat(64 * 1024)}&`);
      // A body without a length that would go on for 64 MB: the limit must stop it early.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 64 * 1024 * 1024) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const response = await api.service.fetch(
        new Request(`http://localhost/api${address(path)}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect([401, 403, 404, 413]).toContain(response.status);
      expect(sent).toBeLessThan(8 * 1024 * 1024);
    },
  );
});

describe.each(dbKinds())("odd inputs never make a 500 on %s", (kind) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    token = await api.token(DEMO.users.admin.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const shapes: [string, string, string][] = [
    ["an array", "application/json", "[]"],
    ["a number", "application/json", "1e999"],
    ["a string", "application/json", '"x"'],
    ["null", "application/json", "null"],
    ["deep nesting", "application/json", `${"[".repeat(5000)}${"]".repeat(5000)}`],
    [
      "wrong field types",
      "application/json",
      '{"paging":{"page":"x","pageSize":-1},"permissions":"no","Email":[1],"token":{}}',
    ],
    ["huge numbers", "application/json", '{"paging":{"page":1e308,"pageSize":9007199254740993}}'],
    ["an unknown type", "application/x-yaml", "a: 1"],
    ["text", "text/plain", "hello"],
  ];

  it.each(posts.map((route) => [route.path]))(
    "%s: every odd body is refused in the result wrapper, never a 500",
    async (path) => {
      for (const [name, type, body] of shapes) {
        const response = await api.call("POST", `/api${address(path)}`, {
          token,
          headers: { "content-type": type },
          body,
        });
        expect(response.status, `${name} → ${response.status}`).toBeLessThan(500);
      }
    },
  );

  it("odd path parameters are refused, never a 500", async () => {
    for (const segment of ["%2F", "%00", "..", "%2e%2e", "x".repeat(3000), "%E0%A4%A", "a%20b", "😀"]) {
      for (const path of [
        `/api/companies/${segment}/get`,
        `/api/companies/${DEMO.company.id}/studies/${segment}/get`,
        `/api/users/${segment}/profilePicture/get`,
      ]) {
        const response = await api.call("POST", path, { token });
        expect(response.status, `${path} → ${response.status}`).toBeLessThan(500);
      }
    }
  });
});
