import { describe, expect, it } from "vitest";
import { createApiClient } from "~/lib/api/client.server";
import type { ApiTransport } from "~/lib/api/transport.server";

const answering =
  (status: number, body: unknown, contentType = "application/json"): ApiTransport =>
  async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": contentType },
    });

describe("API client: reading the result wrapper (000 §8)", () => {
  it("reads title, detail and additionalData on a non-2xx status", async () => {
    const client = createApiClient({
      transport: answering(409, {
        title: "Duplicate value found",
        detail: "Titles must be unique.",
        additionalData: [{ title: "A" }],
      }),
    });
    expect(await client.companies.get("c")).toEqual({
      ok: false,
      status: 409,
      error: {
        code: "Duplicate value found",
        detail: "Titles must be unique.",
        additionalData: [{ title: "A" }],
        requestId: undefined,
      },
    });
  });

  it("reads Error and Details fields", async () => {
    const client = createApiClient({ transport: answering(500, { Error: "SomethingBroke", Details: "in the back" }) });
    expect(await client.companies.get("c")).toMatchObject({
      ok: false,
      error: { code: "SomethingBroke", detail: "in the back" },
    });
  });

  it("uses the error's name and message when there is no response at all", async () => {
    const client = createApiClient({
      transport: async () => {
        throw new TypeError("fetch failed");
      },
    });
    expect(await client.settings.get()).toEqual({
      ok: false,
      status: 0,
      error: { code: "TypeError", detail: "fetch failed" },
    });
  });

  it("falls back to 'Unknown' for anything else", async () => {
    const client = createApiClient({ transport: answering(502, "<html>Bad gateway</html>", "text/html") });
    expect(await client.settings.get()).toEqual({
      ok: false,
      status: 502,
      error: { code: "Unknown", detail: "HTTP 502" },
    });
  });

  it("sends the Bearer token, the request id and JSON", async () => {
    let seen: Request | undefined;
    const client = createApiClient({
      transport: async (request) => {
        seen = request;
        return new Response(JSON.stringify({ items: [], paging: { page: 1, pageSize: 200, totalCount: 0 } }), {
          status: 200,
        });
      },
      accessToken: "tok",
      requestId: "req-1",
    });
    await client.studies.list("a/b");
    expect(seen!.method).toBe("POST");
    expect(new URL(seen!.url).pathname).toBe("/api/companies/a%2Fb/studies/get");
    expect(seen!.headers.get("authorization")).toBe("Bearer tok");
    expect(seen!.headers.get("x-request-id")).toBe("req-1");
    expect(await seen!.json()).toEqual({ paging: { page: 1, pageSize: 200 } });
  });
});

describe("API client: areas made per client from a shared prototype (ADR 0065)", () => {
  /** A transport that notes the token and request id of each request it carries. */
  const noting =
    (seen: string[]): ApiTransport =>
    async (request) => {
      seen.push(`${request.headers.get("authorization")} ${request.headers.get("x-request-id")}`);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };

  it("sends each client's calls with its own transport, token and request id, whichever client read an area first", async () => {
    const seenA: string[] = [];
    const seenB: string[] = [];
    const a = createApiClient({ transport: noting(seenA), accessToken: "token-a", requestId: "req-a" });
    const b = createApiClient({ transport: noting(seenB), accessToken: "token-b", requestId: "req-b" });
    // Areas of one group (studies, companies) and of another (cpcd), read in turn from both clients.
    await b.studies.get("c", "s");
    await a.studies.get("c", "s");
    await a.companies.get("c");
    await b.cpcd.get({ companyId: "c" }, "criticalProcesses");
    await a.cpcd.get({ companyId: "c" }, "criticalProcesses");
    expect(seenA).toEqual(["Bearer token-a req-a", "Bearer token-a req-a", "Bearer token-a req-a"]);
    expect(seenB).toEqual(["Bearer token-b req-b", "Bearer token-b req-b"]);
  });

  it("keeps an area once made, and lists every area as the client's own once read", () => {
    const client = createApiClient({ transport: answering(200, {}) });
    const first = client.studies;
    expect(client.studies).toBe(first);
    expect(Object.getOwnPropertyNames(client)).toContain("studies");
    expect(Object.getOwnPropertyNames(client)).not.toContain("cpcd");
    expect(createApiClient({ transport: answering(200, {}) }).studies).not.toBe(first);
  });
});
