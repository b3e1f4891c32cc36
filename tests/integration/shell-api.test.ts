import { DEMO } from "@server/seed/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

const C = DEMO.company.id;
const S = DEMO.studies;
const U = DEMO.users;

/** The calls behind the application shell (000 §7): study list, notifications count, profile picture. */
describe.each(dbKinds())("shell calls on %s", (kind) => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await startTestApi(kind);
    for (const [name, user] of Object.entries(U)) tokens[name] = await api.token(user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const multipart = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return body;
  };

  describe("POST /api/companies/{companyId}/studies/get", () => {
    const names = async (token: string) => {
      const response = await api.call("POST", `/api/companies/${C}/studies/get`, { token });
      expect(response.status).toBe(200);
      const list = (await response.json()) as { items: { studyName: string }[]; paging: { totalCount: number } };
      return { names: list.items.map((s) => s.studyName), total: list.paging.totalCount };
    };

    it("lists only the studies the caller may open, and counts only those", async () => {
      expect(await names(tokens.admin!)).toEqual({ names: [S.active.name, S.second.name, S.retired.name], total: 3 });
      expect(await names(tokens.manager!)).toEqual({ names: [S.active.name, S.second.name], total: 2 });
      expect(await names(tokens.monitor!)).toEqual({ names: [S.active.name, S.second.name, S.retired.name], total: 3 });
    });

    it("pages after filtering", async () => {
      const response = await api.call("POST", `/api/companies/${C}/studies/get`, {
        token: tokens.manager!,
        json: { paging: { page: 2, pageSize: 1 } },
      });
      expect(await response.json()).toMatchObject({
        items: [{ studyName: S.second.name }],
        paging: { page: 2, pageSize: 1, totalCount: 2 },
      });
    });

    it("refuses a user without the list permission", async () => {
      expect((await api.call("POST", `/api/companies/${C}/studies/get`, { token: tokens.noAccess! })).status).toBe(403);
    });
  });

  describe("POST /api/users/me/notifications/get", () => {
    const count = async (token: string, fields?: Record<string, string>) => {
      const response = await api.call("POST", "/api/users/me/notifications/get", {
        token,
        body: fields ? multipart(fields) : undefined,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { totalRecords: number }).totalRecords;
    };

    it("counts the caller's unread notifications, all or for one study (multipart studyName)", async () => {
      expect(await count(tokens.admin!)).toBe(5);
      expect(await count(tokens.admin!, { studyName: S.active.name })).toBe(3);
      expect(await count(tokens.admin!, { studyName: S.second.name })).toBe(1);
      expect(await count(tokens.manager!)).toBe(121);
      expect(await count(tokens.manager!, { studyName: S.active.name })).toBe(120);
      expect(await count(tokens.monitor!)).toBe(0);
      expect(await count(tokens.noAccess!, { studyName: "NO-SUCH-STUDY" })).toBe(0);
    });

    it("needs a signed-in caller", async () => {
      expect((await api.call("POST", "/api/users/me/notifications/get", {})).status).toBe(401);
    });

    it("lets a user read another user's count only with the permission", async () => {
      const other = `/api/users/${U.manager.id}/notifications/get`;
      expect((await api.call("POST", other, { token: tokens.monitor! })).status).toBe(403);
      const own = await api.call("POST", `/api/users/${U.monitor.id}/notifications/get`, { token: tokens.monitor! });
      expect(await own.json()).toEqual({ totalRecords: 0 });
      // The administrator holds api/** in the home company.
      expect(await (await api.call("POST", other, { token: tokens.admin! })).json()).toEqual({ totalRecords: 121 });
    });

    it("refuses a study name that is not a name", async () => {
      const response = await api.call("POST", "/api/users/me/notifications/get", {
        token: tokens.admin!,
        body: multipart({ studyName: "x".repeat(201) }),
      });
      expect(response.status).toBe(400);
    });
  });

  describe("POST /api/users/{id}/profilePicture/get", () => {
    it("answers the caller's own picture as a PNG with safety headers", async () => {
      const response = await api.call("POST", `/api/users/${U.admin.id}/profilePicture/get`, { token: tokens.admin! });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    });

    it("answers 404 for a user without a picture, 403 for another user's without permission, 401 signed out", async () => {
      expect(
        (await api.call("POST", `/api/users/${U.monitor.id}/profilePicture/get`, { token: tokens.monitor! })).status,
      ).toBe(404);
      expect(
        (await api.call("POST", `/api/users/${U.admin.id}/profilePicture/get`, { token: tokens.monitor! })).status,
      ).toBe(403);
      expect((await api.call("POST", `/api/users/${U.admin.id}/profilePicture/get`, {})).status).toBe(401);
    });
  });
});
