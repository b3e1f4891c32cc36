import { DEMO } from "@server/seed/demo";
import { apiRoutes } from "@server/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 9: a company administrator's `api/**` grant must reach only users who belong to that company. Every API call
 * about a user (`/users/:userId/…`) is tried, from the route table, for a user of the caller's company and for one of
 * another company; the permission check call must answer as the call itself does.
 */
const userScoped = apiRoutes.filter((route) => route.path.startsWith("/users/:userId/"));

describe.each(dbKinds())("calls about a user stay within the company on %s", (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    admin = await api.token(DEMO.users.admin.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const check = async (address: string) => {
    const response = await api.call("POST", "/api/auth/permissions/check", {
      token: admin,
      json: { permissions: [{ url: address }] },
    });
    return ((await response.json()) as { permissionCheckResults: { result: string }[] }).permissionCheckResults[0]!
      .result;
  };

  it("knows the calls about a user", () => {
    expect(userScoped.map((route) => route.path).sort()).toEqual([
      "/users/:userId/notifications/get",
      "/users/:userId/profilePicture/get",
    ]);
  });

  it.each(userScoped.map((route) => [route.path, route] as const))(
    "%s: another company's user is refused, one's own company's is not",
    async (path) => {
      const foreign = path.replace(":userId", DEMO.users.sso.id);
      const own = path.replace(":userId", DEMO.users.manager.id);
      const foreignAnswer = await api.call("POST", `/api${foreign}`, { token: admin });
      expect(foreignAnswer.status).toBe(403);
      expect(await check(`api${foreign}`)).toBe("Deny");
      const ownAnswer = await api.call("POST", `/api${own}`, { token: admin });
      expect(ownAnswer.status).not.toBe(403);
      expect(await check(`api${own}`)).toBe("Allow");
    },
  );

  it("a user unknown to the company is refused too (403), never told apart from others", async () => {
    const response = await api.call("POST", "/api/users/6560de0000000000000009ff/profilePicture/get", { token: admin });
    expect(response.status).toBe(403);
  });
});
