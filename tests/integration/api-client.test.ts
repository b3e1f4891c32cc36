import { DEMO } from "@server/seed/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient } from "~/lib/api/client.server";
import { createHttpTransport } from "~/lib/api/transport.server";
import { dbKinds } from "../support/db";
import { serveOverHttp, startTestApi, type TestApi } from "../support/service";

const C = DEMO.company.id;

/**
 * The same calls through the typed client three ways: in-process without HTTP objects (the API's invoke, as the web
 * app in the same process calls it; docs/decisions/0045), in-process through the API's fetch, and over HTTP to the API
 * served on 127.0.0.1 (as with API_URL, ROLE=web). All must give the same answers.
 */
describe.each(dbKinds())("API client, in-process and over HTTP, on %s", (kind) => {
  let api: TestApi;
  let served: Awaited<ReturnType<typeof serveOverHttp>>;
  let baseUrl: string;
  let adminToken: string;
  let monitorToken: string;

  beforeAll(async () => {
    api = await startTestApi(kind);
    adminToken = await api.token(DEMO.users.admin.id);
    monitorToken = await api.token(DEMO.users.monitor.id);
    served = await serveOverHttp(api);
    baseUrl = served.baseUrl;
  });
  afterAll(async () => {
    await served.close();
    await api.close();
  });

  const clients = (token: string | null): [string, ApiClient][] => [
    [
      "in-process, direct",
      createApiClient({
        transport: (request) => api.service.fetch(request),
        invoke: (call, hints) => api.service.invoke(call, hints as Parameters<TestApi["service"]["invoke"]>[1]),
        accessToken: token,
      }),
    ],
    ["in-process", createApiClient({ transport: (request) => api.service.fetch(request), accessToken: token })],
    ["http", createApiClient({ transport: createHttpTransport(baseUrl), accessToken: token })],
  ];

  /** The call made each way, one after the other (a change must not race itself); every answer the same. */
  async function bothWays<T>(token: string | null, call: (client: ApiClient) => Promise<T>): Promise<T> {
    const answers: T[] = [];
    for (const [, client] of clients(token)) answers.push(await call(client));
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    return answers[0]!;
  }

  it("reads the settings", async () => {
    const result = await bothWays(null, (client) => client.settings.get());
    expect(result).toMatchObject({ ok: true, status: 200, data: { productName: "RBQM Studio", userId: null } });
  });

  it("reads the settings as a user", async () => {
    const result = await bothWays(adminToken, (client) => client.settings.get());
    expect(result).toMatchObject({ ok: true, data: { userId: DEMO.users.admin.id, companyId: C } });
  });

  it("checks permissions in one batch, sorted and de-duplicated", async () => {
    const urls = [`api/companies/${C}/studies/get`, `api/companies/${C}/get`, `api/companies/${C}/get`];
    const result = await bothWays(monitorToken, (client) => client.permissions.check(urls));
    expect(result).toEqual({
      ok: true,
      status: 200,
      data: {
        permissionCheckResults: [
          { request: { url: `api/companies/${C}/get` }, result: "Allow" },
          { request: { url: `api/companies/${C}/studies/get` }, result: "Allow" },
        ],
      },
    });
  });

  it("reads the company, its users and its studies", async () => {
    expect(await bothWays(adminToken, (client) => client.companies.get(C))).toMatchObject({
      ok: true,
      data: { id: C },
    });
    const users = await bothWays(adminToken, (client) => client.companies.users(C));
    expect(users.ok && users.data.items.length).toBe(6);
    const studies = await bothWays(adminToken, (client) => client.studies.list(C));
    expect(studies).toMatchObject({ ok: true, data: { paging: { page: 1, pageSize: 200, totalCount: 3 } } });
    const page = await bothWays(adminToken, (client) => client.studies.list(C, { page: 2, pageSize: 1 }));
    expect(page).toMatchObject({ ok: true, data: { items: [{ displayId: "DEMO-002" }] } });
    const study = await bothWays(adminToken, (client) => client.studies.get(C, DEMO.studies.active.name));
    expect(study).toMatchObject({ ok: true, data: { displayId: "DEMO-001", isRetired: false } });
  });

  it("encodes path segments, so a value cannot walk to another call", async () => {
    // Encoded slashes stay inside one segment, which the permission engine refuses as malformed.
    const result = await bothWays(adminToken, (client) => client.studies.get(C, "../../v2/settings"));
    expect(result).toMatchObject({ ok: false, status: 403 });
    const spaced = await bothWays(adminToken, (client) => client.studies.get(C, "no such study"));
    expect(spaced).toMatchObject({ ok: false, status: 404 });
  });

  it("turns failures into error codes the same way", async () => {
    const unauthenticated = await bothWays(null, (client) => client.companies.get(C));
    expect(unauthenticated).toEqual({
      ok: false,
      status: 401,
      error: {
        code: "NotAuthenticated",
        detail: "Sign-in is required.",
        additionalData: undefined,
        requestId: undefined,
      },
    });
    const forbidden = await bothWays(monitorToken, (client) => client.companies.get(DEMO.ssoCompany.id));
    expect(forbidden).toMatchObject({ ok: false, status: 403, error: { code: "Forbidden" } });
    const missing = await bothWays(adminToken, (client) => client.studies.get(C, "NOPE"));
    expect(missing).toMatchObject({
      ok: false,
      status: 404,
      error: { code: "NotFound", detail: "The study does not exist." },
    });
  });

  it("streams the company logo and honours If-None-Match", async () => {
    for (const [, client] of clients(null)) {
      const first = await client.documents.companyLogo();
      expect(first.ok).toBe(true);
      if (!first.ok) continue;
      expect(first.data.headers.get("content-type")).toBe("image/svg+xml");
      expect(await first.data.text()).toContain("<svg");
      const second = await client.documents.companyLogo(first.data.headers.get("etag"));
      expect(second).toMatchObject({ ok: true, status: 304 });
    }
  });

  it("counts notifications from form fields, and refuses a body over the call's limit, the same way", async () => {
    const count = await bothWays(adminToken, (client) => client.notifications.count(DEMO.studies.active.name));
    expect(count).toMatchObject({ ok: true, status: 200, data: { totalRecords: expect.any(Number) } });
    // In-process only: over HTTP the server answers before reading the body, which leaves the client's socket unusable.
    const huge = "x".repeat(1024 * 1024 + 1);
    const [direct, viaFetch] = clients(adminToken);
    const tooLarge = await direct![1].sso.oidcDiscover(huge);
    expect(tooLarge).toMatchObject({ ok: false, status: 413, error: { code: "PayloadTooLarge" } });
    expect(await viaFetch![1].sso.oidcDiscover(huge)).toEqual(tooLarge);
  });

  it("writes a change and its audit entry alike, with the path and method of the call", async () => {
    const scope = { companyId: C, studyName: DEMO.studies.active.name };
    const saved: unknown[] = [];
    for (const [way, client] of clients(adminToken)) {
      const list = await client.cpcd.get(scope, "criticalProcesses");
      expect(list.ok).toBe(true);
      if (!list.ok) continue;
      const items = [{ title: `Checked ${way}`, details: "Source data verification" }];
      const result = await client.cpcd.save(scope, "criticalProcesses", items, list.data.version);
      expect(result).toMatchObject({ ok: true, status: 200 });
      const entries = await client.audit.list(C, DEMO.studies.active.name, null);
      expect(entries.ok).toBe(true);
      if (!entries.ok) continue;
      const entry = entries.data[0]!;
      saved.push(entry.entryPoint);
      expect(JSON.stringify(entry)).toContain(`Checked ${way}`);
    }
    expect(saved).toHaveLength(3);
    for (const entryPoint of saved.slice(1)) expect(entryPoint).toEqual(saved[0]);
    expect(saved[0]).toMatchObject({
      httpMethod: "POST",
      apiPath: `/api/companies/${C}/studies/${DEMO.studies.active.name}/criticalProcesses/save`,
    });
  });
});
