import http from "node:http";
import type { AddressInfo } from "node:net";
import { clearProviderCaches, providerKeys, providerMetadata } from "@server/auth/oidc-sso/discovery";
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

const brokenMultiparts: [string, string, string][] = [
  ["no boundary", "multipart/form-data", "Email=a"],
  [
    "an unterminated part",
    "multipart/form-data; boundary=zz",
    '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
  ],
  [
    "another boundary",
    "multipart/form-data; boundary=zz",
    '--yy\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--yy--',
  ],
  ["no part headers", "multipart/form-data; boundary=zz", "--zz\r\n\r\n--zz--"],
];

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

  it.each(posts.map((route) => [route.path]))("%s: a broken multipart body is 400 ValidationFailed", async (path) => {
    for (const [name, type, body] of brokenMultiparts) {
      const response = await api.call("POST", `/api${address(path)}`, {
        token,
        headers: { "content-type": type },
        body,
      });
      expect(response.status, name).toBe(400);
      expect(response.headers.get("content-type"), name).toContain("application/problem+json");
      expect(await response.json(), name).toMatchObject({
        title: "ValidationFailed",
        detail: "The body is not valid form data.",
      });
    }
  });

  it.each(posts.flatMap((route) => formTypes.map((type) => [route.path, type])))(
    "%s: an oversize %s body is 413 without being read whole",
    async (path, type) => {
      const { body, sent } = endlessForm();
      const response = await api.service.fetch(
        new Request(`http://localhost/api${address(path)}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": type },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ title: "PayloadTooLarge" });
      expect(sent()).toBeLessThan(8 * 1024 * 1024);
    },
  );
});

describe.each(dbKinds())("form posts outside the API's route table on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => {
    await api.close();
  });

  // The SAML assertion consumer service: the IdP's browser form post. Whatever arrives, the browser is sent to the
  // sign-in page's "single sign-on did not succeed", never a 500, and an endless body is not read whole.
  const refused = (response: Response) => {
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/ng/login?error=sso");
  };

  it("/saml/acs: a broken or odd body is the failure page", async () => {
    for (const [type, body] of [
      ...brokenMultiparts.map(([, t, b]) => [t, b]),
      ["application/x-www-form-urlencoded", "SAMLResponse=%zz&RelayState=%"],
      ["application/x-www-form-urlencoded", "SAMLResponse=bm90IHhtbA%3D%3D"],
      ["application/json", '{"SAMLResponse":1}'],
    ]) {
      refused(
        await api.service.fetch(
          new Request("http://localhost/saml/acs", { method: "POST", headers: { "content-type": type! }, body }),
        ),
      );
    }
  });

  it.each(formTypes)("/saml/acs: an oversize %s body is the failure page without being read whole", async (type) => {
    const { body, sent } = endlessForm();
    refused(
      await api.service.fetch(
        new Request("http://localhost/saml/acs", {
          method: "POST",
          headers: { "content-type": type },
          body,
          duplex: "half",
        } as RequestInit),
      ),
    );
    expect(sent()).toBeLessThan(8 * 1024 * 1024);
  });
});

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=zz"];

/** A body without a length that would go on for 64 MB: a limit must stop it early. */
function endlessForm(): { body: ReadableStream<Uint8Array>; sent: () => number } {
  let sent = 0;
  const chunk = new TextEncoder().encode(`a=${"x".repeat(64 * 1024)}&`);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent > 64 * 1024 * 1024) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, sent: () => sent };
}

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

  it.each(apiRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: a JSON answer, success or failure, is never stored",
    async (_name, route) => {
      for (const caller of [token, null]) {
        const response = await api.call(route.method, `/api${address(route.path)}`, {
          token: caller,
          ...(route.method === "POST" ? { json: {} } : {}),
        });
        if (!(response.headers.get("content-type") ?? "").includes("json") || route.path === "/oauth/jwks") {
          // A body not read is given up, as a browser closing it would (a streamed export holds a connection).
          await response.body?.cancel();
          continue;
        }
        expect(response.headers.get("cache-control"), `${response.status}`).toBe("no-store");
        expect(response.headers.get("pragma")).toBe("no-cache");
      }
    },
  );

  it("JSON nested deeper than any call takes is refused before it is parsed, never walked", async () => {
    const send = (body: string) =>
      api.call("POST", "/api/auth/login", { headers: { "content-type": "application/json" }, body });
    const deep = await send(`{"Email":${"[".repeat(65)}${"]".repeat(65)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ detail: "The body is nested more than 64 levels deep." });
    // Brackets inside strings are text, not nesting.
    const text = await send(JSON.stringify({ Email: "[".repeat(100), Password: '\\"{'.repeat(100) }));
    expect(text.status).toBe(400);
    expect(await text.json()).not.toMatchObject({ detail: "The body is nested more than 64 levels deep." });
  });

  it("a body is read only as the type it says it is: look-alike types and other charsets are 415", async () => {
    const send = (type: string, body: string) =>
      api.call("POST", "/api/auth/login", { headers: { "content-type": type }, body });
    const email = '{"Email":"someone@demo-pharma.example"}';
    for (const type of [
      "application/jsonx",
      "application/json-patch",
      "text/plainish",
      "multipart/form-datax",
      "application/json; charset=utf-16",
    ]) {
      const response = await send(type, email);
      expect(response.status, type).toBe(415);
      expect(await response.json(), type).toMatchObject({ title: "UnsupportedMediaType" });
    }
    // JSON is JSON with a charset of UTF-8, in any case, and as a +json type.
    for (const type of [
      "application/json",
      "Application/JSON; charset=UTF-8",
      'application/json; charset="utf-8"',
      "application/problem+json",
      "text/plain",
    ]) {
      expect(await send(type, email).then((r) => r.json()), type).toMatchObject({ title: "WrongCredentials" });
    }
  });

  const shapes: [string, string, string][] = [
    ["an array", "application/json", "[]"],
    ["a number", "application/json", "1e999"],
    ["a string", "application/json", '"x"'],
    ["null", "application/json", "null"],
    ["deep nesting", "application/json", `${"[".repeat(5000)}${"]".repeat(5000)}`],
    // Deep inside a body of the right outline: what walks it after the parse (the audit trail's copy) must not.
    ["deep objects", "application/json", `{"items":[${'{"a":'.repeat(5000)}1${"}".repeat(5000)}]}`],
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

/** A server that answers every request with an endless JSON array, counting what it managed to write. */
async function endlessJsonServer() {
  const state = { written: 0 };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.from(`"${"x".repeat(64 * 1024)}",`);
    const pump = () => {
      while (state.written < 64 * 1024 * 1024) {
        state.written += chunk.byteLength;
        if (!response.write(chunk)) return void response.once("drain", pump);
      }
      response.end("0]");
    };
    response.write("[");
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    base: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      server.close();
      clearProviderCaches();
    },
  };
}

describe("what another server sends is read within a limit too", () => {
  it("an identity provider's endless key set is cut off, and the token is refused", async () => {
    const idp = await endlessJsonServer();
    try {
      clearProviderCaches();
      const keys = providerKeys(`${idp.base}/jwks`);
      await expect(keys({ alg: "RS256", kid: "k1" }, { payload: "", signature: "" } as never)).rejects.toThrow(
        "The identity provider's key set is too large.",
      );
      expect(idp.state.written).toBeLessThan(16 * 1024 * 1024);
    } finally {
      idp.close();
    }
  });

  it("an identity provider's endless discovery document is cut off, not buffered", async () => {
    let written = 0;
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.from(`"${"x".repeat(64 * 1024)}",`);
      const pump = () => {
        while (written < 64 * 1024 * 1024) {
          written += chunk.byteLength;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end("0]");
      };
      response.write("[");
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      clearProviderCaches();
      await expect(providerMetadata(`http://127.0.0.1:${port}`)).rejects.toThrow(
        "The discovery document is too large.",
      );
      expect(written).toBeLessThan(16 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      server.close();
      clearProviderCaches();
    }
  });
});
