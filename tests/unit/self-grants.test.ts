import { defineRoute, selfGrantsOf } from "@server/http/route";
import { describe, expect, it } from "vitest";

const handler = async () => null;

describe("what a route allows anyone about themself", () => {
  it("a self route about a user gives a self grant of its path", () => {
    const routes = [
      defineRoute({
        method: "POST",
        path: "/users/:userId/notifications/get",
        access: "permission",
        self: true,
        handler,
      }),
      defineRoute({ method: "POST", path: "/users/me/notifications/get", access: "permission", self: true, handler }),
      defineRoute({ method: "POST", path: "/users/:userId/delete", access: "permission", handler }),
    ];
    expect(selfGrantsOf(routes)).toEqual([
      { scope: "self", pattern: "api/users/*/notifications/get" },
      { scope: "self", pattern: "api/users/me/notifications/get" },
    ]);
  });

  it("`self` on a call that is not about a user, or not a permission call, stops the start", () => {
    const company = defineRoute({
      method: "POST",
      path: "/companies/:companyId/get",
      access: "permission",
      self: true,
      handler,
    });
    const open = defineRoute({
      method: "POST",
      path: "/users/:userId/x/get",
      access: "authenticated",
      self: true,
      handler,
    });
    expect(() => selfGrantsOf([company])).toThrow(/only a permission call about a user/);
    expect(() => selfGrantsOf([open])).toThrow(/only a permission call about a user/);
  });
});
