import { studyEntryAddresses } from "@server/contracts/calls/shell";
import type { ShellAnswer, ShellPart } from "@server/contracts/shell";
import { DEMO } from "@server/seed/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient, type ApiResult } from "~/lib/api/client.server";
import { createHttpTransport } from "~/lib/api/transport.server";
import { companyAddresses, navAddresses, studyAddresses } from "~/lib/navigation.server";
import { dbKinds } from "../support/db";
import { serveOverHttp, startTestApi, type TestApi } from "../support/service";

const C = DEMO.company.id;
const OTHER = DEMO.ssoCompany.id;
const NO_SUCH_COMPANY = "6560de0000000000000000ff";
const S = DEMO.studies;
const U = DEMO.users;

/**
 * The shell call (ADR 0062): one call answers what the company and study layouts asked in six. Each part must be
 * what the standalone call answers the same caller (its data, or its 403/404 as a refused part), and its permission
 * answers what the batch check answers, in-process and over HTTP (ROLE=web) alike.
 */
describe.each(dbKinds())("the shell call on %s", (kind) => {
  let api: TestApi;
  let served: Awaited<ReturnType<typeof serveOverHttp>>;
  let baseUrl: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    api = await startTestApi(kind);
    for (const [name, user] of Object.entries(U)) tokens[name] = await api.token(user.id);
    served = await serveOverHttp(api);
    baseUrl = served.baseUrl;
  });
  afterAll(async () => {
    await served.close();
    await api.close();
  });

  const direct = (token: string) =>
    createApiClient({
      transport: (request) => api.service.fetch(request),
      invoke: (call, hints) => api.service.invoke(call, hints as Parameters<TestApi["service"]["invoke"]>[1]),
      accessToken: token,
    });
  const overHttp = (token: string) => createApiClient({ transport: createHttpTransport(baseUrl), accessToken: token });

  /** What the layouts ask: the header's addresses of the company, and of the study when one is named. */
  const asked = (companyId: string, studyName: string | null) => [
    companyAddresses(companyId).company,
    ...navAddresses(companyId),
    ...(studyName ? [studyAddresses(companyId, studyName).study, ...navAddresses(companyId, studyName)] : []),
  ];

  /** The shell call in-process and over HTTP: the same answer both ways. */
  async function shell(token: string, companyId: string, studyName: string | null): Promise<ShellAnswer> {
    const input = { studyName, permissions: [...new Set(asked(companyId, studyName))] };
    const inProcess = await direct(token).shell.get(companyId, input);
    const http = await overHttp(token).shell.get(companyId, input);
    expect(http).toEqual(inProcess);
    if (!inProcess.ok) throw new Error(`shell call failed: ${inProcess.status}`);
    return inProcess.data;
  }

  const part = <T>(result: ApiResult<T>): ShellPart<T> =>
    result.ok ? { ok: true, data: result.data } : { ok: false, status: result.status as 403 | 404 };

  /** Every part against the standalone call it replaces, made by the same caller. */
  async function expectSameAsStandalone(token: string, companyId: string, studyName: string | null) {
    const answer = await shell(token, companyId, studyName);
    const client: ApiClient = direct(token);
    const settings = await client.settings.get();
    expect(settings.ok && answer.settings).toEqual(settings.ok && settings.data);
    expect(answer.company).toEqual(part(await client.companies.get(companyId)));
    expect(answer.studies).toEqual(part(await client.studies.list(companyId)));
    expect(answer.study).toEqual(studyName === null ? null : part(await client.studies.get(companyId, studyName)));
    const count = await client.notifications.count(studyName);
    expect(count.ok && answer.notificationCount).toBe(count.ok && count.data.totalRecords);
    const entries = answer.studies.ok
      ? answer.studies.data.items.flatMap((s) => studyEntryAddresses(companyId, s.studyName))
      : [];
    const checked = await client.permissions.check([...asked(companyId, studyName), ...entries]);
    const sorted = (list: ShellAnswer["permissionCheckResults"]) =>
      [...list].sort((a, b) => a.request.url.localeCompare(b.request.url));
    expect(checked.ok).toBe(true);
    expect(sorted(answer.permissionCheckResults)).toEqual(checked.ok && sorted(checked.data.permissionCheckResults));
    return answer;
  }

  it("answers each part as its standalone call, for every user, company and study", async () => {
    const companies = [C, OTHER, NO_SUCH_COMPANY];
    const studies = [null, S.active.name, S.retired.name, S.northwind.name, "NO-SUCH-STUDY"];
    for (const user of ["admin", "manager", "monitor", "noAccess", "sso"]) {
      for (const companyId of companies) {
        for (const studyName of studies) await expectSameAsStandalone(tokens[user]!, companyId, studyName);
      }
    }
  });

  it("gives a caller who may not read the company nothing of it, but their settings", async () => {
    const answer = await shell(tokens.noAccess!, C, S.active.name);
    expect(answer).toMatchObject({
      company: { ok: false, status: 403 },
      studies: { ok: false, status: 403 },
      study: { ok: false, status: 403 },
      settings: { userId: U.noAccess.id, companyId: C },
    });
    expect(JSON.stringify(answer)).not.toContain(DEMO.company.displayName);
    expect(JSON.stringify(answer)).not.toContain(S.active.displayName);
  });

  it("refuses a study the caller may not see, and leaves it out of the list", async () => {
    const answer = await shell(tokens.manager!, C, S.retired.name);
    expect(answer.study).toEqual({ ok: false, status: 403 });
    expect(answer.studies.ok && answer.studies.data.items.map((s) => s.studyName)).toEqual([
      S.active.name,
      S.second.name,
    ]);
    const urls = answer.permissionCheckResults.map((r) => r.request.url);
    for (const address of studyEntryAddresses(C, S.second.name)) expect(urls).toContain(address);
    expect(JSON.stringify(answer)).not.toContain(S.retired.displayName);
  });

  it("crosses no company: another company's id, and another company's study under one's own", async () => {
    const other = await shell(tokens.manager!, OTHER, S.northwind.name);
    expect(other).toMatchObject({
      company: { ok: false, status: 403 },
      studies: { ok: false, status: 403 },
      study: { ok: false, status: 403 },
    });
    expect(JSON.stringify(other)).not.toContain(DEMO.ssoCompany.displayName);
    expect(JSON.stringify(other)).not.toContain(S.northwind.displayName);
    // The administrator may open any study of Demo Pharma, but Northwind's study is not one: not found.
    const mixed = await shell(tokens.admin!, C, S.northwind.name);
    expect(mixed.study).toEqual({ ok: false, status: 404 });
    expect(JSON.stringify(mixed)).not.toContain(S.northwind.displayName);
  });

  it("answers the study, the bell of that study and the entry links of each visible study", async () => {
    const answer = await shell(tokens.admin!, C, S.active.name);
    expect(answer.study).toMatchObject({ ok: true, data: { displayId: S.active.displayId } });
    expect(answer.company).toMatchObject({ ok: true, data: { id: C, displayName: DEMO.company.displayName } });
    expect(answer.notificationCount).toBe(3);
    const allowed = new Map(answer.permissionCheckResults.map((r) => [r.request.url, r.result]));
    expect(allowed.get(studyAddresses(C, S.active.name).study)).toBe("Allow");
    for (const study of [S.active, S.second, S.retired]) {
      for (const address of studyEntryAddresses(C, study.name)) expect(allowed.has(address)).toBe(true);
    }
  });

  it("needs a signed-in caller and a body within its contract", async () => {
    const path = `/api/companies/${C}/shell/get`;
    expect((await api.call("POST", path, { json: { permissions: [] } })).status).toBe(401);
    const bad = await api.call("POST", path, { token: tokens.admin!, json: { permissions: "api/companies" } });
    expect(bad.status).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => `api/companies/${C}/x${i}/get`);
    expect((await api.call("POST", path, { token: tokens.admin!, json: { permissions: tooMany } })).status).toBe(400);
  });
});
