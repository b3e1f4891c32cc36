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
